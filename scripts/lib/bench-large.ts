/**
 * The large database of decision 0126 (`BENCH_SEED=large`): the bench's organizations plus as many more as
 * make 1,000 organizations, 100,000 users, 20,000 courses (1 module, 3 lessons each) and 2,000,000
 * completions in all. One of them is the largest organization: 500 courses and 2,000 tagged members,
 * the bench's admin among them as an admin, so its endpoints can be measured beside a typical one's.
 *
 * Built with set-based INSERT … SELECT statements (no per-row round trip, one password hash for every
 * user) in one transaction; the indexes of the completions and of the two tables counted from them
 * (progress and totals) are dropped before the bulk inserts and built after them from the schema's own
 * definitions (decision 0212), and foreign-key checks are off for the seed only (SQLite's
 * PRAGMA, PostgreSQL's replica role): the rows are consistent by construction. Each step is timed, so
 * the seed's own profile is printed with its figures (decision 0125).
 */
import { performance } from "node:perf_hooks";
import type { SqlEntityManager } from "@mikro-orm/knex";
import { recountAllProgress } from "#server/modules/progress/course-progress.js";
import { bulkTransaction } from "./bulk-transaction.js";

/** The tables that take millions of rows: their indexes are built after the load (decision 0125). */
const BULK_TABLES = ["completions", "course_progress", "course_completion_totals"];

export const LARGE_TARGETS = { organizations: 1_000, users: 100_000, courses: 20_000, completions: 2_000_000 };

/** The largest organization's size: the "500 courses, 2,000 members". */
const LARGEST = { slug: "largest-bench-org", courses: 500, members: 2_000, completionStep: 5 };

export interface LargeSeed {
  counts: Record<string, number>;
  largestOrganizationId: number;
  /** Milliseconds per step, in order: where the seed's time goes. */
  steps: [string, number][];
}

interface SeedContext {
  em: SqlEntityManager;
  postgres: boolean;
  createdAt: unknown;
  steps: [string, number][];
}

/** 0..count-1 as rows named `i`: generate_series on PostgreSQL, a recursive CTE on SQLite. */
export function numbers(count: number, postgres: boolean): string {
  return postgres
    ? `with numbers(i) as (select generate_series(0, ${count - 1}))`
    : `with recursive numbers(i) as (select 0 union all select i + 1 from numbers where i < ${count - 1})`;
}

async function step(context: SeedContext, name: string, sql: string, params: unknown[] = []): Promise<void> {
  const started = performance.now();
  await context.em.execute(sql, params);
  context.steps.push([name, performance.now() - started]);
}

async function countOf(em: SqlEntityManager, table: string): Promise<number> {
  const [row] = await em.execute<{ n: unknown }[]>(`select count(*) as n from ${table}`);
  return Number(row?.n ?? 0);
}

async function idOf(em: SqlEntityManager, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await em.execute<{ id: unknown }[]>(sql, params);
  return Number(row?.id ?? 0);
}

/**
 * The typical organizations' ids, consecutive as one INSERT gives them: users and courses are spread over
 * them by arithmetic on ids, not by a join on a computed key (which PostgreSQL, without statistics on
 * tables filled in the same transaction, ran as a nested loop for minutes).
 */
interface TypicalOrganizations {
  firstId: number;
  count: number;
}

const spreadOver = (typical: TypicalOrganizations, expression: string) =>
  `${typical.firstId} + (${expression}) % ${typical.count}`;

async function seedOrganizationsAndUsers(
  context: SeedContext,
  targets: typeof LARGE_TARGETS,
  passwordHash: string,
  adminUserId: number,
): Promise<{ largestId: number; typical: TypicalOrganizations }> {
  const { em, postgres, createdAt } = context;
  // A parameter in a UNION has no type of its own on PostgreSQL.
  const at = postgres ? "cast(? as timestamptz)" : "?";
  const typicalOrgs = Math.max(targets.organizations - (await countOf(em, "organizations")) - 1, 1);
  await step(
    context,
    "organizations",
    `${numbers(typicalOrgs + 1, postgres)} insert into organizations (name, slug, created_at)
     select case when i = 0 then 'Largest bench org' else 'Large bench ' || i end,
       case when i = 0 then '${LARGEST.slug}' else 'large-bench-' || i end, ? from numbers`,
    [createdAt],
  );
  const largestId = await idOf(em, "select id from organizations where slug = ?", [LARGEST.slug]);
  const [range] = await em.execute<{ first: unknown; last: unknown }[]>(
    "select min(id) as first, max(id) as last from organizations where slug like 'large-bench-%'",
  );
  const typical = { firstId: Number(range?.first), count: typicalOrgs };
  if (Number(range?.last) - typical.firstId + 1 !== typicalOrgs)
    throw new Error("Organization ids are not consecutive");
  const newUsers = Math.max(targets.users - (await countOf(em, "users")), LARGEST.members);
  await step(
    context,
    "users",
    `${numbers(newUsers, postgres)} insert into users (name, email, email_key, password_hash, current_org_id, created_at)
     select 'Large member ' || i, 'large' || i || '@bench.example', 'large' || i || '@bench.example', ?, null, ?
     from numbers`,
    [passwordHash, createdAt],
  );
  const firstUser = await idOf(em, "select min(id) as id from users where email_key like 'large%@bench.example'");
  await step(
    context,
    "memberships",
    `insert into memberships (organization_id, user_id, role, created_at, display_name, sort_name)
     select ${spreadOver(typical, "u.id")}, u.id, 'learner', ${at}, null, lower(u.name) from users u where u.id >= ?
     union all
     select ?, u.id, 'learner', ${at}, null, lower(u.name) from users u where u.id >= ? and u.id < ?
     union all
     select ?, u.id, 'admin', ${at}, null, lower(u.name) from users u where u.id = ?`,
    [
      createdAt,
      firstUser,
      largestId,
      createdAt,
      firstUser,
      firstUser + LARGEST.members,
      largestId,
      createdAt,
      adminUserId,
    ],
  );
  return { largestId, typical };
}

/** The largest organization's 5 departments of 4 roles each; every member and course gets a role. */
async function seedLargestTags(context: SeedContext, largestId: number): Promise<void> {
  const { postgres, createdAt } = context;
  await step(
    context,
    "largest: tags",
    `${numbers(5, postgres)} insert into tags (organization_id, name, type, parent_id, color, created_at)
     select ?, 'Department ' || i, 'department', null, '#FFC1C0', ? from numbers`,
    [largestId, createdAt],
  );
  await step(
    context,
    "largest: role tags",
    `${numbers(4, postgres)} insert into tags (organization_id, name, type, parent_id, color, created_at)
     select d.organization_id, 'Role ' || substr(d.name, 12) || '.' || n.i, 'role', d.id, null, ?
     from tags d cross join numbers n where d.organization_id = ? and d.type = 'department'`,
    [createdAt, largestId],
  );
  const roles = `(select id, row_number() over (order by id) - 1 as k from tags where organization_id = ${largestId} and type = 'role')`;
  await step(
    context,
    "largest: member tags",
    `insert into member_tags (organization_id, membership_id, tag_id, created_at)
     select ms.organization_id, ms.id, r.id, ? from memberships ms join ${roles} r on r.k = ms.id % 20
     where ms.organization_id = ?`,
    [createdAt, largestId],
  );
  await step(
    context,
    "largest: course tags",
    `insert into course_tags (organization_id, course_id, tag_id)
     select c.organization_id, c.id, r.id from courses c join ${roles} r on r.k = c.id % 20
     where c.organization_id = ?`,
    [largestId],
  );
}

async function seedCourses(
  context: SeedContext,
  targets: typeof LARGE_TARGETS,
  largestId: number,
  typical: TypicalOrganizations,
): Promise<void> {
  const { em, postgres, createdAt } = context;
  const newCourses = Math.max(targets.courses - (await countOf(em, "courses")), LARGEST.courses);
  const lastCourse = await idOf(em, "select coalesce(max(id), 0) as id from courses");
  const lastModule = await idOf(em, "select coalesce(max(id), 0) as id from modules");
  await step(
    context,
    "courses",
    `${numbers(newCourses, postgres)} insert into courses (organization_id, title, description, status, created_at, updated_at)
     select case when n.i < ${LARGEST.courses} then ? else ${spreadOver(typical, "n.i")} end, 'Large course ' || n.i,
       'A course of the large bench.', 'published', ?, ?
     from numbers n`,
    [largestId, createdAt, createdAt],
  );
  await step(
    context,
    "modules",
    `insert into modules (organization_id, course_id, title, description, order_index)
     select organization_id, id, 'Module 1', null, 0 from courses where id > ?`,
    [lastCourse],
  );
  await step(
    context,
    "lessons",
    `${numbers(3, postgres)} insert into lessons (organization_id, module_id, title, content, video_url, order_index)
     select m.organization_id, m.id, 'Lesson ' || n.i, '<p>Read this.</p>', null, n.i
     from modules m cross join numbers n where m.id > ?`,
    [lastModule],
  );
}

/**
 * Members and lessons numbered within their organization, so that "every n-th pair" takes exactly one in
 * n of each organization's pairs; ids alone would line up by organization and take all or none.
 */
const RANKED_PAIRS = `from (select organization_id, user_id, role,
       row_number() over (partition by organization_id order by user_id) as r from memberships) ms
     join (select organization_id, id, row_number() over (partition by organization_id order by id) as r
       from lessons) l on l.organization_id = ms.organization_id
     join organizations o on o.id = ms.organization_id`;

/** Every n-th (member, lesson) pair: the largest organization's, then the typical ones' for the rest. */
async function seedCompletions(context: SeedContext, targets: typeof LARGE_TARGETS, largestId: number) {
  const { em, createdAt } = context;
  await step(
    context,
    "largest: completions",
    `insert into completions (organization_id, user_id, lesson_id, completed_at)
     select ms.organization_id, ms.user_id, l.id, ? ${RANKED_PAIRS}
     where o.id = ? and ms.role = 'learner' and (ms.r + l.r) % ${LARGEST.completionStep} = 0`,
    [createdAt, largestId],
  );
  const rest = targets.completions - (await countOf(em, "completions"));
  if (rest <= 0) return;
  // Members × lessons per typical organization, counted per organization rather than joined.
  const [all] = await em.execute<{ n: unknown }[]>(
    `select sum(m.n * l.n) as n
     from (select organization_id, count(*) as n from memberships group by organization_id) m
     join (select organization_id, count(*) as n from lessons group by organization_id) l
       on l.organization_id = m.organization_id
     join organizations o on o.id = m.organization_id where o.slug like 'large-bench-%'`,
  );
  const stride = Math.max(1, Math.round(Number(all?.n ?? 0) / rest));
  await step(
    context,
    "completions",
    `insert into completions (organization_id, user_id, lesson_id, completed_at)
     select ms.organization_id, ms.user_id, l.id, ? ${RANKED_PAIRS}
     where o.slug like 'large-bench-%' and (ms.r + l.r) % ${stride} = 0`,
    [createdAt],
  );
}

/**
 * Fills the database to `targets` around what the bench already wrote. `passwordHash` is one hash every
 * new user shares (the password is the bench's); `adminUserId` becomes an admin of the largest organization.
 */
export async function seedLargeDatabase(
  rootEm: SqlEntityManager,
  options: {
    postgres: boolean;
    passwordHash: string;
    adminUserId: number;
    targets?: typeof LARGE_TARGETS;
    /** Off keeps every index in place during the inserts: only to compare the two ways. */
    indexesAfterInsert?: boolean;
  },
): Promise<LargeSeed> {
  const targets = options.targets ?? LARGE_TARGETS;
  const steps: [string, number][] = [];
  let largestId = 0;
  await bulkTransaction(
    rootEm,
    { postgres: options.postgres, rebuiltTables: options.indexesAfterInsert === false ? [] : BULK_TABLES, steps },
    async (tx) => {
      const [sample] = await tx.execute<{ created_at: unknown }[]>(
        "select min(created_at) as created_at from organizations",
      );
      const context: SeedContext = { em: tx, postgres: options.postgres, createdAt: sample?.created_at, steps };
      const made = await seedOrganizationsAndUsers(context, targets, options.passwordHash, options.adminUserId);
      largestId = made.largestId;
      await seedCourses(context, targets, largestId, made.typical);
      await seedLargestTags(context, largestId);
      // The planner's statistics for the joins below: PostgreSQL has none yet for this transaction's rows.
      if (options.postgres)
        await step(context, "analyze", "analyze organizations, memberships, modules, lessons, tags");
      await seedCompletions(context, targets, largestId);
      // The completions went in behind recordCompletion's back: the progress table is counted once from them.
      const started = performance.now();
      await recountAllProgress(tx);
      steps.push(["course progress", performance.now() - started]);
    },
  );
  const counts: Record<string, number> = {};
  for (const table of ["organizations", "users", "courses", "lessons", "completions"]) {
    counts[table] = await countOf(rootEm, table);
  }
  return { counts, largestOrganizationId: largestId, steps };
}
