import { CONTENT_LANGUAGES, type ContentLanguage } from "#shared/content-languages.js";
import type { Dialect } from "../../../mikro-orm.config.js";
import {
  type DocumentQuery,
  fts5Phrase,
  POSTGRES_HEADLINE,
  POSTGRES_WEIGHTS,
  postgresTsQuery,
  SNIPPET_WORDS,
} from "./search-dialect.js";
import { MATCH_END, MATCH_START } from "./search-text.rules.js";

/**
 * Translated content's search (docs/decisions/0412-search-stemming-per-language.md): each row is matched
 * with its own language's stemming. PostgreSQL: the text search configuration of the row's language, in
 * the generated column and in the query. SQLite: the FTS5 table of the language, whose tokenizer suits
 * it; Spanish, which FTS5 cannot stem, matches each word as a prefix too (`camion` finds `camiones`).
 */

const POSTGRES_CONFIGS: Record<ContentLanguage, string> = { en: "'english'", es: "'spanish'" };
const SQLITE_STEMS: Record<ContentLanguage, boolean> = { en: true, es: false };

/** The configuration of a row's language, as the migration's generated column has it. */
const rowConfig = `case d.language when 'es' then 'spanish'::regconfig else 'english'::regconfig end`;

function postgresTranslationQuery(query: DocumentQuery): { sql: string; params: unknown[] } {
  const perLanguage = CONTENT_LANGUAGES.map((language) => ({
    language,
    ...postgresTsQuery(POSTGRES_CONFIGS[language], query.terms),
  }));
  const columns = perLanguage.map(({ language, sql }) => `${sql} as q_${language}`).join(", ");
  const rowQuery = `case d.language ${perLanguage.map(({ language }) => `when '${language}' then query.q_${language}`).join(" ")} end`;
  const sql = `
    with query as (select ${columns})
    select d.kind as "kind", d.record_id as "recordId", d.course_id as "courseId", d.title as "title",
      c.title as "courseTitle", ts_headline(${rowConfig}, d.body, ${rowQuery}, ?) as "snippet"
    from translation_search_documents d join courses c on c.id = d.course_id, query
    where ${query.inOrganization} and d.document @@ ${rowQuery} and (c.status = 'published' or ?)
      ${query.kind ? "and d.kind = ?" : ""}
    order by ts_rank(${POSTGRES_WEIGHTS}, d.document, ${rowQuery}) desc, d.id
    limit ?`;
  const params = [
    ...perLanguage.flatMap(({ params }) => params),
    POSTGRES_HEADLINE,
    query.includeDrafts,
    ...(query.kind ? [query.kind] : []),
    query.limit,
  ];
  return { sql, params };
}

function sqliteTranslationQuery(query: DocumentQuery): { sql: string; params: unknown[] } {
  const selects = CONTENT_LANGUAGES.map((language) => {
    const table = `translation_search_fts_${language}`;
    return `select d.id, d.kind as "kind", d.record_id as "recordId", d.course_id as "courseId", d.title as "title",
        c.title as "courseTitle", snippet(${table}, 1, ?, ?, '…', ${SNIPPET_WORDS}) as "snippet",
        instr(highlight(${table}, 0, char(2), char(3)), char(2)) = 0 as "bodyOnly"
      from ${table}
      join translation_search_documents d on d.id = ${table}.rowid
      join courses c on c.id = d.course_id
      where ${table} match ? and ${query.inOrganization} and (c.status = 'published' or ?)
        ${query.kind ? "and d.kind = ?" : ""}`;
  });
  const sql = `select "kind", "recordId", "courseId", "title", "courseTitle", "snippet" from (
    ${selects.join(" union all ")}
  ) order by "bodyOnly", length("title"), id limit ?`;
  const params = CONTENT_LANGUAGES.flatMap((language) => {
    const terms = SQLITE_STEMS[language] ? query.terms : query.terms.map((term) => ({ ...term, prefix: true }));
    const match = `{title body} : (${terms.map(fts5Phrase).join(" AND ")})`;
    return [MATCH_START, MATCH_END, match, query.includeDrafts ? 1 : 0, ...(query.kind ? [query.kind] : [])];
  });
  return { sql, params: [...params, query.limit] };
}

/** The statement that finds an organization's translated documents matching every term, best first. */
export function translationDocumentQuery(dialect: Dialect, query: DocumentQuery): { sql: string; params: unknown[] } {
  return dialect === "postgresql" ? postgresTranslationQuery(query) : sqliteTranslationQuery(query);
}
