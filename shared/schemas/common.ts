import { z } from "zod";

/** A positive integer id. (The REST adapter turns a query string's text into numbers: server/rest-query.ts.) */
export function positiveId(message = "Must be a positive number.") {
  return z.number({ error: message }).int(message).positive(message);
}

export const emailField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, message)
    .pipe(z.email({ error: message }));
