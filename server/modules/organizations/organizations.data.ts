import { type EntityManager, raw, UniqueConstraintViolationException } from "@mikro-orm/core";
import type { SqlEntityManager } from "@mikro-orm/knex";
import { type MembershipRecord, managedUser, type SignedInUser, type User } from "#server/modules/identity/index.js";
import { recordTrainingEvent } from "#server/platform/api/training-events.js";
import { inScope, readRow } from "#server/platform/db/rows.js";
import { countFromRow } from "#server/platform/db/sql-dialect.js";
import { fail } from "#server/platform/http/errors.js";
import type { Language } from "#shared/i18n/languages.js";
import { type CreateOrgInput, ORG_MESSAGES } from "#shared/schemas/orgs.js";
import { managedOrganization } from "./managed-entities.js";
import { findMembership, membershipOf } from "./membership.js";
import { Membership, Organization, sortNameOf } from "./organization.entity.js";
import { assertSlugUnchanged, isSlugUsable, slugKeyOf } from "./organizations.rules.js";
import type { OrganizationStatsView } from "./orgs.presenter.js";

const COUNTS = `select
    (select count(*) from memberships where ${inScope()}) as members,
    (select count(*) from courses where ${inScope()} and status = 'published') as courses,
    (select count(*) from lessons where ${inScope()}) as lessons,
    (select coalesce(sum(completions), 0) from course_completion_totals where ${inScope()}) as completions`;

/**
 * The settings page's numbers (orgs/stats) in one statement, each read from an index alone: three counts,
 * and the completions summed from their per-course totals (decision 0210), which the largest organization
 * keeps in a few thousand rows where its completions are 600,000.
 */
export async function organizationCounts(em: EntityManager): Promise<OrganizationStatsView> {
  const row = await readRow<Record<"members" | "courses" | "lessons" | "completions", unknown>>(em, COUNTS);
  return {
    memberCount: countFromRow(row?.members),
    courseCount: countFromRow(row?.courses),
    lessonCount: countFromRow(row?.lessons),
    totalCompletions: countFromRow(row?.completions),
  };
}

/** A membership (organization populated) with its organization's member count. */
export interface CountedMembership {
  membership: MembershipRecord;
  memberCount: number;
}

/** The member counts of the caller's memberships' organizations, in one query. */
export async function withMemberCounts(
  em: SqlEntityManager,
  memberships: readonly MembershipRecord[],
): Promise<CountedMembership[]> {
  if (memberships.length === 0) return [];
  const rows = await em
    .createQueryBuilder(Membership, "m")
    .select([raw("m.organization_id as organization_id"), raw("count(m.id) as member_count")])
    .where({ organization: { $in: memberships.map((membership) => membership.organization.id) } })
    .groupBy("m.organization")
    .execute<{ organization_id: number; member_count: number | string }[]>("all", false);
  const counts = new Map(rows.map((row) => [Number(row.organization_id), Number(row.member_count)]));
  return memberships.map((membership) => ({ membership, memberCount: counts.get(membership.organization.id) ?? 0 }));
}

/** withMemberCounts of one membership. */
export async function withMemberCount(em: SqlEntityManager, membership: MembershipRecord): Promise<CountedMembership> {
  const [counted] = await withMemberCounts(em, [membership]);
  return counted ?? { membership, memberCount: 0 };
}

/** Whether a new organization may take this slug: a usable one (organizations.rules.ts) no organization has. */
export async function isSlugAvailable(em: EntityManager, slug: string): Promise<boolean> {
  if (!isSlugUsable(slug)) return false;
  return (await em.count(Organization, { slug: slugKeyOf(slug) })) === 0;
}

/** orgs/switch: the organization becomes the person's current one; their account, to answer with. */
export async function switchOrganization(
  em: EntityManager,
  signedIn: SignedInUser,
  organizationId: number,
): Promise<User> {
  const membership = await membershipOf(em, signedIn, organizationId);
  const user = managedUser(em, signedIn);
  user.currentOrganization = managedOrganization(em, membership.organization);
  return user;
}

/** orgs/create: the organization with its creator as its admin, made their current one. */
export async function createOrganization(
  em: SqlEntityManager,
  signedIn: SignedInUser,
  input: CreateOrgInput,
): Promise<MembershipRecord> {
  if (!(await isSlugAvailable(em, input.slug))) throw fail.conflict(ORG_MESSAGES.slugTaken);
  const organization = em.create(Organization, { name: input.name, slug: input.slug });
  const user = managedUser(em, signedIn);
  const membership = em.create(Membership, { organization, user, role: "admin", sortName: sortNameOf(signedIn.name) });
  user.currentOrganization = organization;
  try {
    await em.flush();
  } catch (error) {
    // Two people taking one free slug at once both pass the check above; the unique index decides,
    // and the one who lost hears why rather than a generic "already exists".
    if (error instanceof UniqueConstraintViolationException) throw fail.conflict(ORG_MESSAGES.slugTaken);
    throw error;
  }
  await recordTrainingEvent(
    { em },
    {
      organizationId: organization.id,
      kind: "member.joined",
      occurredAt: membership.createdAt,
      actorId: signedIn.id,
      subjectUserId: signedIn.id,
      facts: { role: "admin", by: "creating the organization" },
    },
  );
  return membership;
}

/** orgs/validate-slug: the caller's membership of the organization of that slug; strangers learn nothing. */
export async function membershipBySlug(em: EntityManager, user: SignedInUser, slug: string): Promise<MembershipRecord> {
  const membership = await findMembership(em, user, { slug: slug.toLowerCase() });
  // An organization they are not in reads as one that does not exist.
  if (!membership) throw fail.notFound(`Organization "${slug}" could not be found.`);
  return membership;
}

/** orgs/update: a new name; the slug may be named only as it is. The membership, to answer with. */
export function renameOrganization(
  em: EntityManager,
  membership: MembershipRecord,
  input: { name?: string; slug?: string },
): MembershipRecord {
  assertSlugUnchanged(membership.organization.slug, input.slug);
  const organization = managedOrganization(em, membership.organization);
  if (input.name !== undefined) organization.name = input.name;
  return { ...membership, organization };
}

/** orgs/delete: the database cascades to every row of the organization and clears it as anyone's current one. */
export async function deleteOrganization(em: EntityManager, organization: { id: number; name: string }) {
  await em.nativeDelete(Organization, { id: organization.id });
  em.clear();
  return { message: `Organization "${organization.name}" deleted.` };
}

/** orgs/language: the default language of members who chose none and whose browser asks for none offered. */
export async function setDefaultLanguage(em: EntityManager, membership: MembershipRecord, language: Language) {
  const organization = managedOrganization(em, membership.organization);
  organization.defaultLanguage = language;
  await em.flush();
  return { defaultLanguage: organization.defaultLanguage };
}
