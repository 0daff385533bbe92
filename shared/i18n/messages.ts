/**
 * The messages of validation and refusals (shared/schemas' *_MESSAGES, `fail`'s texts) stay English in
 * code, where the spec words them and where tests and clients compare them; they are translated where
 * they leave for a person: the server's error answers and the client's form fields
 * (docs/decisions/0381-messages-translated-at-the-edge.md). Each has a `message.…` key in the
 * catalogues whose English text is the message itself, so the English text finds its key.
 */
import { englishCatalogue, type Translate, type TranslationKey } from "./setup.js";

const MESSAGE_PREFIX = "message.";

const keyOfEnglishMessage: ReadonlyMap<string, TranslationKey> = new Map(
  (Object.entries(englishCatalogue) as Array<[TranslationKey, string]>)
    .filter(([key]) => key.startsWith(MESSAGE_PREFIX))
    .map(([key, text]) => [text, key]),
);

/** The message in the translator's language; a message without a catalogue entry stays as it is. */
export function localizeMessage(message: string, t: Translate): string {
  const key = keyOfEnglishMessage.get(message);
  return key ? t(key) : message;
}

/** Whether an English message has its catalogue entry (tests/unit/i18n-catalogues.test.ts asks it). */
export function hasMessageEntry(message: string): boolean {
  return keyOfEnglishMessage.has(message);
}
