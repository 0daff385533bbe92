import type { FastifyRequest } from "fastify";
import { fail } from "#server/platform/http/errors.js";
import type { ProcedureMeta } from "./trpc.js";

/**
 * The second way a request is identified (docs/decisions/0320-api-keys.md): an API key in an
 * `Authorization: Bearer` header, on the documented REST paths of procedures that act on one
 * organization. Nothing here runs for a request without that header, so the session path costs no more.
 */

export const API_KEY_MESSAGES = {
  invalid: "The API key is not valid: it is unknown, revoked or expired.",
  cookieOnly: "API keys cannot call this path: it needs a signed-in browser.",
  readOnly: "This API key may only read.",
} as const;

declare module "fastify" {
  interface FastifyContextConfig {
    /** A documented REST path (server/platform/http/rest.ts): the only routes an API key may call. */
    restEndpoint?: true;
  }
}

const BEARER = /^Bearer +(\S+) *$/i;

/**
 * Whether the request was made with an API key (a `Bearer` Authorization header): its answers, errors
 * included, are plain JSON (server/platform/api/wire-format.ts, plainJsonText).
 */
export function carriesApiKey(req: FastifyRequest): boolean {
  const header = req.headers.authorization;
  return header !== undefined && /^bearer\b/i.test(header);
}

/**
 * The key of a `Bearer` Authorization header, or null when the request has none. Another scheme (Basic,
 * from a proxy's own password prompt that browsers repeat on every request) is not a key, and not refused.
 */
export function bearerKeyOf(req: FastifyRequest): string | null {
  if (!carriesApiKey(req)) return null;
  const key = BEARER.exec(req.headers.authorization ?? "")?.[1];
  if (key === undefined) throw fail.unauthorized(API_KEY_MESSAGES.invalid);
  return key;
}

/**
 * Refuses a key where keys may not act: on the tRPC endpoint (keys call the documented REST paths) and on
 * a procedure that acts as the person themself (`inPerson`: a signature, a completion, one's own training).
 */
export function assertKeyMayCall(req: FastifyRequest, meta: ProcedureMeta | undefined): void {
  if (req.routeOptions.config.restEndpoint !== true || meta?.inPerson) {
    throw fail.unauthorized(API_KEY_MESSAGES.cookieOnly);
  }
}
