import { z } from "zod";

/**
 * A positive integer id. Query strings carry ids as text, so text of digits is accepted too; the typed
 * client still sees a number.
 */
export function positiveId(message = "Must be a positive number.") {
  return z.coerce.number<number>({ error: message }).int(message).positive(message);
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

export const emailField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, message)
    .pipe(z.email({ error: message }));
