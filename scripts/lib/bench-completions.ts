import type { SqlEntityManager } from "@mikro-orm/knex";
import type { Config } from "#server/config.js";
import { recountCourseProgress } from "#server/course-progress.js";

/**
 * Takes one user's completions away before a lessons/complete measurement, so that each request writes a
 * new row, and recounts the courses they were in: the progress rows and the totals orgs/stats sums stay
 * what the completions say (decisions 0172, 0210), as they must for the figures measured after.
 */
export async function forgetCompletionsOf(
  scope: { em: SqlEntityManager; config: Pick<Config, "databaseUrl"> },
  userId: number,
): Promise<void> {
  const courses = await scope.em.execute<{ course_id: unknown }[]>(
    "select distinct course_id from course_progress where user_id = ?",
    [userId],
  );
  await scope.em.execute("delete from completions where user_id = ?", [userId]);
  await recountCourseProgress(
    scope,
    courses.map((row) => Number(row.course_id)),
  );
}
