import type { SqlEntityManager } from "@mikro-orm/knex";
import {
  KNOWN_DEVICE_DAYS,
  KnownDevice,
  PasswordReset,
  RateLimitBucket,
  RateLimitStreak,
  Session,
} from "#server/modules/identity/index.js";
import { Invitation, InvitationSend } from "#server/modules/team/index.js";
import type { Config } from "#server/platform/http/config.js";
import { OutboxMail } from "#server/platform/mail/outbox.entity.js";
import type { ScheduledJob } from "#server/platform/scheduler/scheduler.js";
import { DAY_MS, HOUR_MS, INVITATION_DAYS } from "#shared/constants.js";

/** How long the outbox keeps a mail after it was sent or given up. */
const MAIL_KEPT_DAYS = 30;

/**
 * Rows that can no longer matter: expired sessions, rate-limit windows that have passed, runs of failures
 * no lock remembers any more, invitations that expired a week ago, password reset links a day after they
 * expired, mail a month after it was sent or given up, and browsers that have not signed in for
 * KNOWN_DEVICE_DAYS. Nothing reads them, but without this they would pile up.
 * The invitation limits' record of what was sent goes after a day, when it no longer counts.
 */
async function removeExpiredRows(em: SqlEntityManager, config: Config, now: Date): Promise<void> {
  const currentWindow = Math.floor(now.getTime() / (config.rateLimit.windowSeconds * 1000));
  await em.nativeDelete(Session, { expiresAt: { $lt: now } });
  await em.nativeDelete(RateLimitBucket, { windowNumber: { $lt: currentWindow } });
  // A run of failures is forgotten a day after its longest lock could end (server/platform/http/rate-limit.ts).
  const streaksForgottenBefore = now.getTime() - config.rateLimit.windowSeconds * 1000 - DAY_MS;
  await em.nativeDelete(RateLimitStreak, { lastAt: { $lt: streaksForgottenBefore } });
  await em.nativeDelete(KnownDevice, { lastSignInAt: { $lt: new Date(now.getTime() - KNOWN_DEVICE_DAYS * DAY_MS) } });
  await em.nativeDelete(PasswordReset, { expiresAt: { $lt: new Date(now.getTime() - DAY_MS) } });
  // Sent and given-up mail stays a month (the admins' "E-mail problems" lists the failures meanwhile).
  const monthAgo = new Date(now.getTime() - MAIL_KEPT_DAYS * DAY_MS);
  await em.nativeDelete(OutboxMail, { $or: [{ sentAt: { $lt: monthAgo } }, { failedAt: { $lt: monthAgo } }] });
  // Invitations belong to organizations; this sweep crosses all of them on purpose.
  await em.nativeDelete(
    Invitation,
    { expiresAt: { $lt: new Date(now.getTime() - INVITATION_DAYS * DAY_MS) } },
    { filters: false },
  );
  await em.nativeDelete(InvitationSend, { sentAt: { $lt: new Date(now.getTime() - DAY_MS) } }, { filters: false });
}

/** The sweep's name on the scheduler. */
export const HOUSEKEEPING_JOB = "housekeeping";

/**
 * The sweep as a job of the platform scheduler (docs/decisions/0401-jobs-on-the-scheduler.md): on every
 * instance as it starts, then hourly. Instances sweeping at once delete the same rows; nothing else.
 */
export function housekeepingJob(config: Config): ScheduledJob {
  return {
    name: HOUSEKEEPING_JOB,
    everyMs: HOUR_MS,
    across: "each",
    atStart: true,
    run: (em, now) => removeExpiredRows(em, config, now),
  };
}
