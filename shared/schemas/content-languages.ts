import { z } from "zod";

/**
 * The languages content may be translated into (docs/decisions/0410-translations-as-versions.md); each has
 * its search stemming (docs/decisions/0412-search-stemming-per-language.md). Apart from the translation
 * schemas so that the course schemas, which translations build on, can name it too.
 */
export const CONTENT_LANGUAGES = ["en", "es"] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

export const LANGUAGE_INVALID = `Language must be one of: ${CONTENT_LANGUAGES.join(", ")}.`;

export const contentLanguageField = z.enum(CONTENT_LANGUAGES, { error: LANGUAGE_INVALID });
