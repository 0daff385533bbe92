import { ConnectionException, UniqueConstraintViolationException } from "@mikro-orm/core";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { ZodError } from "zod";
import { localizeMessage } from "#shared/i18n/messages.js";
import type { Translate } from "#shared/i18n/setup.js";

const GENERIC_ERROR = "Something went wrong. Please try again.";
const NOT_SIGNED_IN = "You need to log in first.";
export const DATABASE_UNAVAILABLE = "The database is not answering. Please try again in a moment.";

/** Error codes of a database that cannot be reached (sockets) or is going away (PostgreSQL 08xxx, 57P0x). */
const UNREACHABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EPIPE"]);

/** The database, not the request, is the problem: anywhere along the error's causes. */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = String((current as { code?: unknown }).code ?? "");
    if (current instanceof ConnectionException || UNREACHABLE_CODES.has(code)) return true;
    if (/^(08|57P0)/.test(code) || current.name === "KnexTimeoutError") return true;
    if (/Connection terminated|connection is closed|Unable to acquire a connection/i.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * PostgreSQL aborted the transaction to end a deadlock (40P01) or a serialization failure (40001), which
 * MikroORM reports as a DeadlockException with the driver's code: the same transaction run again may
 * succeed. The code, or undefined for any other error, anywhere along the error's causes.
 */
const RETRYABLE_CODES = new Set(["40P01", "40001"]);

export function retryableTransactionCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = String((current as { code?: unknown }).code ?? "");
    if (RETRYABLE_CODES.has(code)) return code;
    current = current.cause;
  }
  return undefined;
}

/** Short constructors so that handlers read as the rule they enforce. */
export const fail = {
  badRequest: (message: string) => new TRPCError({ code: "BAD_REQUEST", message }),
  unauthorized: (message = NOT_SIGNED_IN) => new TRPCError({ code: "UNAUTHORIZED", message }),
  forbidden: (message = "You don't have permission to do that.") => new TRPCError({ code: "FORBIDDEN", message }),
  notFound: (message = "Not found.") => new TRPCError({ code: "NOT_FOUND", message }),
  conflict: (message: string) => new TRPCError({ code: "CONFLICT", message }),
  tooLarge: (message: string) => new TRPCError({ code: "PAYLOAD_TOO_LARGE", message }),
  tooManyRequests: (message = "Too many attempts. Please wait a few minutes and try again.") =>
    new TRPCError({ code: "TOO_MANY_REQUESTS", message }),
};

/** The first validation message, which the spec words for the user. */
function firstZodMessage(error: ZodError): string {
  return error.issues[0]?.message ?? "Invalid input.";
}

/**
 * What a failed call shows the caller: the status and one sentence, in the caller's language when `t` is
 * given (docs/decisions/0381-messages-translated-at-the-edge.md). Validation errors carry their first
 * message; anything unexpected becomes a generic sentence (the details stay in the server log).
 */
export function publicError(error: unknown, t?: Translate): { status: number; message: string; expected: boolean } {
  const answer = englishPublicError(error);
  return t ? { ...answer, message: localizeMessage(answer.message, t) } : answer;
}

function englishPublicError(error: unknown): { status: number; message: string; expected: boolean } {
  const trpcError =
    error instanceof TRPCError
      ? error
      : new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: error instanceof Error ? error : undefined });
  const cause = trpcError.cause;
  if (cause instanceof ZodError) {
    return { status: 400, message: firstZodMessage(cause), expected: true };
  }
  if (cause instanceof UniqueConstraintViolationException) {
    return { status: 409, message: "That already exists.", expected: true };
  }
  if (isDatabaseUnavailable(cause ?? error)) return { status: 503, message: DATABASE_UNAVAILABLE, expected: false };
  const status = getHTTPStatusCodeFromError(trpcError);
  if (status >= 500) return { status, message: GENERIC_ERROR, expected: false };
  return { status, message: trpcError.message, expected: true };
}
