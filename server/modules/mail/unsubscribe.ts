import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { EntityManager } from "@mikro-orm/core";
import type { SqlEntityManager } from "@mikro-orm/knex";
import { ServerSecret } from "#server/platform/db/server-secret.entity.js";
import { ReminderOptOut } from "./reminder-opt-out.entity.js";

/**
 * The "stop these reminders" link (decision 0132): `<membership id>.<HMAC of it>`, signed with a key the
 * server makes once and keeps in the database (every instance reads the same). The link needs no
 * sign-in, so it works from any mail client, and it can turn off nothing but that one membership's reminders.
 */

const SECRET_NAME = "unsubscribe-links";

/**
 * The key, made on first use. On the caller's entity manager (never a fork): inside a transaction on
 * SQLite a fork would wait for the one connection the transaction holds.
 */
export async function signingKey(em: SqlEntityManager): Promise<Buffer> {
  const existing = await em.findOne(ServerSecret, { name: SECRET_NAME });
  if (existing) return Buffer.from(existing.value, "hex");
  // Two instances making the key at once: the first insert wins, and both read it back.
  await em.execute(
    "insert into server_secrets (name, value) values (?, ?) on conflict (name) do nothing",
    [SECRET_NAME, randomBytes(32).toString("hex")],
    "run",
  );
  const made = await em.findOneOrFail(ServerSecret, { name: SECRET_NAME }, { refresh: true });
  return Buffer.from(made.value, "hex");
}

const signatureOf = (key: Buffer, membershipId: number) =>
  createHmac("sha256", key).update(`reminders:${membershipId}`).digest("base64url");

export function unsubscribeToken(key: Buffer, membershipId: number): string {
  return `${membershipId}.${signatureOf(key, membershipId)}`;
}

/** The membership a token names, or null when it is not one this server signed. */
export async function membershipOfToken(em: SqlEntityManager, token: string): Promise<number | null> {
  const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const membershipId = Number(match[1]);
  const expected = Buffer.from(signatureOf(await signingKey(em), membershipId));
  const given = Buffer.from(match[2] ?? "");
  return expected.length === given.length && timingSafeEqual(expected, given) ? membershipId : null;
}

/** Turns one membership's reminders on or off; doing it twice is the same as once. */
export async function setRemindersEnabled(
  em: EntityManager,
  membership: { id: number; organizationId: number },
  enabled: boolean,
): Promise<void> {
  if (enabled) {
    await em.nativeDelete(ReminderOptOut, { membership: membership.id });
    return;
  }
  if ((await em.count(ReminderOptOut, { membership: membership.id })) > 0) return;
  em.create(ReminderOptOut, { membership: membership.id, organization: membership.organizationId });
}
