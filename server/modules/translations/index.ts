/** The translations module's public face: the only file of it that other modules and the app may import. */

export { recordSignedTranslation, translationToSign } from "./signing-in-language.js";
export type { TranslationWriteHook } from "./translation-hooks.js";
export { translationWriteHooks } from "./translation-hooks.js";
export { translationsContentPart } from "./translation-reads.js";
