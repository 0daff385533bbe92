import { EntitySchema, OptionalProps } from "@mikro-orm/core";
import type { Webhook } from "#server/modules/api-access/index.js";
import type { Organization } from "#server/modules/organizations/index.js";
import { TENANT_FILTER } from "#server/platform/db/tenant-filter.js";

/** What a mail of the outbox is about (server/platform/mail/): each kind has its own template. */
export type MailKind = "invitation" | "reminder" | "summary" | "password_reset" | "notice";

/**
 * What the outbox carries: mail, and webhook deliveries (docs/decisions/0341-webhooks-through-the-outbox.md),
 * each sent by its own channel (server/platform/mail/sender.ts).
 */
export type OutboxKind = MailKind | "webhook";

/**
 * Which mail the sender claims first (docs/decisions/0270-invitation-limits-pages-fair-outbox.md): mail
 * someone is waiting for to sign in (a password reset) before bulk mail (invitations, reminders, summaries).
 */
const MAIL_PRIORITY = { account: 0, bulk: 1 } as const;
export type MailPriority = (typeof MAIL_PRIORITY)[keyof typeof MAIL_PRIORITY];

export const PRIORITY_OF_KIND: Record<OutboxKind, MailPriority> = {
  password_reset: MAIL_PRIORITY.account,
  invitation: MAIL_PRIORITY.bulk,
  reminder: MAIL_PRIORITY.bulk,
  summary: MAIL_PRIORITY.bulk,
  notice: MAIL_PRIORITY.bulk,
  webhook: MAIL_PRIORITY.bulk,
};

/**
 * One mail to send (decision 0130), or one webhook delivery (decision 0341: `recipient` is the endpoint's
 * address, `subject` the event's name, `text` the JSON body). Written in the same transaction as what
 * caused it; a sender claims it with a lease (`claimToken`, `claimedUntil`), sends it, and marks it sent
 * or schedules a retry. A mail's bodies are emptied once it is sent or given up: a reset or invitation
 * link is not kept in clear; a delivery keeps its body for the endpoint's log.
 */
export class OutboxMail {
  [OptionalProps]?:
    | "createdAt"
    | "attempts"
    | "claimToken"
    | "claimedUntil"
    | "sentAt"
    | "failedAt"
    | "lastError"
    | "priority"
    | "webhook"
    | "messageId"
    | "attemptedAt"
    | "responseStatus"
    | "responseMs";
  id!: number;
  /** The organization the mail speaks for; null for mails about one's account (password reset). */
  organization!: Organization | null;
  kind!: OutboxKind;
  /** PRIORITY_OF_KIND of its kind: lower is claimed first. */
  priority: MailPriority = MAIL_PRIORITY.bulk;
  recipient!: string;
  subject!: string;
  text!: string;
  html!: string;
  createdAt: Date = new Date();
  attempts = 0;
  /** Not sent before this moment: the backoff after a failure. */
  nextAttemptAt!: Date;
  claimToken: string | null = null;
  claimedUntil: Date | null = null;
  sentAt: Date | null = null;
  /** Given up: the last attempt's error stays in lastError, for the admins' "E-mail problems". */
  failedAt: Date | null = null;
  lastError: string | null = null;
  /** A delivery's endpoint; null for mail. */
  webhook: Webhook | null = null;
  /** The id a receiver tells deliveries apart by (`webhook-id`), the same when an admin redelivers it. */
  messageId: string | null = null;
  /** A delivery's last attempt: when, the status its receiver answered (none without an answer), how long it took. */
  attemptedAt: Date | null = null;
  responseStatus: number | null = null;
  responseMs: number | null = null;
}

export const OutboxMailSchema = new EntitySchema<OutboxMail>({
  class: OutboxMail,
  tableName: "outbox_mails",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", nullable: true, deleteRule: "cascade" },
    kind: { type: "string", length: 20 },
    priority: { type: "smallint", default: MAIL_PRIORITY.bulk },
    recipient: { type: "string", length: 254 },
    subject: { type: "string", length: 300 },
    text: { type: "text" },
    html: { type: "text" },
    createdAt: { type: "datetime", onCreate: () => new Date() },
    attempts: { type: "integer", default: 0 },
    nextAttemptAt: { type: "datetime" },
    claimToken: { type: "string", length: 64, nullable: true },
    claimedUntil: { type: "datetime", nullable: true },
    sentAt: { type: "datetime", nullable: true },
    failedAt: { type: "datetime", nullable: true },
    lastError: { type: "string", length: 500, nullable: true },
    // The outbox is read across organizations (the senders, the tests): the endpoint's tenant filter is not
    // joined in for it, unless a query of one organization's scope asks.
    webhook: {
      kind: "m:1",
      entity: "Webhook",
      nullable: true,
      deleteRule: "cascade",
      index: false,
      filters: { [TENANT_FILTER]: false },
    },
    messageId: { type: "string", length: 40, nullable: true },
    attemptedAt: { type: "datetime", nullable: true },
    responseStatus: { type: "smallint", nullable: true },
    responseMs: { type: "integer", nullable: true },
  },
  indexes: [
    { name: "outbox_mails_due_idx", properties: ["sentAt", "failedAt", "nextAttemptAt"] },
    { name: "outbox_mails_org_failed_idx", properties: ["organization", "failedAt"] },
    // An endpoint's delivery log, newest first.
    { name: "outbox_mails_webhook_idx", properties: ["webhook", "id"] },
  ],
});

/**
 * A scheduled batch (the daily reminders, the weekly summary) that has run: its primary key is the kind
 * and the period, so the one instance whose insert succeeds runs it, in the same transaction.
 */
export class MailBatch {
  [OptionalProps]?: "ranAt";
  kind!: string;
  /** "2026-11-23" for a day, "2026-W48" for a week. */
  period!: string;
  ranAt: Date = new Date();
}

export const MailBatchSchema = new EntitySchema<MailBatch>({
  class: MailBatch,
  tableName: "mail_batches",
  properties: {
    kind: { type: "string", length: 30, primary: true },
    period: { type: "string", length: 20, primary: true },
    ranAt: { type: "datetime", onCreate: () => new Date() },
  },
});
