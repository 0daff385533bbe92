import { createHmac, timingSafeEqual } from "node:crypto";
import type { SqlEntityManager } from "@mikro-orm/knex";
import { signingKey } from "#server/modules/mail/index.js";

/**
 * The launch token in a package file's path (docs/decisions/0333-scorm-played-in-an-opaque-origin.md):
 * `<package>.<version>.<user>.<SCO index>.<expires>.<HMAC>`, signed with the server's key (the mail module's, domain
 * separated by the "scorm-launch:" prefix). It stands in for the session on the file path, which reads
 * no cookie: the package's frame runs in an opaque origin and gets none.
 */

/** How long a launch's files stay readable: a working day's session, then the lesson page launches again. */
const LAUNCH_SECONDS = 12 * 60 * 60;

export interface LaunchGrant {
  packageId: number;
  packageVersion: number;
  userId: number;
  /** The SCO's place in the package's play order, from 0. */
  scoIndex: number;
}

const TOKEN =
  /^([1-9][0-9]{0,9})\.([1-9][0-9]{0,9})\.([1-9][0-9]{0,9})\.(0|[1-9][0-9]{0,4})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/;

const signatureOf = (key: Buffer, payload: string) =>
  createHmac("sha256", key).update(`scorm-launch:${payload}`).digest("base64url");

export async function launchToken(em: SqlEntityManager, grant: LaunchGrant, now = Date.now()): Promise<string> {
  const expires = Math.floor(now / 1000) + LAUNCH_SECONDS;
  const payload = `${grant.packageId}.${grant.packageVersion}.${grant.userId}.${grant.scoIndex}.${expires}`;
  return `${payload}.${signatureOf(await signingKey(em), payload)}`;
}

/** The grant a token carries, or null when this server did not sign it or it has expired. */
export async function grantOfToken(em: SqlEntityManager, token: string, now = Date.now()): Promise<LaunchGrant | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, packageId, packageVersion, userId, scoIndex, expires, signature] = match;
  const payload = `${packageId}.${packageVersion}.${userId}.${scoIndex}.${expires}`;
  const expected = Buffer.from(signatureOf(await signingKey(em), payload));
  const given = Buffer.from(signature ?? "");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(expires) * 1000 < now) return null;
  return {
    packageId: Number(packageId),
    packageVersion: Number(packageVersion),
    userId: Number(userId),
    scoIndex: Number(scoIndex),
  };
}
