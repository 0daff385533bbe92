import { UniqueConstraintViolationException } from "@mikro-orm/core";
import type { SqlEntityManager } from "@mikro-orm/knex";
import { signingKey } from "#server/modules/mail/index.js";
import { Organization } from "#server/modules/organizations/index.js";
import { Hooks } from "#server/platform/api/hooks.js";
import type { MailSettings } from "#server/platform/http/config.js";
import { MailBatch } from "#server/platform/mail/outbox.entity.js";
import { DAY_MS, HOUR_MS } from "#shared/constants.js";
import { type BatchContext, queueReminders, queueSummaries } from "./reminders.mail.js";

/**
 * The scheduled mails (decision 0131): the daily reminders and the weekly summary. Each batch is one
 * transaction that first inserts its row in mail_batches (primary key: kind and period), then queues
 * every organization's mails. With several instances, one insert wins; the others fail on the key, or
 * (PostgreSQL) wait for the winner and then fail on it, and send nothing. A crash rolls the whole batch
 * back, row included, so the next instance's tick runs it.
 */

/** Batches run from this hour (UTC) of their day: the reminders daily, the summary on Mondays. */
const BATCH_HOUR_UTC = 7;

export interface BatchKind {
  kind: string;
  /** The period `now` falls in once the batch is due, or null before its hour. */
  periodOf(now: Date): string | null;
  queue(context: BatchContext, organization: Organization): Promise<number>;
}

const dateKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function startOfDay(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

/** A daily batch's period: its day, from BATCH_HOUR_UTC on. */
export const dailyPeriodOf = (now: Date): string | null =>
  now.getTime() >= startOfDay(now) + BATCH_HOUR_UTC * HOUR_MS ? dateKey(now.getTime()) : null;

const BATCH_KINDS: readonly BatchKind[] = [
  { kind: "daily-reminders", periodOf: dailyPeriodOf, queue: queueReminders },
  {
    kind: "weekly-summary",
    periodOf: (now) => {
      // The week starts on Monday (getUTCDay: Sunday 0 … Saturday 6).
      const monday = startOfDay(now) - ((now.getUTCDay() + 6) % 7) * DAY_MS;
      return now.getTime() >= monday + BATCH_HOUR_UTC * HOUR_MS ? `week-of-${dateKey(monday)}` : null;
    },
    queue: queueSummaries,
  },
];

async function runBatch(em: SqlEntityManager, batch: BatchKind, period: string, mail: MailSettings, now: Date) {
  return em.transactional(async (tx) => {
    tx.create(MailBatch, { kind: batch.kind, period, ranAt: now });
    await tx.flush();
    const context: BatchContext = { em: tx, mail, now, key: await signingKey(tx) };
    let queued = 0;
    for (const organization of await tx.find(Organization, {}, { orderBy: { id: "asc" } })) {
      queued += await batch.queue(context, organization);
    }
    return queued;
  });
}

/**
 * The batches of modules above this one (certifications' expiry reminders), registered by server/router.ts
 * (docs/decisions/0290-module-hooks.md): they run after this module's, each once per period the same way.
 */
export const mailBatchKinds = new Hooks<BatchKind>("mailBatchKinds");

/** Runs each batch that is due and has not run for its period; returns what this instance ran. */
export async function runDueBatches(
  em: SqlEntityManager,
  mail: MailSettings,
  now: Date,
): Promise<{ kind: string; period: string; queued: number }[]> {
  const ran: { kind: string; period: string; queued: number }[] = [];
  for (const batch of [...BATCH_KINDS, ...mailBatchKinds.all]) {
    const period = batch.periodOf(now);
    if (period === null) continue;
    const fork = em.fork();
    if ((await fork.count(MailBatch, { kind: batch.kind, period })) > 0) continue;
    try {
      ran.push({ kind: batch.kind, period, queued: await runBatch(fork, batch, period, mail, now) });
    } catch (error) {
      // Another instance ran it first.
      if (error instanceof UniqueConstraintViolationException) continue;
      throw error;
    }
  }
  return ran;
}
