import { z } from "zod";

/**
 * A positive integer id. Query strings carry ids as text, so text of digits is accepted too; the typed
 * client still sees a number.
 */
export function positiveId(message = "Must be a positive number.") {
  return z.coerce.number<number>({ error: message }).int(message).positive(message);
}

export const emailField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, message)
    .pipe(z.email({ error: message }));
