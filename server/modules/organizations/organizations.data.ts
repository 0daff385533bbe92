import type { EntityManager } from "@mikro-orm/core";
import { inScope, readRow } from "#server/platform/db/rows.js";
import { countFromRow } from "#server/platform/db/sql-dialect.js";

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
export async function organizationCounts(
  em: EntityManager,
): Promise<{ memberCount: number; courseCount: number; lessonCount: number; totalCompletions: number }> {
  const row = await readRow<Record<"members" | "courses" | "lessons" | "completions", unknown>>(em, COUNTS);
  return {
    memberCount: countFromRow(row?.members),
    courseCount: countFromRow(row?.courses),
    lessonCount: countFromRow(row?.lessons),
    totalCompletions: countFromRow(row?.completions),
  };
}
