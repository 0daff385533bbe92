import { z } from "zod";
import { ID_MAX } from "#shared/constants.js";

export const ID_MESSAGES = {
  tooLarge: `IDs go up to ${ID_MAX}: no record has a larger one.`,
} as const;

/**
 * Every id field of every schema: a whole number from 1 to ID_MAX, the range of the integer columns ids
 * live in. `message` answers anything that is not a positive whole number (the spec's "… must be a
 * positive number."); a larger one names no record and is refused as such, before a query
 * (docs/decisions/0261-bounded-lists-and-ids.md). Versions are numbered the same way and use it too.
 * (The REST adapter turns a query string's text into numbers: server/platform/http/rest-query.ts.)
 */
export function id(message = "Must be a positive number.") {
  return z.number({ error: message }).int(message).min(1, message).max(ID_MAX, ID_MESSAGES.tooLarge);
}

/** Bytes of `text` in UTF-8, without encoding it (the schemas run in the browser too). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(at + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair is one code point of four bytes.
      bytes += 4;
      at += 1;
    } else bytes += 3;
  }
  return bytes;
}

export const TEXT_MESSAGES = {
  controlCharacters: "Text cannot contain control characters (invisible characters such as NUL).",
} as const;

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const DELETE = 0x7f;

/** NUL, the rest of the C0 set and DEL; tab and line breaks only where `multiLine` allows them. */
export function hasControlCharacter(value: string, multiLine: boolean): boolean {
  for (let at = 0; at < value.length; at += 1) {
    const code = value.charCodeAt(at);
    if (code === DELETE) return true;
    if (code < 0x20 && !(multiLine && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN))) return true;
  }
  return false;
}

/**
 * Where every text field of every schema starts (decision 0012): a string without control characters, which
 * no form can type and PostgreSQL cannot store (a NUL answered 500). Multi-line fields (descriptions,
 * lesson content) keep their tabs and line breaks.
 */
export function text(params: { error: string }, options: { multiLine?: boolean } = {}) {
  const multiLine = options.multiLine ?? false;
  // Whitespace around one-line text (a tab after a pasted e-mail) is trimmed by the field, not refused.
  return z
    .string(params)
    .refine(
      (value) => !hasControlCharacter(multiLine ? value : value.trim(), multiLine),
      TEXT_MESSAGES.controlCharacters,
    );
}

export const emailField = (message: string) =>
  text({ error: message })
    .trim()
    .max(254, message)
    .pipe(z.email({ error: message }));
