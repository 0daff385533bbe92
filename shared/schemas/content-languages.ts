import { z } from "zod";
import { CONTENT_LANGUAGES } from "#shared/content-languages.js";

export const LANGUAGE_INVALID = `Language must be one of: ${CONTENT_LANGUAGES.join(", ")}.`;

/** A content language, as the translation and reading paths take it (shared/content-languages.ts). */
export const contentLanguageField = z.enum(CONTENT_LANGUAGES, { error: LANGUAGE_INVALID });
