import type { SqlEntityManager } from "@mikro-orm/knex";

/**
 * Completions per course in a few lanes (decision 0210): what orgs/stats sums, so that its answer costs a
 * few hundred index entries for the largest organization instead of counting all its completions. Derived
 * from the progress table (decision 0172) and written by the same paths in the same transactions
 * (server/modules/progress/course-progress.ts calls each of these right after its own write), so it is as exact as that table.
 */

/**
 * A completion adds to the lane of its user. More lanes spread concurrent completions of one course over
 * more rows (each holds its row lock until commit on PostgreSQL), and cost orgs/stats more rows to sum.
 */
const LANES = 8;

/**
 * Adds the completion that `completion` (rows of completions' columns, as `c`) holds to its course's
 * total, in the lane of its user (server/modules/progress/course-progress.ts gives it the row just inserted, or on
 * PostgreSQL what the INSERT returned, in the same statement).
 */
export const totalCountFrom = (completion: string) => `insert into course_completion_totals
  (organization_id, course_id, lane, completions)
  select c.organization_id, m.course_id, c.user_id % ${LANES}, 1
  from ${completion} join lessons l on l.id = c.lesson_id join modules m on m.id = l.module_id
  on conflict (course_id, lane) do update set completions = course_completion_totals.completions + 1`;

/** The totals of the progress rows `where` keeps, summed afresh (the migration's backfill is this, unfiltered). */
const recountTotalsStatement = (where: string) =>
  `insert into course_completion_totals (organization_id, course_id, lane, completions)
   select organization_id, course_id, user_id % ${LANES}, sum(completed_lessons) from course_progress
   ${where}
   group by organization_id, course_id, user_id % ${LANES}`;

/** Sums these courses' totals again, after their progress rows were recounted (under the same locks). */
export async function recountCourseTotals(em: SqlEntityManager, courseIds: readonly number[]): Promise<void> {
  const list = courseIds.map(() => "?").join(", ");
  await em.execute(`delete from course_completion_totals where course_id in (${list})`, [...courseIds]);
  await em.execute(recountTotalsStatement(`where course_id in (${list})`), [...courseIds]);
}

/** Sums every total again: after the progress table was counted afresh (the bench's bulk seeds). */
export async function recountAllTotals(em: SqlEntityManager): Promise<void> {
  await em.execute("delete from course_completion_totals");
  await em.execute(recountTotalsStatement(""));
}
