import type { SqlEntityManager } from "@mikro-orm/knex";
import { inScope } from "#server/platform/db/rows.js";
import type { Config } from "#server/platform/http/config.js";
import { dialectOf } from "../../../mikro-orm.config.js";
import { recountAllTotals, recountCourseTotals, totalCountFrom } from "./course-completion-totals.js";

/**
 * The progress table (decision 0172): per user and course, how many of the course's current lessons the
 * user completed and when the latest. It is derived from completions, lessons and modules, and kept in the
 * same transaction as every change to them:
 * - a completion is written only by `recordCompletion` (server/modules/progress/completions.ts), which counts it here;
 * - completions go only with their lesson (lesson, module, course or organization deleted) or by a
 *   material sign-off change (server/modules/signoff/signoffs.ts); each of those paths recounts the course here, or the
 *   foreign keys take the course's rows with it;
 * - a lesson moves only between modules of its own course (lessons/reorder), which changes no count;
 *   members leaving keep their completions (decision 0120), and a duplicated course starts without any.
 */

const COUNT_COLUMNS = "organization_id, user_id, course_id, completed_lessons, last_completed_at";

/** The rows of the completions `where` keeps, counted afresh (the migration's backfill is this, unfiltered). */
const recountStatement = (where: string) =>
  `insert into course_progress (${COUNT_COLUMNS})
   select c.organization_id, c.user_id, m.course_id, count(*), max(c.completed_at)
   from completions c join lessons l on l.id = c.lesson_id join modules m on m.id = l.module_id
   ${where}
   group by c.organization_id, c.user_id, m.course_id`;

/**
 * Counts the completion that `completion` (rows of completions' columns, as `c`) holds in its course's
 * progress row: the table itself, filtered to the one just inserted, or (on PostgreSQL) what the INSERT
 * returned, in the same statement (server/modules/progress/completions.ts).
 */
export const progressCountFrom = (completion: string) => `insert into course_progress (${COUNT_COLUMNS})
  select c.organization_id, c.user_id, m.course_id, 1, c.completed_at
  from ${completion} join lessons l on l.id = c.lesson_id join modules m on m.id = l.module_id
  on conflict (course_id, user_id) do update set
    completed_lessons = course_progress.completed_lessons + 1,
    last_completed_at = case when excluded.last_completed_at > course_progress.last_completed_at
      then excluded.last_completed_at else course_progress.last_completed_at end`;

/**
 * The completion just inserted, by its key in the request's organization (SQLite's planner reads it by
 * the unique index).
 */
export const COMPLETION_BY_KEY = `(select * from completions where ${inScope()} and user_id = ? and lesson_id = ?) c`;
const COUNT_IN_PROGRESS = progressCountFrom(COMPLETION_BY_KEY);
const COUNT_IN_TOTAL = totalCountFrom(COMPLETION_BY_KEY);

/** A completion as its counts name it, in the request's organization. */
export interface CountedCompletion {
  userId: number;
  lessonId: number;
}

/**
 * The statements that count the completion just inserted: its course's progress row, then its course's
 * total (server/modules/progress/course-completion-totals.ts). Run once per inserted completion (an ignored duplicate is not
 * counted), in the request's scope (server/platform/db/rows.ts). An increment, not a recount: two completions of the same user and course committing at once
 * on PostgreSQL each add theirs, where a recount would see only its own.
 */
export function completionCountStatements(completion: CountedCompletion): [string, unknown[]][] {
  const key = [completion.userId, completion.lessonId];
  return [
    [COUNT_IN_PROGRESS, key],
    [COUNT_IN_TOTAL, key],
  ];
}

/**
 * Counts these courses' rows again from their completions, after lessons or completions of them were
 * deleted. On PostgreSQL the courses' lessons are locked first: a completion being recorded holds its
 * lesson's key-share lock until it commits, so the recount waits for every completion in flight and the
 * next ones wait for it; without that, a completion committing meanwhile would be counted by neither.
 * SQLite runs one writer at a time anyway.
 */
export async function recountCourseProgress(
  scope: { em: SqlEntityManager; config: Pick<Config, "databaseUrl"> },
  courseIds: readonly number[],
): Promise<void> {
  if (courseIds.length === 0) return;
  const list = courseIds.map(() => "?").join(", ");
  if (dialectOf(scope.config) === "postgresql") {
    await scope.em.execute(
      `select l.id from lessons l join modules m on m.id = l.module_id where m.course_id in (${list}) for update of l`,
      [...courseIds],
    );
  }
  await scope.em.execute(`delete from course_progress where course_id in (${list})`, [...courseIds]);
  await scope.em.execute(recountStatement(`where m.course_id in (${list})`), [...courseIds]);
  await recountCourseTotals(scope.em, courseIds);
}

/** recountCourseProgress for the course of this lesson (which still exists). */
export async function recountLessonCourseProgress(
  scope: { em: SqlEntityManager; config: Pick<Config, "databaseUrl"> },
  lessonId: number,
): Promise<void> {
  const rows = await scope.em.execute<{ course_id: number }[]>(
    "select m.course_id from lessons l join modules m on m.id = l.module_id where l.id = ?",
    [lessonId],
  );
  await recountCourseProgress(
    scope,
    rows.map((row) => Number(row.course_id)),
  );
}

/**
 * Counts every row again from all completions: for scripts that insert completions in bulk without
 * `recordCompletion` (the bench's seeds).
 */
export async function recountAllProgress(em: SqlEntityManager): Promise<void> {
  await em.execute("delete from course_progress");
  await em.execute(recountStatement(""));
  await recountAllTotals(em);
}
