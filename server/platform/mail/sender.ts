import { randomBytes } from "node:crypto";
import type { EntityManager, MikroORM } from "@mikro-orm/core";
import type { AbstractSqlDriver } from "@mikro-orm/knex";
import { readRowsAcrossOrganizations } from "#server/platform/db/rows.js";
import { dateParamOf } from "#server/platform/db/sql-dialect.js";
import { type OutboxKind, OutboxMail } from "./outbox.entity.js";
import type { MailTransport } from "./transport.js";

/**
 * Sends the outbox (decision 0130). Any number of senders, in any number of instances, share it:
 * - a sender claims a batch with one UPDATE that only touches rows whose claim has expired, so two
 *   senders never hold the same row (on PostgreSQL the second UPDATE waits for the first, then finds the
 *   rows claimed; SQLite runs one writer at a time);
 * - a claim is a lease: a sender that dies mid-batch leaves its rows to whoever claims after the lease;
 * - a failure is retried with exponential backoff, up to MAX_ATTEMPTS, then kept as failed for the admins.
 * The one gap: a sender that dies after the mail server accepted a mail and before marking it sent has
 * it sent again after the lease; it carries the same Message-ID, which mail systems use to drop a copy.
 */

export const OUTBOX_LEASE_MS = 5 * 60_000;
export const OUTBOX_BATCH_SIZE = 20;
export const MAX_ATTEMPTS = 6;
/** The wait after the first failure; each later one doubles it (1, 2, 4, 8, 16 minutes). */
export const FIRST_RETRY_MS = 60_000;
/** A mail is not started with less of its lease left than this: the SMTP time-outs fit in it. */
const LEASE_MARGIN_MS = 2 * 60_000;

/** What one attempt at a message came to, as its channel tells it. */
export type OutboxAttempt =
  | { delivered: true; responseStatus?: number; responseMs?: number }
  | { delivered: false; error: string; permanent: boolean; responseStatus?: number; responseMs?: number };

/**
 * How the outbox sends messages of some kinds (decision 0341): mail over SMTP (`mailChannel`), webhook
 * deliveries over HTTP (server/modules/api-access). The claim, the lease and the bookkeeping are the
 * sender's, the same for every channel.
 */
export interface OutboxChannel {
  kinds: readonly OutboxKind[];
  attempt(message: OutboxMail): Promise<OutboxAttempt>;
  /** The wait before the next attempt after `attempts` failed ones; null gives the message up. */
  retryAfterMs(attempts: number): number | null;
  /** Whether a message keeps its bodies once sent or given up (a delivery's log) or loses them (a mail's links). */
  keepsBodies: boolean;
  /** What follows a message given up (a webhook endpoint disabled), on the sender's entity manager. */
  givenUp?(em: EntityManager, message: OutboxMail, now: Date): Promise<void>;
}

interface MailSenderOptions {
  orm: MikroORM<AbstractSqlDriver>;
  transport: MailTransport;
  /** Milliseconds since the epoch (AppServices.clock). */
  clock?: () => number;
  /** Where the host part of Message-IDs comes from. */
  messageIdDomain: string;
}

interface ChannelSenderOptions {
  orm: MikroORM<AbstractSqlDriver>;
  channel: OutboxChannel;
  clock?: () => number;
}

export type SenderOptions = MailSenderOptions | ChannelSenderOptions;

export interface SendReport {
  sent: number;
  retried: number;
  failed: number;
}

/** The SMTP reply code of a nodemailer error: 5xx is a permanent refusal, not worth retrying. */
function smtpCode(error: unknown): number | null {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" ? code : null;
}

export function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").trim().slice(0, 500) || "Unknown error";
}

const MAIL_KINDS: readonly OutboxKind[] = ["invitation", "reminder", "summary", "password_reset", "notice"];

/** Mail over SMTP: retried after 1, 2, 4, 8, 16 minutes, given up after MAX_ATTEMPTS or a 5xx reply. */
function mailChannel(transport: MailTransport, messageIdDomain: string): OutboxChannel {
  return {
    kinds: MAIL_KINDS,
    keepsBodies: false,
    retryAfterMs: (attempts) => (attempts >= MAX_ATTEMPTS ? null : FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1)),
    async attempt(mail) {
      try {
        await transport.send({
          to: mail.recipient,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: `<outbox-${mail.id}.${mail.createdAt.getTime()}@${messageIdDomain}>`,
        });
        return { delivered: true };
      } catch (error) {
        const code = smtpCode(error);
        return { delivered: false, error: describeError(error), permanent: code !== null && code >= 500 };
      }
    },
  };
}

export class OutboxSender {
  private readonly clock: () => number;
  private readonly channel: OutboxChannel;

  constructor(private readonly options: SenderOptions) {
    this.clock = options.clock ?? Date.now;
    this.channel = "channel" in options ? options.channel : mailChannel(options.transport, options.messageIdDomain);
  }

  /**
   * Takes up to OUTBOX_BATCH_SIZE due messages of its channel's kinds that nobody holds; they are this
   * sender's until the lease ends. Which ones (docs/decisions/0270-invitation-limits-pages-fair-outbox.md):
   * account mail (a password reset) before bulk mail, then bulk mail in rounds across organizations, each
   * round one mail of every organization with mail waiting, the organization whose mail has waited longest
   * first. So one organization's thousands of invitations take no more than their share of a claim while
   * others wait, and all of it while none do.
   */
  async claim(): Promise<OutboxMail[]> {
    const em = this.options.orm.em.fork();
    const now = new Date(this.clock());
    const at = dateParamOf(em, now);
    const { kinds } = this.channel;
    const candidates = await readRowsAcrossOrganizations<{ id: number }>(
      em,
      `select id from (
         select id, priority,
           row_number() over (partition by priority, organization_id order by id) as turn,
           min(id) over (partition by priority, organization_id) as first_waiting
         from outbox_mails
         where sent_at is null and failed_at is null and next_attempt_at <= ?
           and (claimed_until is null or claimed_until <= ?)
           and kind in (${kinds.map(() => "?").join(", ")})
       ) due
       order by priority, turn, first_waiting
       limit ${OUTBOX_BATCH_SIZE}`,
      [at, at, ...kinds],
    );
    if (candidates.length === 0) return [];
    const order = new Map(candidates.map((candidate, index) => [Number(candidate.id), index]));
    const unclaimed = { $or: [{ claimedUntil: null }, { claimedUntil: { $lte: now } }] };
    const due = { sentAt: null, failedAt: null, nextAttemptAt: { $lte: now }, ...unclaimed };
    const claimToken = randomBytes(16).toString("hex");
    // The conditions are checked again by the UPDATE itself: a row another sender claimed meanwhile is skipped.
    await em.nativeUpdate(
      OutboxMail,
      { id: { $in: [...order.keys()] }, ...due },
      { claimToken, claimedUntil: new Date(now.getTime() + OUTBOX_LEASE_MS) },
    );
    const claimed = await em.fork().find(OutboxMail, { claimToken });
    // Sent in the order chosen: a reset first, however the rows came back.
    return claimed.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  }

  /** Sends what `claim` returned, one by one, recording each outcome. */
  async deliver(messages: readonly OutboxMail[]): Promise<SendReport> {
    const report: SendReport = { sent: 0, retried: 0, failed: 0 };
    const em = this.options.orm.em.fork();
    const emptied = this.channel.keepsBodies ? {} : { text: "", html: "" };
    for (const message of messages) {
      const { claimToken, claimedUntil } = message;
      // A message whose lease runs short is left to the next claim rather than risk two senders at once.
      if (!claimToken || !claimedUntil || this.clock() > claimedUntil.getTime() - LEASE_MARGIN_MS) break;
      const mine = { id: message.id, claimToken };
      const attemptedAt = new Date(this.clock());
      const outcome = await this.channel.attempt(message);
      const attempts = message.attempts + 1;
      const answered = {
        attempts,
        claimToken: null,
        claimedUntil: null,
        ...(message.kind === "webhook"
          ? { attemptedAt, responseStatus: outcome.responseStatus ?? null, responseMs: outcome.responseMs ?? null }
          : {}),
      };
      if (outcome.delivered) {
        // Sent: a mail's bodies (which may hold a one-time link) go; who, what and when stay.
        await em.nativeUpdate(OutboxMail, mine, {
          ...answered,
          lastError: null,
          sentAt: new Date(this.clock()),
          ...emptied,
        });
        report.sent += 1;
        continue;
      }
      const retryAfterMs = outcome.permanent ? null : this.channel.retryAfterMs(attempts);
      const now = this.clock();
      await em.nativeUpdate(OutboxMail, mine, {
        ...answered,
        lastError: outcome.error,
        ...(retryAfterMs === null
          ? { failedAt: new Date(now), ...emptied }
          : { nextAttemptAt: new Date(now + retryAfterMs) }),
      });
      if (retryAfterMs === null) {
        report.failed += 1;
        await this.channel.givenUp?.(em.fork(), message, new Date(now));
      } else report.retried += 1;
    }
    return report;
  }

  /** One claim and its delivery. */
  async runOnce(): Promise<SendReport> {
    return this.deliver(await this.claim());
  }
}
