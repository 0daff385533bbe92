/** The translations module's public face: the only file of it that other modules and the app may import. */

export { recordSignedTranslation, translationToSign } from "./signing-in-language.js";
export { translationsContentPart } from "./translation-reads.js";
