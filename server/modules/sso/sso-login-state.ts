import type { FastifyReply, FastifyRequest } from "fastify";
import { cookieIsSecure } from "#server/modules/identity/index.js";
import { seal, unseal } from "#server/platform/crypto/sealing.js";
import { serverSecretKey } from "#server/platform/crypto/secret-key.js";
import type { Config } from "#server/platform/http/config.js";
import type { LoginChecks } from "./oidc-client.js";

/**
 * A company sign-in between its two redirects (docs/decisions/0370-oidc-sign-in.md): state, nonce, PKCE
 * verifier and provider, sealed with SECRET_KEY into a cookie of the browser that started it, so any
 * instance can finish it and no table holds half-done sign-ins. Ten minutes; the callback clears it.
 */

const COOKIE = "tw_sso";
const COOKIE_PATH = "/_api/sso";
const PURPOSE = "sso sign-in state";
export const LOGIN_STATE_TTL_MS = 10 * 60 * 1000;

export interface LoginState extends LoginChecks {
  providerId: number;
  organizationId: number;
  expiresAt: number;
}

export function setLoginState(reply: FastifyReply, config: Config, state: LoginState): void {
  const sealed = seal(Buffer.from(JSON.stringify(state), "utf8"), serverSecretKey(config), PURPOSE);
  reply.setCookie(COOKIE, sealed, {
    path: COOKIE_PATH,
    httpOnly: true,
    // Lax: the provider sends the browser back with a top-level GET, which carries it.
    sameSite: "lax",
    secure: cookieIsSecure(reply.request, config),
    maxAge: LOGIN_STATE_TTL_MS / 1000,
  });
}

/** The sign-in this browser started, or null when there is none, it was tampered with, or it ran out. */
export function readLoginState(req: FastifyRequest, config: Config, now: Date): LoginState | null {
  const sealed = req.cookies[COOKIE];
  if (!sealed) return null;
  try {
    const state = JSON.parse(unseal(sealed, serverSecretKey(config), PURPOSE).toString("utf8")) as LoginState;
    return state.expiresAt > now.getTime() ? state : null;
  } catch {
    return null;
  }
}

export function clearLoginState(reply: FastifyReply, config: Config): void {
  reply.clearCookie(COOKIE, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: "lax",
    secure: cookieIsSecure(reply.request, config),
  });
}
