import { hash, randomBytes } from "node:crypto";
import type { EntityManager } from "@mikro-orm/core";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionLookup, SessionRecord } from "#server/platform/api/session.js";
import type { Config } from "#server/platform/http/config.js";
import { DAY_MS, LAST_SEEN_STEP_MS, SESSION_COOKIE } from "#shared/constants.js";
import { Session } from "./session.entity.js";
import { lookUpSession } from "./sessions.data.js";
import type { User } from "./user.entity.js";

// "Last seen" is written at most once per LAST_SEEN_STEP_MS: writing it on every request would cost a
// write per read.
const USER_AGENT_MAX = 255;

function userAgentOf(req: FastifyRequest): string | null {
  const header = req.headers["user-agent"];
  return header ? header.slice(0, USER_AGENT_MAX) : null;
}

/** Every request hashes its cookie: the one-shot hash skips building a Hash object (decision 0208). */
export function hashToken(token: string): string {
  return hash("sha256", token, "hex");
}

/**
 * Cookies carry `Secure` when SECURE_COOKIES says so, and whenever the request itself came over HTTPS:
 * `req.protocol` reads X-Forwarded-Proto only from a proxy that TRUST_PROXY trusts.
 */
export function cookieIsSecure(req: FastifyRequest, config: Config): boolean {
  return config.secureCookies || req.protocol === "https";
}

function setCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: cookieIsSecure(reply.request, config),
    expires: expiresAt,
  });
}

/**
 * Starts a new session for the user: a fresh token on every sign-in (docs/DESIGN.md §5). `signedInWith`
 * names the identity provider of a company sign-in (the account page shows it; decision 0370).
 */
export function startSession(
  em: EntityManager,
  reply: FastifyReply,
  config: Config,
  user: User,
  signedInWith: string | null = null,
): void {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const session = em.create(Session, {
    tokenHash: hashToken(token),
    user,
    createdAt: now,
    renewedAt: now,
    lastSeenAt: now,
    userAgent: userAgentOf(reply.request),
    signedInWith,
    expiresAt: new Date(now.getTime() + config.sessionDays * DAY_MS),
  });
  em.persist(session);
  setCookie(reply, config, token, session.expiresAt);
}

/**
 * The signed-in user of this request, or null. The expiry slides forward, at most once a day, so that
 * an active user stays signed in while a stolen, idle cookie still runs out.
 */
export async function resumeSession(
  em: EntityManager,
  req: FastifyRequest,
  reply: FastifyReply,
  config: Config,
): Promise<SessionLookup | null> {
  const token = req.cookies[SESSION_COOKIE];
  if (!token || token.length > 100) return null;
  const found = await lookUpSession(em, hashToken(token));
  if (!found) return null;
  const { session } = found;
  const now = Date.now();
  if (session.expiresAt.getTime() <= now) {
    await endSession(em, session);
    return null;
  }
  const renew = now - session.renewedAt.getTime() > DAY_MS;
  if (renew) {
    session.renewedAt = new Date(now);
    session.expiresAt = new Date(now + config.sessionDays * DAY_MS);
  }
  if (renew || now - session.lastSeenAt.getTime() > LAST_SEEN_STEP_MS) {
    session.lastSeenAt = new Date(now);
    const seen = { lastSeenAt: session.lastSeenAt, userAgent: userAgentOf(req) };
    await em.nativeUpdate(
      Session,
      { tokenHash: session.tokenHash },
      renew ? { ...seen, renewedAt: session.renewedAt, expiresAt: session.expiresAt } : seen,
    );
  }
  if (renew) setCookie(reply, config, token, session.expiresAt);
  return found;
}

/** Deletes the session's row: it signs nobody in from now on, on any instance. */
export async function endSession(em: EntityManager, session: Pick<SessionRecord, "tokenHash">): Promise<void> {
  await em.nativeDelete(Session, { tokenHash: session.tokenHash });
}

/** Ends every session of the user but `keep` (the caller's own browser); answers how many ended. */
export function endOtherSessions(
  em: EntityManager,
  user: Pick<User, "id">,
  keep: Pick<SessionRecord, "tokenHash">,
): Promise<number> {
  return em.nativeDelete(Session, { user: user.id, tokenHash: { $ne: keep.tokenHash } });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: cookieIsSecure(reply.request, config),
  });
}
