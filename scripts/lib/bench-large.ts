/**
 * The large database of issue 19 (`BENCH_SEED=large`): the bench's organizations plus as many more as
 * make 1,000 organizations, 100,000 users, 20,000 courses (1 module, 3 lessons each) and 2,000,000
 * completions in all, written with a few set-based INSERT … SELECT statements (SQLite and PostgreSQL
 * alike), so the hot paths can be measured with a large database around the bench's organization.
 */
import type { SqlEntityManager } from "@mikro-orm/knex";
import { recountAllProgress } from "#server/course-progress.js";
import { numbers } from "../bench-search.js";

export const LARGE_TARGETS = { organizations: 1_000, users: 100_000, courses: 20_000, completions: 2_000_000 };

async function countOf(em: SqlEntityManager, table: string): Promise<number> {
  const [row] = await em.execute<{ n: unknown }[]>(`select count(*) as n from ${table}`);
  return Number(row?.n ?? 0);
}

export async function seedLargeDatabase(
  em: SqlEntityManager,
  targets: typeof LARGE_TARGETS = LARGE_TARGETS,
): Promise<Record<string, number>> {
  const [sample] = await em.execute<{ created_at: unknown }[]>(
    "select min(created_at) as created_at from organizations",
  );
  const createdAt = sample?.created_at;
  const newOrganizations = targets.organizations - (await countOf(em, "organizations"));
  if (newOrganizations > 0) {
    await em.execute(
      `${numbers(newOrganizations)} insert into organizations (name, slug, created_at)
       select 'Large bench ' || i, 'large-bench-' || i, ? from numbers`,
      [createdAt],
    );
  }
  // Organization k of the new ones, to spread users and courses over them.
  const orgs =
    "(select id, row_number() over (order by id) - 1 as k from organizations where slug like 'large-bench-%')";
  const orgCount = Math.max(newOrganizations, 1);
  const newUsers = targets.users - (await countOf(em, "users"));
  if (newUsers > 0) {
    await em.execute(
      `${numbers(newUsers)} insert into users (name, email, email_key, password_hash, current_org_id, created_at)
       select 'Large member ' || i, 'large' || i || '@bench.example', 'large' || i || '@bench.example',
         'not-a-password', null, ? from numbers`,
      [createdAt],
    );
    await em.execute(
      `insert into memberships (organization_id, user_id, role, created_at, display_name)
       select o.id, u.id, 'learner', ?, null
       from users u join ${orgs} o on o.k = u.id % ${orgCount}
       where u.email_key like 'large%@bench.example'`,
      [createdAt],
    );
  }
  const newCourses = targets.courses - (await countOf(em, "courses"));
  if (newCourses > 0) {
    const [before] = await em.execute<{ courses: unknown; modules: unknown }[]>(
      "select (select coalesce(max(id), 0) from courses) as courses, (select coalesce(max(id), 0) from modules) as modules",
    );
    await em.execute(
      `${numbers(newCourses)} insert into courses (organization_id, title, description, status, created_at, updated_at)
       select o.id, 'Large course ' || n.i, 'A course of the large bench.', 'published', ?, ?
       from numbers n join ${orgs} o on o.k = n.i % ${orgCount}`,
      [createdAt, createdAt],
    );
    await em.execute(
      `insert into modules (organization_id, course_id, title, description, order_index)
       select organization_id, id, 'Module 1', null, 0 from courses where id > ?`,
      [Number(before?.courses ?? 0)],
    );
    await em.execute(
      `${numbers(3)} insert into lessons (organization_id, module_id, title, content, video_url, order_index)
       select m.organization_id, m.id, 'Lesson ' || n.i, '<p>Read this.</p>', null, n.i
       from modules m cross join numbers n where m.id > ?`,
      [Number(before?.modules ?? 0)],
    );
  }
  const newCompletions = targets.completions - (await countOf(em, "completions"));
  if (newCompletions > 0) {
    // Each large member's (member, lesson) pairs of their organization, every n-th of them for the total.
    const [pairs] = await em.execute<{ n: unknown }[]>(
      `select count(*) as n from memberships ms join lessons l on l.organization_id = ms.organization_id
       join organizations o on o.id = ms.organization_id where o.slug like 'large-bench-%'`,
    );
    const step = Math.max(1, Math.floor(Number(pairs?.n ?? 0) / newCompletions));
    await em.execute(
      `insert into completions (organization_id, user_id, lesson_id, completed_at)
       select ms.organization_id, ms.user_id, l.id, ? from memberships ms
       join lessons l on l.organization_id = ms.organization_id
       join organizations o on o.id = ms.organization_id
       where o.slug like 'large-bench-%' and (ms.user_id + l.id) % ${step} = 0`,
      [createdAt],
    );
    await recountAllProgress(em);
  }
  const counts: Record<string, number> = {};
  for (const table of ["organizations", "users", "courses", "lessons", "completions"]) {
    counts[table] = await countOf(em, table);
  }
  return counts;
}
