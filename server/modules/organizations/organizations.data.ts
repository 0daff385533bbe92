import type { EntityManager } from "@mikro-orm/core";
import { readRow } from "#server/platform/db/rows.js";
import { countFromRow } from "#server/platform/db/sql-dialect.js";

/**
 * The settings page's numbers (orgs/stats) in one statement, each read from an index alone: three counts,
 * and the completions summed from their per-course totals (decision 0210), which the largest organization
 * keeps in a few thousand rows where its completions are 600,000.
 */
export async function organizationCounts(
  em: EntityManager,
  organizationId: number,
): Promise<{ memberCount: number; courseCount: number; lessonCount: number; totalCompletions: number }> {
  const row = await readRow<Record<"members" | "courses" | "lessons" | "completions", unknown>>(
    em,
    `select
       (select count(*) from memberships where organization_id = ?) as members,
       (select count(*) from courses where organization_id = ? and status = 'published') as courses,
       (select count(*) from lessons where organization_id = ?) as lessons,
       (select coalesce(sum(completions), 0) from course_completion_totals where organization_id = ?) as completions`,
    [organizationId, organizationId, organizationId, organizationId],
  );
  return {
    memberCount: countFromRow(row?.members),
    courseCount: countFromRow(row?.courses),
    lessonCount: countFromRow(row?.lessons),
    totalCompletions: countFromRow(row?.completions),
  };
}
