/**
 * The languages content may be translated into (docs/decisions/0410-translations-as-versions.md); each has
 * its search stemming (docs/decisions/0412-search-stemming-per-language.md). Without zod, for the pages
 * that only name them.
 */
export const CONTENT_LANGUAGES = ["en", "es"] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** Each language as its own speakers name it: what the language switch shows. */
export const CONTENT_LANGUAGE_NAMES: Record<ContentLanguage, string> = { en: "English", es: "Español" };
