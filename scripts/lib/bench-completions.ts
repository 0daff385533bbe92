import type { SqlEntityManager } from "@mikro-orm/knex";
import { Membership, User } from "#server/entities.js";
import { sortNameOf } from "#server/modules/organizations/organization.entity.js";
import { recountCourseProgress } from "#server/modules/progress/course-progress.js";
import type { Config } from "#server/platform/http/config.js";
import { registerUser } from "./bench-app.js";

/**
 * Takes these users' completions away before a lessons/complete measurement, so that each request writes a
 * new row, and recounts the courses they were in: the progress rows and the totals orgs/stats sums stay
 * what the completions say (decisions 0172, 0210), as they must for the figures measured after.
 */
export async function forgetCompletionsOf(
  scope: { em: SqlEntityManager; config: Pick<Config, "databaseUrl"> },
  userIds: readonly number[],
): Promise<void> {
  if (userIds.length === 0) return;
  const list = userIds.map(() => "?").join(", ");
  const courses = await scope.em.execute<{ course_id: unknown }[]>(
    `select distinct course_id from course_progress where user_id in (${list})`,
    [...userIds],
  );
  await scope.em.execute(`delete from completions where user_id in (${list})`, [...userIds]);
  await recountCourseProgress(
    scope,
    courses.map((row) => Number(row.course_id)),
  );
}

/**
 * Learners of the organization, signed in, who complete lessons under load: one user has only as many new
 * completions as the organization has published lessons (555 in the bench's 50 courses), fewer than a 5-second run sends, and
 * a completion sent twice is answered without a write. With `count` users, request i completes lesson
 * i mod lessons as user ⌊i / lessons⌋ (scripts/lib/load-child.ts), so every request writes a new row.
 */
export async function signInCompleters(
  base: string,
  em: SqlEntityManager,
  organizationId: number,
  count: number,
): Promise<{ cookies: string[]; userIds: number[] }> {
  const cookies: string[] = [];
  const userIds: number[] = [];
  for (let i = 0; i < count; i++) {
    const email = `completer${i}@bench.example`;
    const name = `Completer ${i}`;
    cookies.push(await registerUser(base, { name, email, password: "bench-password" }));
    const [user] = await em.execute<{ id: number }[]>("select id from users where email_key = ?", [email]);
    const userId = Number(user?.id);
    userIds.push(userId);
    await em.insertMany(Membership, [
      {
        organization: organizationId,
        user: userId,
        role: "learner",
        sortName: sortNameOf(name),
        createdAt: new Date(),
      },
    ]);
    await em.nativeUpdate(User, { id: userId }, { currentOrganization: organizationId }, { filters: false });
  }
  return { cookies, userIds };
}

/**
 * How many completions the completers hold after a round: every request of the round wrote one if it equals
 * the requests sent (the last round's, as each round starts without them).
 */
export async function newCompletionsLine(em: SqlEntityManager, userIds: readonly number[]): Promise<string> {
  if (userIds.length === 0) return "";
  const [row] = await em.execute<{ n: unknown }[]>(
    `select count(*) as n from completions where user_id in (${userIds.map(() => "?").join(", ")})`,
    [...userIds],
  );
  return `  new completions written in the last round: ${Number(row?.n ?? 0)}`;
}
