/**
 * `npm run bench`: how fast the hot read paths answer with a realistically full organization, and what
 * the server's memory does under a bounded load. Runs on SQLite by default; `BENCH_DB=postgres` uses a
 * throwaway PostgreSQL. Everything listens on 127.0.0.1 and every loop has a fixed count.
 *
 *   BENCH_COURSES (default 200) courses × 3 modules × 5 lessons, 3 tags each; BENCH_REQUESTS (default 200)
 *   requests per endpoint, BENCH_CONCURRENCY (default 8) at a time.
 *   Training (decision 0041): BENCH_MEMBERS (default 2000) members with role tags, BENCH_COMPLETIONS (default
 *   2,000,000) completions across two organizations; the reports are asked BENCH_REPORT_REQUESTS (default
 *   10) times, one at a time. training/mine is also measured in a small organization with the same
 *   catalogue and one member, who holds the same role tag.
 *   Then search (scripts/bench-search.ts) over BENCH_SEARCH_COURSES (default 20,000) more courses in 1,000
 *   organizations; 0 skips it.
 *   BENCH_SEED=large (scripts/lib/bench-large.ts) then fills the database to 1,000 organizations, 100,000
 *   users, 20,000 courses and 2,000,000 completions, so the same endpoints run against a large database.
 *   BENCH_ONLY (comma-separated name prefixes, e.g. "training,reports") measures only those endpoints.
 *   Then the paired load of decision 0251 (scripts/lib/paired-load.ts): each hot endpoint under autocannon with
 *   BENCH_CONNECTIONS (default 50) connections for BENCH_SECONDS (default 5) seconds, beside a bare Fastify
 *   server, medians of BENCH_ROUNDS (default 3) rounds; BENCH_ROUNDS=0 skips it. lessons/complete runs as
 *   BENCH_COMPLETERS (default 20) learners in turn, so that every request writes a new completion.
 */
import { performance } from "node:perf_hooks";
// Registers the matrix cells' superjson type (decision 0070).
import "#shared/matrix-cells.js";
import { Course, CourseModule, CourseTag, Lesson, Membership, MemberTag, Organization, Tag } from "#server/entities.js";
import { hashPassword } from "#server/modules/identity/passwords.js";
import { ORGANIZATION_HEADER } from "#shared/constants.js";
import { benchSearch } from "./bench-search.js";
import { registerUser, startBenchApp } from "./lib/bench-app.js";
import { forgetCompletionsOf, newCompletionsLine, signInCompleters } from "./lib/bench-completions.js";
import { seedLargeDatabase } from "./lib/bench-large.js";
import {
  comparisonTable,
  type LargeComparison,
  measureColumn,
  organizationUnderTest,
  statsStatementMs,
} from "./lib/bench-large-compare.js";
import { seedCourses, seedTraining } from "./lib/bench-training.js";
import { timeEndpoint } from "./lib/endpoint-timings.js";
import { PAIRED_HEADER, type PairedEndpoint, pairedFigures, pairedRow, startBareServer } from "./lib/paired-load.js";
import { printAnswerDigest, profiledSection } from "./lib/profile-section.js";
import { timingColumns } from "./lib/timings.js";

const COURSES = Number(process.env.BENCH_COURSES ?? 200);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 2000);
const COMPLETIONS = Number(process.env.BENCH_COMPLETIONS ?? 2_000_000);
const REPORT_REQUESTS = Number(process.env.BENCH_REPORT_REQUESTS ?? 10);
const ONLY = process.env.BENCH_ONLY?.split(",").filter((prefix) => prefix !== "");
const PAIRED = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
};
const COMPLETERS = Number(process.env.BENCH_COMPLETERS ?? 20);
const measured = (name: string) => !ONLY || ONLY.some((prefix) => name.startsWith(prefix));

async function main(): Promise<void> {
  const { app, orm, config, base, served, postgres, close } = await startBenchApp({
    name: "trainwright-bench",
    postgres: process.env.BENCH_DB === "postgres",
    logLevel: process.env.BENCH_LOG_LEVEL,
    logFile: process.env.BENCH_LOG_FILE,
  });
  // The seed can take minutes: the connections fetch opened before it must still be there after it.
  app.server.keepAliveTimeout = 30 * 60_000;

  try {
    const cookie = await registerUser(base, {
      name: "Bench Admin",
      email: "bench@example.com",
      password: "bench-password",
    });
    const post = (url: string, body: unknown) =>
      fetch(`${base}${url}`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify(body),
      });
    // A small organization first (only the admin, no completions), then the large one, which stays current.
    const small = (await (await post("/_api/orgs/create", { name: "Small Org", slug: "small-org" })).json()) as {
      json: { id: number };
    };
    const bench = (await (await post("/_api/orgs/create", { name: "Bench Org", slug: "bench-org" })).json()) as {
      json: { id: number };
    };
    await post("/_api/orgs/create", { name: "Other Org", slug: "other-org" });
    await post("/_api/orgs/switch", { orgId: bench.json.id });

    const seedStarted = performance.now();
    const em = orm.em.fork();
    const organization = await em.findOneOrFail(Organization, { slug: "bench-org" });
    em.setFilterParams("tenant", { organizationId: organization.id });
    const departments = Array.from({ length: 5 }, (_, d) =>
      em.create(Tag, { organization, name: `Department ${d}`, type: "department", color: "#FFC1C0" }),
    );
    const roles = departments.flatMap((department, d) =>
      Array.from({ length: 4 }, (_, r) =>
        em.create(Tag, { organization, name: `Role ${d}.${r}`, type: "role", parent: department }),
      ),
    );
    let firstLesson: Lesson | undefined;
    for (let c = 0; c < COURSES; c++) {
      const course = em.create(Course, {
        organization,
        title: `Course ${c} standard operating procedure`,
        description: `How we do task ${c}, step by step.`,
        status: c % 4 === 0 ? "draft" : "published",
      });
      for (let t = 0; t < 3; t++)
        em.create(CourseTag, { organization, course, tag: roles[(c + t * 7) % roles.length] as Tag });
      for (let m = 0; m < 3; m++) {
        const module = em.create(CourseModule, { organization, course, title: `Module ${m}`, orderIndex: m });
        for (let l = 0; l < 5; l++) {
          const lesson = em.create(Lesson, {
            organization,
            module,
            title: `Lesson ${l}`,
            content: "<p>Read this carefully.</p>".repeat(20),
            orderIndex: l,
          });
          firstLesson ??= lesson;
        }
      }
    }
    const otherOrganization = await em.findOneOrFail(Organization, { slug: "other-org" });
    seedCourses(em, otherOrganization, COURSES);
    // The small organization's catalogue is the bench organization's, so that training/mine answers the
    // same list in both and only the organization's size (members, completions) differs.
    const smallOrganization = await em.findOneOrFail(Organization, { slug: "small-org" });
    seedCourses(em, smallOrganization, COURSES, { draftEvery: 4 });
    await em.flush();
    await em.nativeUpdate(
      Course,
      { organization: smallOrganization.id },
      { required: true, dueDays: 14 },
      { filters: false },
    );
    // The admin holds the same role in both, so the two answers are the same list of courses.
    const [smallRole] = await em.find(
      Tag,
      { organization: smallOrganization.id, type: "role" },
      { filters: false, orderBy: { id: "asc" }, limit: 1 },
    );
    const smallAdmin = await em.findOneOrFail(Membership, { organization: smallOrganization.id }, { filters: false });
    em.create(MemberTag, { organization: smallOrganization, membership: smallAdmin, tag: smallRole as Tag });
    await em.flush();
    const training = await seedTraining(em, {
      bench: organization,
      other: otherOrganization,
      members: MEMBERS,
      completions: COMPLETIONS,
      postgres: postgres !== undefined,
    });
    const comparison: LargeComparison = { columns: [], held: new Set() };
    if (process.env.BENCH_SEED === "large") {
      const [admin] = await em.execute<{ id: number }[]>("select id from users where email_key = 'bench@example.com'");
      const adminUserId = Number(admin?.id ?? 0);
      const measuring = {
        base,
        cookie,
        requests: REQUESTS,
        concurrency: CONCURRENCY,
        forgetCompletions: () => forgetCompletionsOf({ em, config }, [adminUserId]),
      };
      const benchOrg = await organizationUnderTest(em, organization.id);
      await measureColumn(comparison, "small db", benchOrg, measuring);
      const largeStarted = performance.now();
      const large = await seedLargeDatabase(em, {
        postgres: postgres !== undefined,
        passwordHash: await hashPassword(config.passwordHashing, "bench-password"),
        adminUserId,
      });
      console.log(
        `Large database in ${(performance.now() - largeStarted).toFixed(0)} ms: ${JSON.stringify(large.counts)}; ` +
          `steps (ms): ${large.steps.map(([step, ms]) => `${step} ${ms.toFixed(0)}`).join(", ")}`,
      );
      await measureColumn(comparison, "large db", benchOrg, measuring);
      await measureColumn(
        comparison,
        "largest org",
        await organizationUnderTest(em, large.largestOrganizationId),
        measuring,
      );
      console.log(
        `Small vs large database on ${postgres ? "PostgreSQL" : "SQLite"}, the bench organization then the largest:`,
      );
      for (const line of comparisonTable(comparison)) console.log(line);
      const stats = await statsStatementMs(em, large.largestOrganizationId);
      console.log(
        `orgs/stats' statement alone, largest organization: ${stats.wallMs.toFixed(2)} ms, ${stats.cpuMs.toFixed(2)} CPU ms in this process (medians of 21, one at a time)`,
      );
      // The table made the largest organization current; the figures below are the bench organization's.
      await post("/_api/orgs/switch", { orgId: bench.json.id });
    }
    const members = await em.count(Membership, { organization: organization.id });
    const seedMs = performance.now() - seedStarted;
    const courseId = firstLesson?.module.course.id ?? 1;

    const endpoints = [
      ["auth/me", "/_api/auth/me"],
      ["courses/list", "/_api/courses/list"],
      ["courses/list?search", "/_api/courses/list?search=task%201"],
      ["courses/get", `/_api/courses/get?id=${courseId}`],
      ["courses/structure", `/_api/courses/structure?courseId=${courseId}`],
      ["lessons/get", `/_api/lessons/get?id=${firstLesson?.id ?? 1}`],
      ["tags/list", "/_api/tags/list"],
      ["team/members", "/_api/team/members"],
      ["training/mine", "/_api/training/mine"],
      ["training/mine (small org)", "/_api/training/mine", { [ORGANIZATION_HEADER]: String(small.json.id) }],
      ["reports/matrix", "/_api/reports/matrix", {}, REPORT_REQUESTS],
      ["reports/matrix?csv", "/_api/reports/matrix?format=csv", {}, REPORT_REQUESTS],
      ["reports/course", `/_api/reports/course?courseId=${courseId + 1}`, {}, REPORT_REQUESTS],
    ] as const;

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    console.log(
      `Trainwright bench on ${postgres ? "PostgreSQL" : "SQLite"}: ${COURSES} courses, ${COURSES * 15} lessons, ` +
        `${members} member(s), ${training.completions} completions (${training.benchCompletions} in this organization); seeded in ${seedMs.toFixed(0)} ms; ${REQUESTS} requests per endpoint, ${CONCURRENCY} at a time`,
    );
    console.log(["endpoint".padEnd(26), "p50 ms", "p95 ms", "max ms", "req/s", "bytes"].join("\t"));
    for (const [name, url, headers = {}, requests = REQUESTS] of endpoints) {
      if (!measured(name)) continue;
      // The reports are heavy by design: asked one at a time, so each figure is one report's own.
      const concurrency = requests === REQUESTS ? CONCURRENCY : 1;
      const figures = await profiledSection(name, () =>
        timeEndpoint(base, { name, path: url, headers }, { cookie, requests, concurrency }),
      );
      await printAnswerDigest(`${base}${url}`, { cookie, ...headers });
      console.log(
        [
          name.padEnd(26),
          ...timingColumns(figures.timings),
          figures.requestsPerSecond.toFixed(0),
          String(figures.bytes),
        ].join("\t"),
      );
    }
    global.gc?.();
    const rssAfter = process.memoryUsage().rss;
    console.log(
      `rss: ${(rssBefore / 2 ** 20).toFixed(0)} MiB before the load, ${(rssAfter / 2 ** 20).toFixed(0)} MiB after`,
    );
    if (PAIRED.rounds > 0) {
      const lessonIds = await em.getConnection().execute<{ id: number }[]>(
        // The lessons the completers (learners) may complete: a draft course's answer "not found".
        `select l.id from lessons l join modules m on m.id = l.module_id join courses c on c.id = m.course_id
           where l.organization_id = ? and c.status = 'published' order by l.id`,
        [organization.id],
      );
      const completers = measured("lessons/complete")
        ? await signInCompleters(base, em, organization.id, COMPLETERS)
        : { cookies: [], userIds: [] };
      const paired: PairedEndpoint[] = [
        ...endpoints
          .filter(([name]) =>
            ["auth/me", "courses/", "lessons/get", "tags/list", "training/mine"].some((p) => name.startsWith(p)),
          )
          .map(([name, url, headers = {}]) => ({
            name,
            url: `${base}${url}`,
            method: "GET" as const,
            headers: { cookie, ...headers },
          })),
        { name: "users/completions", url: `${base}/_api/users/completions`, method: "GET", headers: { cookie } },
        {
          name: "orgs/stats",
          url: `${base}/_api/orgs/stats?orgId=${organization.id}`,
          method: "GET",
          headers: { cookie },
        },
        {
          name: "lessons/complete",
          url: `${base}/_api/lessons/complete`,
          method: "POST",
          headers: { cookie, "content-type": "application/json" },
          bodies: lessonIds.map(({ id }) => JSON.stringify({ lessonId: id })),
          cookies: completers.cookies,
          beforeRound: () => forgetCompletionsOf({ em, config }, completers.userIds),
        },
      ];
      const bare = await startBareServer();
      console.log(
        `Paired with bare Fastify: ${PAIRED.connections} connections, ${PAIRED.seconds} s, medians of ${PAIRED.rounds} rounds`,
      );
      console.log(PAIRED_HEADER);
      try {
        for (const endpoint of paired) {
          if (!measured(endpoint.name)) continue;
          const figures = await pairedFigures(endpoint, { app: served, bare }, PAIRED);
          console.log(pairedRow(figures));
          if (endpoint.name === "lessons/complete") console.log(await newCompletionsLine(em, completers.userIds));
        }
      } finally {
        await bare.close();
      }
    }
    await benchSearch({ em: orm.em.fork(), config, benchOrganizationId: organization.id, base, cookie });
  } finally {
    await close();
  }
}

await main();
