import { type EntityManager, raw } from "@mikro-orm/core";
import type { SqlEntityManager } from "@mikro-orm/knex";
import type { MembershipRecord } from "#server/modules/identity/index.js";
import { inScope, readRow } from "#server/platform/db/rows.js";
import { countFromRow } from "#server/platform/db/sql-dialect.js";
import { Membership } from "./organization.entity.js";
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
