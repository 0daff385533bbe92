import type { EntityManager } from "@mikro-orm/core";
import { ORG_MESSAGES } from "#shared/schemas/orgs.js";
import type { Config } from "./config.js";
import { Membership, type User } from "./entities/index.js";
import { fail } from "./errors.js";
import { lockRowsForUpdate } from "./sql-dialect.js";

/**
 * The one way to read who belongs where. A membership always comes with its organization loaded; one
 * that does not exist reads the same for strangers and for unknown organizations.
 */

/** Which organization: by id, or by the slug of its URL. */
export type OrganizationKey = number | { slug: string };

/** The user's membership of the organization, or null. */
export function findMembership(
  em: EntityManager,
  user: Pick<User, "id"> | number,
  organization: OrganizationKey,
): Promise<Membership | null> {
  const userId = typeof user === "number" ? user : user.id;
  return em.findOne(
    Membership,
    { user: userId, organization: typeof organization === "number" ? organization : { slug: organization.slug } },
    { populate: ["organization", "user"] },
  );
}

/** The caller's membership of the organization, or "no access" (404) for strangers and unknown ids alike. */
export async function membershipOf(
  em: EntityManager,
  user: Pick<User, "id">,
  organizationId: number,
): Promise<Membership> {
  const membership = await findMembership(em, user, organizationId);
  if (!membership) throw fail.notFound(ORG_MESSAGES.noAccess);
  return membership;
}

/** Every organization the user belongs to, by name. */
export function membershipsOf(em: EntityManager, user: Pick<User, "id">): Promise<Membership[]> {
  return em.find(
    Membership,
    { user: user.id },
    { populate: ["organization"], orderBy: { organization: { name: "asc" } } },
  );
}

/** Whether someone with this e-mail key (emailKeyOf) is a member of the organization. */
export async function hasMemberWithEmail(
  em: EntityManager,
  organizationId: number,
  emailKey: string,
): Promise<boolean> {
  return (await em.count(Membership, { organization: organizationId, user: { emailKey } })) > 0;
}

/** Whether the user belongs to any organization at all. */
export async function belongsToAnyOrganization(em: EntityManager, user: Pick<User, "id">): Promise<boolean> {
  return (await em.count(Membership, { user: user.id })) > 0;
}

/**
 * The organization's admins, read again and (on PostgreSQL) locked in id order, for a change that must
 * leave one admin: two admins stepping down or removing each other at once would each count two and
 * leave none. With the rows locked the second caller waits, then sees what the first one wrote (and two
 * callers locking in the same order cannot deadlock). SQLite runs one writer at a time anyway.
 */
export function lockedAdmins(em: EntityManager, config: Config, organizationId: number): Promise<Membership[]> {
  return em.find(
    Membership,
    { organization: organizationId, role: "admin" },
    { ...lockRowsForUpdate(config), refresh: true, orderBy: { id: "asc" } },
  );
}
