import type { EntityManager } from "@mikro-orm/core";
import {
  type MembershipRecord,
  membershipRecordOf,
  membershipRecordsOf,
  type User,
} from "#server/modules/identity/index.js";
import { lockRowsForUpdate } from "#server/platform/db/sql-dialect.js";
import type { Config } from "#server/platform/http/config.js";
import { fail } from "#server/platform/http/errors.js";
import { ID_MAX } from "#shared/constants.js";
import { ORG_MESSAGES } from "#shared/schemas/orgs.js";
import { Membership } from "./organization.entity.js";

/**
 * The one way to read who belongs where. A membership is read as a plain record with its organization
 * (decision 0205); a write that changes or removes it takes its entity from managedMembership, or from
 * membershipToChange when the change needs the member's own name. One that does not exist reads the same
 * for strangers and for unknown organizations.
 */

/** Which organization: by id, or by the slug of its URL. */
export type OrganizationKey = number | { slug: string };

/** The user's membership of the organization, or null. */
export async function findMembership(
  em: EntityManager,
  user: Pick<User, "id"> | number,
  organization: OrganizationKey,
): Promise<MembershipRecord | null> {
  // A larger id names no organization, and PostgreSQL would refuse it as an integer parameter.
  if (typeof organization === "number" && organization > ID_MAX) return null;
  return membershipRecordOf(em, typeof user === "number" ? user : user.id, organization);
}

/** The caller's membership of the organization, or "no access" (404) for strangers and unknown ids alike. */
export async function membershipOf(
  em: EntityManager,
  user: Pick<User, "id">,
  organizationId: number,
): Promise<MembershipRecord> {
  const membership = await findMembership(em, user, organizationId);
  if (!membership) throw fail.notFound(ORG_MESSAGES.noAccess);
  return membership;
}

/**
 * Another member's membership as an entity with its user and organization, for a change an admin makes to
 * it (role, tags, removal) that also names the member, or null.
 */
export function membershipToChange(
  em: EntityManager,
  userId: number,
  organizationId: number,
): Promise<Membership | null> {
  return em.findOne(Membership, { user: userId, organization: organizationId }, { populate: ["organization", "user"] });
}

/** Every organization the user belongs to, by name. */
export function membershipsOf(em: EntityManager, user: Pick<User, "id">): Promise<MembershipRecord[]> {
  return membershipRecordsOf(em, user.id);
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
