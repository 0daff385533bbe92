import { CONTENT_LANGUAGES } from "#shared/content-languages.js";

/**
 * The tables of translated content's search rows (docs/decisions/0412-search-stemming-per-language.md),
 * made by hand-written migrations, so the schema diff leaves them alone like the rest of the index. On
 * SQLite one FTS5 table per content language, named after it.
 */
const FTS5_SHADOW_TABLES = ["", "_data", "_idx", "_content", "_docsize", "_config"];

export const TRANSLATION_SEARCH_TABLES = [
  "translation_search_documents",
  ...CONTENT_LANGUAGES.flatMap((language) =>
    FTS5_SHADOW_TABLES.map((suffix) => `translation_search_fts_${language}${suffix}`),
  ),
];
