/**
 * The search part of `npm run bench` (decision 0180): a database of BENCH_SEARCH_COURSES (default 20,000)
 * courses across 1,000 organizations, 2 modules and 10 lessons each (200,000 lessons), written with a
 * few set-based INSERT … SELECT statements, then the search index rebuilt as the migration does; then
 * how long `GET /_api/search` takes for a word in every lesson and a word in almost none.
 */
import { performance } from "node:perf_hooks";
import type { SqlEntityManager } from "@mikro-orm/knex";
import { courseIdsMatching, searchHits } from "#server/modules/search/search.data.js";
import { presentSearch } from "#server/modules/search/search.presenter.js";
import { rebuildSearchIndex } from "#server/modules/search/search-index.js";
import type { Config } from "#server/platform/http/config.js";
import { LIMITS } from "#shared/constants.js";
import { timingColumns } from "./lib/timings.js";

const COURSES = Number(process.env.BENCH_SEARCH_COURSES ?? 20_000);
const ORGANIZATIONS = 1_000;
const SEARCHES = 50;

/** Words that vary lessons' titles and texts, so that the index looks like real content. */
const TOPICS = [
  "forklift",
  "ladder",
  "pallet",
  "battery",
  "hygiene",
  "knife",
  "crane",
  "scaffold",
  "welding",
  "loading",
];

/** SQL choosing one of TOPICS from an integer expression: the same in SQLite and PostgreSQL. */
function topicOf(expression: string): string {
  return `case (${expression}) % ${TOPICS.length} ${TOPICS.map((topic, index) => `when ${index} then '${topic}'`).join(" ")} end`;
}

/** 0..count-1 as rows named `i`, in either database. */
export const numbers = (count: number) =>
  `with recursive numbers(i) as (select 0 union all select i + 1 from numbers where i < ${count - 1})`;

export async function seedSearchBench(em: SqlEntityManager, benchOrganizationId: number): Promise<void> {
  const [sample] = await em.execute<{ created_at: unknown }[]>("select created_at from organizations where id = ?", [
    benchOrganizationId,
  ]);
  const createdAt = sample?.created_at;
  await em.execute(
    `${numbers(ORGANIZATIONS - 1)} insert into organizations (name, slug, created_at)
     select 'Search bench ' || i, 'search-bench-' || i, ? from numbers`,
    [createdAt],
  );
  // Organization k of the 1,000 (the bench's own among them) is the k-th by id from the bench's.
  const orgs = `(select id, row_number() over (order by id) - 1 as k from organizations where id >= ${benchOrganizationId})`;
  const [before] = await em.execute<{ courses: number; modules: number }[]>(
    "select (select coalesce(max(id), 0) from courses) as courses, (select coalesce(max(id), 0) from modules) as modules",
  );
  await em.execute(
    `${numbers(COURSES)} insert into courses (organization_id, title, description, status, created_at, updated_at)
     select o.id, 'Course ' || n.i || ' ' || ${topicOf("n.i")} || ' operation',
       'How the team handles ' || ${topicOf("n.i + 3")} || ' work, step by step.',
       case when n.i % 4 = 0 then 'draft' else 'published' end, ?, ?
     from numbers n join ${orgs} o on o.k = n.i % ${ORGANIZATIONS}`,
    [createdAt, createdAt],
  );
  await em.execute(
    `insert into modules (organization_id, course_id, title, description, order_index)
     select c.organization_id, c.id, 'Module ' || m.j || ' ' || ${topicOf("c.id + m.j")}, null, m.j
     from courses c cross join (select 0 as j union all select 1) m where c.id > ?`,
    [Number(before?.courses ?? 0)],
  );
  // "safety" is in every lesson (the common word); "zeppelin" in one lesson of about 10,000 (the rare one).
  await em.execute(
    `${numbers(5)} insert into lessons (organization_id, module_id, title, content, video_url, order_index)
     select m.organization_id, m.id, 'Lesson ' || l.i || ' ' || ${topicOf("m.id * 5 + l.i")},
       '<p>Before each shift, check the <strong>' || ${topicOf("m.id + l.i")} || '</strong> and the ' ||
       ${topicOf("m.id * 3 + l.i")} || ' area.</p><p>Safety comes first: report any fault to the shift lead.' ||
       case when (m.id * 5 + l.i) % 9973 = 0 then ' Mind the zeppelin mooring.' else '' end || '</p>',
       null, l.i
     from modules m cross join numbers l where m.id > ?`,
    [Number(before?.modules ?? 0)],
  );
  // The bench's organization has the rare word too, once, so that its search finds something.
  await em.execute(
    `update lessons set content = content || '<p>The zeppelin drill.</p>'
     where id = (select min(id) from lessons where organization_id = ?)`,
    [benchOrganizationId],
  );
}

export async function benchSearch(options: {
  em: SqlEntityManager;
  benchOrganizationId: number;
  config: Pick<Config, "databaseUrl">;
  base: string;
  cookie: string;
}): Promise<void> {
  if (COURSES <= 0) return;
  const seedStarted = performance.now();
  await options.em.transactional((em) => seedSearchBench(em, options.benchOrganizationId));
  const seededMs = performance.now() - seedStarted;
  const indexStarted = performance.now();
  await options.em.transactional((em) => rebuildSearchIndex(em));
  const indexMs = performance.now() - indexStarted;
  const [counts] = await options.em.execute<{ courses: number; lessons: number; organizations: number }[]>(
    "select (select count(*) from courses) as courses, (select count(*) from lessons) as lessons, (select count(*) from organizations) as organizations",
  );
  console.log(
    `\nSearch: ${counts?.courses} courses, ${counts?.lessons} lessons, ${counts?.organizations} organizations; ` +
      `seeded in ${seededMs.toFixed(0)} ms, index rebuilt in ${indexMs.toFixed(0)} ms; ${SEARCHES} searches each, one at a time`,
  );
  // The bench's keep-alive connection went idle while the index was built and the server may have
  // closed it: the first request may find it reset. One warm-up request, retried once, opens a fresh one.
  const warmUp = () => fetch(`${options.base}/_api/auth/me`, { headers: { cookie: options.cookie } });
  await warmUp().catch(warmUp);
  console.log(
    ["search (HTTP, then query only)".padEnd(30), "p50 ms", "p95 ms", "max ms", "q p50", "q p95", "q max", "hits"].join(
      "\t",
    ),
  );
  const searches = [
    ["common word (every lesson)", "/_api/search?q=safety"],
    ["common word, prefix", "/_api/search?q=saf"],
    ["rare word", "/_api/search?q=zeppelin"],
    ["two words", "/_api/search?q=shift%20forklift"],
    ["courses/list?search common", "/_api/courses/list?search=operation"],
  ] as const;
  for (const [name, url] of searches) {
    const q = new URL(url, options.base).searchParams;
    const text = q.get("q") ?? q.get("search") ?? "";
    const timings: number[] = [];
    let hits = 0;
    for (let run = 0; run < SEARCHES; run++) {
      const started = performance.now();
      const response = await fetch(`${options.base}${url}`, { headers: { cookie: options.cookie } });
      const body = (await response.json()) as { json: { results?: unknown[] } | unknown[] };
      if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
      timings.push(performance.now() - started);
      hits = Array.isArray(body.json) ? body.json.length : (body.json.results?.length ?? 0);
    }
    // The same search without HTTP, sessions and presenting: the database's share of the answer.
    const queryTimings: number[] = [];
    const scope = {
      em: options.em,
      config: options.config,
      role: "admin" as const,
      organization: { id: options.benchOrganizationId },
    };
    for (let run = 0; run < SEARCHES; run++) {
      const started = performance.now();
      if (q.has("q")) presentSearch(await searchHits(scope, text, LIMITS.searchResultsDefault));
      else await courseIdsMatching(scope, text);
      queryTimings.push(performance.now() - started);
    }
    console.log([name.padEnd(30), ...timingColumns(timings), ...timingColumns(queryTimings), String(hits)].join("\t"));
  }
}
