import type { MikroORM } from "@mikro-orm/core";
import type { AbstractSqlDriver } from "@mikro-orm/knex";
import { DAY_MS, HOUR_MS, INVITATION_DAYS } from "../shared/constants.js";
import type { Config } from "./config.js";
import { Invitation, RateLimitBucket, Session } from "./entities/index.js";

/**
 * Rows that can no longer matter: expired sessions, rate-limit windows that have passed, and
 * invitations that expired a week ago. Nothing reads them, but without this they would pile up.
 */
export async function removeExpiredRows(orm: MikroORM<AbstractSqlDriver>, config: Config): Promise<void> {
  const em = orm.em.fork();
  const now = new Date();
  const currentWindow = Math.floor(now.getTime() / (config.rateLimit.windowSeconds * 1000));
  await em.nativeDelete(Session, { expiresAt: { $lt: now } });
  await em.nativeDelete(RateLimitBucket, { windowNumber: { $lt: currentWindow } });
  // Invitations belong to organizations; this sweep crosses all of them on purpose.
  await em.nativeDelete(
    Invitation,
    { expiresAt: { $lt: new Date(now.getTime() - INVITATION_DAYS * DAY_MS) } },
    { filters: false },
  );
}

/** Runs the sweep at start-up and then hourly; the timer never keeps the process alive. */
export function startHousekeeping(orm: MikroORM<AbstractSqlDriver>, config: Config, log: (error: unknown) => void) {
  const run = () => removeExpiredRows(orm, config).catch(log);
  void run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
