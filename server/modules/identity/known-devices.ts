import { randomBytes } from "node:crypto";
import type { EntityManager } from "@mikro-orm/core";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "#server/platform/http/config.js";
import { API_PREFIX, DAY_MS, DEVICE_COOKIE } from "#shared/constants.js";
import { KnownDevice } from "./session.entity.js";
import { cookieIsSecure, hashToken } from "./sessions.js";
import type { User } from "./user.entity.js";

/** A browser that has not signed in for this long is a stranger again. */
export const KNOWN_DEVICE_DAYS = 365;

function deviceTokenOf(req: FastifyRequest): string | null {
  const token = req.cookies[DEVICE_COOKIE];
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}

/** The device's hash when this browser has signed in to the account before; null otherwise. */
export async function knownDeviceOf(
  em: EntityManager,
  req: FastifyRequest,
  user: Pick<User, "id"> | null,
): Promise<string | null> {
  const token = deviceTokenOf(req);
  if (!token || !user) return null;
  const deviceHash = hashToken(token);
  return (await em.count(KnownDevice, { deviceHash, user: user.id })) > 0 ? deviceHash : null;
}

/**
 * The device's hash when this browser has signed in to the account of `emailKey` before; null otherwise,
 * and alike whether or not an account uses the address: one statement either way, and none without a cookie
 * (forgot-password must not take longer for addresses that have accounts).
 */
export async function knownDeviceForEmail(
  em: EntityManager,
  req: FastifyRequest,
  emailKey: string,
): Promise<string | null> {
  const token = deviceTokenOf(req);
  if (!token) return null;
  const deviceHash = hashToken(token);
  return (await em.count(KnownDevice, { deviceHash, user: { emailKey } })) > 0 ? deviceHash : null;
}

/** After a successful sign-in or registration: this browser is known to the account from now on. */
export async function rememberDevice(
  em: EntityManager,
  reply: FastifyReply,
  config: Config,
  user: User,
): Promise<void> {
  const token = deviceTokenOf(reply.request) ?? randomBytes(32).toString("base64url");
  await em.upsert(KnownDevice, { deviceHash: hashToken(token), user, lastSignInAt: new Date() });
  reply.setCookie(DEVICE_COOKIE, token, {
    path: API_PREFIX,
    httpOnly: true,
    sameSite: "lax",
    secure: cookieIsSecure(reply.request, config),
    maxAge: (KNOWN_DEVICE_DAYS * DAY_MS) / 1000,
  });
}
