import { TRPCClientError } from "@trpc/client";
import { localizeMessage } from "#shared/i18n/messages.js";
import { i18n } from "./i18n.js";

/** Whether a failed call was answered with 401: for the current-user call that means "signed out". */
export function isUnauthorized(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const data: unknown = error.data;
  if (typeof data !== "object" || data === null) return false;
  return ("code" in data && data.code === "UNAUTHORIZED") || ("httpStatus" in data && data.httpStatus === 401);
}

/**
 * The sentence to show for a failed call (docs/SPEC.md §8): the server's own message when the server answered,
 * the feature's fallback when the call failed without an answer (network, parse), and `unknown` when
 * what was thrown is not an error at all.
 */
export function errorMessage(error: unknown, fallback: string, unknown = fallback): string {
  if (error instanceof TRPCClientError) {
    const answered = typeof error.data === "object" && error.data !== null;
    // The server answers in the person's language already; a message the device made (offline) is English.
    return answered && error.message ? localizeMessage(error.message, i18n.t) : fallback;
  }
  if (error instanceof Error) return fallback;
  return unknown;
}

/**
 * The code of a read the device answered for the server when the server could not be heard and the device
 * keeps no copy of it (decision 0293): the screen says it needs a connection, and nothing retries it until
 * the connection returns.
 */
export const NEEDS_CONNECTION_CODE = "NEEDS_CONNECTION";
export const NEEDS_CONNECTION_MESSAGE =
  "You're offline. This needs a connection; courses saved on this device still open.";

export function needsConnection(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const data: unknown = error.data;
  return typeof data === "object" && data !== null && "code" in data && data.code === NEEDS_CONNECTION_CODE;
}
