import type { Dialect } from "../../../mikro-orm.config.js";
import { MATCH_END, MATCH_START, type SearchTerm } from "./search-text.rules.js";
import { TRANSLATION_SEARCH_TABLES } from "./translation-search-tables.js";

/**
 * The one place where full-text search differs between the databases (docs/decisions/0060-full-text-search.md).
 * Both keep one row per course, module and lesson in `search_documents` (written by server/modules/search/search-index.ts);
 * SQLite indexes it with FTS5 tables `search_documents_fts_<shard>` (porter stemming, prefix indexes), one
 * per group of organizations, which triggers keep in step, PostgreSQL with a generated `tsvector` column
 * under a GIN index in each of the table's partitions by organization.
 */

/**
 * How many parts the index is cut into by organization (docs/decisions/0180-search-index-shards.md):
 * on SQLite an organization's rows are in FTS5 table `organization id % SEARCH_SHARDS`, on PostgreSQL in
 * one of as many hash partitions of `search_documents`. Both engines answer a prefix query by listing
 * every row of the index that holds a word with that prefix, whichever organization it belongs to, so a
 * part of 1/16 of the organizations makes that work 1/16. Fixed by the migrations that made the parts.
 */
export const SEARCH_SHARDS = 16;

/** The FTS5 table holding this organization's rows. The name is made of a number only, never input. */
export function searchShardTable(organizationId: number): string {
  return `search_documents_fts_${organizationId % SEARCH_SHARDS}`;
}

/** An FTS5 table's own tables, which FTS5 makes and names after it. */
const FTS5_SHADOW_TABLES = ["", "_data", "_idx", "_content", "_docsize", "_config"];

/**
 * The tables of the search index, made by hand-written migrations: no entity describes them (an FTS5
 * table and its shadow tables are nothing MikroORM's schema tools understand), so the schema diff of
 * `scripts/migrations.ts check` and `generate` must leave them alone (mikro-orm.config.ts, skipTables).
 */
export const SEARCH_INDEX_TABLES = [
  "search_documents",
  ...Array.from({ length: SEARCH_SHARDS }, (_, shard) => [
    ...FTS5_SHADOW_TABLES.map((suffix) => `search_documents_fts_${shard}${suffix}`),
    // PostgreSQL's partitions of `search_documents`.
    `search_documents_p${shard}`,
  ]).flat(),
  ...TRANSLATION_SEARCH_TABLES,
];

/** PostgreSQL's text-search configuration, fixed in the generated column (migrations) and used by every query. */
const POSTGRES_TEXT_SEARCH_CONFIG = "english";

/**
 * SQLite's order: hits in a title first, then courses before modules before lessons, then shorter texts
 * (where the words weigh more). Not bm25: its word weights need every query word's count of rows in
 * the whole index, all organizations', and for a word in every lesson that alone took 50 ms of 55 with
 * 220,000 rows; whether a title matched is worked out per hit, from the organization's hits only
 * (highlight() marks a title's matches with char(2), which indexed text never contains: search-text.ts).
 */
const sqliteRank = (table: string) => `instr(highlight(${table}, 0, char(2), char(3)), char(2)) = 0,
  case d.kind when 'course' then 0 when 'module' then 1 else 2 end, length(d.body)`;
/**
 * ts_rank's weights for D, C, B, A: titles are A, texts B. A text's words together rank below one title
 * word (ts_rank's sum over positions converges at about 1.6 times the weight).
 */
export const POSTGRES_WEIGHTS = "'{0, 0, 0.1, 1}'::float4[]";
/** How long a snippet is: about a line on a phone. */
export const SNIPPET_WORDS = 16;
/** ts_headline's options: the match markers of search-text.rules.ts, about a line. */
export const POSTGRES_HEADLINE = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=${SNIPPET_WORDS}, MinWords=${SNIPPET_WORDS / 2}, ShortWord=2, MaxFragments=1, FragmentDelimiter=" … "`;

export interface DocumentQuery {
  /** The organization the entity manager is scoped to: it picks SQLite's FTS5 table and token. */
  organizationId: number;
  /**
   * What keeps the documents (`d`) to that organization: server/platform/db/rows.ts's `inScope("d")`, bound by
   * the runner like every raw read's (handed in: mikro-orm.config.ts reads this file, and rows.ts reads it).
   */
  inOrganization: string;
  terms: SearchTerm[];
  includeDrafts: boolean;
  /** Only documents of this kind (the course list asks for courses only). */
  kind?: "course";
  limit: number;
}

/** A matching document, best first, with its snippet still carrying the match markers of search-text.ts. */
export interface DocumentHit {
  kind: "course" | "module" | "lesson";
  recordId: number;
  courseId: number;
  title: string;
  courseTitle: string;
  snippet: string | null;
}

/** `"word"`, `"two words"` or `"prefix"*`: each term one FTS5 string, so no input is ever FTS5 syntax. */
export function fts5Phrase(term: SearchTerm): string {
  return `"${term.words.join(" ").replaceAll('"', '""')}"${term.prefix ? "*" : ""}`;
}

/**
 * The organization is a token of the FTS5 row (its `tenant` column), so the full-text index itself
 * narrows a common word to one organization's documents instead of every organization's.
 */
function sqliteQuery(query: DocumentQuery): { sql: string; params: unknown[] } {
  const match = `tenant : "org${query.organizationId}" AND {title body} : (${query.terms.map(fts5Phrase).join(" AND ")})`;
  const table = searchShardTable(query.organizationId);
  const sql = `
    select d.kind as "kind", d.record_id as "recordId", d.course_id as "courseId", d.title as "title",
      c.title as "courseTitle",
      snippet(${table}, 1, ?, ?, '…', ${SNIPPET_WORDS}) as "snippet"
    from ${table}
    join search_documents d on d.id = ${table}.rowid
    join courses c on c.id = d.course_id
    where ${table} match ? and ${query.inOrganization} and (c.status = 'published' or ?)
      ${query.kind ? "and d.kind = ?" : ""}
    order by ${sqliteRank(table)}, d.id
    limit ?`;
  const params = [MATCH_START, MATCH_END, match, query.includeDrafts ? 1 : 0];
  return { sql, params: [...params, ...(query.kind ? [query.kind] : []), query.limit] };
}

/**
 * websearch_to_tsquery never fails on what it is given, and here it is given only quoted runs of
 * letters and digits; the prefix word (letters and digits too) becomes `word:*`.
 */
export function postgresTsQuery(config: string, terms: readonly SearchTerm[]): { sql: string; params: string[] } {
  const whole = terms.filter((term) => !term.prefix).map((term) => `"${term.words.join(" ")}"`);
  const prefix = terms.find((term) => term.prefix);
  const sql = [
    ...(whole.length > 0 ? [`websearch_to_tsquery(${config}, ?)`] : []),
    ...(prefix ? [`to_tsquery(${config}, ?)`] : []),
  ].join(" && ");
  return {
    sql,
    params: [...(whole.length > 0 ? [whole.join(" ")] : []), ...(prefix ? [`${prefix.words.join("")}:*`] : [])],
  };
}

function postgresQuery(query: DocumentQuery): { sql: string; params: unknown[] } {
  const config = `'${POSTGRES_TEXT_SEARCH_CONFIG}'`;
  const { sql: tsquery, params: tsqueryParams } = postgresTsQuery(config, query.terms);
  const headline = POSTGRES_HEADLINE;
  // The snippet is worked out for the page of hits only: ts_headline reads the whole text.
  const sql = `
    with query as (select ${tsquery} as q)
    select hit."kind", hit."recordId", hit."courseId", hit."title", hit."courseTitle",
      ts_headline(${config}, hit.body, query.q, ?) as "snippet"
    from (
      select d.id, d.kind as "kind", d.record_id as "recordId", d.course_id as "courseId", d.title as "title",
        d.body, c.title as "courseTitle", ts_rank(${POSTGRES_WEIGHTS}, d.document, query.q) as score
      from search_documents d join courses c on c.id = d.course_id, query
      where ${query.inOrganization} and d.document @@ query.q and (c.status = 'published' or ?)
        ${query.kind ? "and d.kind = ?" : ""}
      order by score desc, d.id
      limit ?
    ) hit, query
    order by hit.score desc, hit.id`;
  const params = [...tsqueryParams, headline, query.includeDrafts, ...(query.kind ? [query.kind] : []), query.limit];
  return { sql, params };
}

/** The statement that finds an organization's documents matching every term, best first. */
export function documentQuery(dialect: Dialect, query: DocumentQuery): { sql: string; params: unknown[] } {
  return dialect === "postgresql" ? postgresQuery(query) : sqliteQuery(query);
}
