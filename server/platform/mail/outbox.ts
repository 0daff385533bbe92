import type { EntityManager } from "@mikro-orm/core";
import { type MailKind, OutboxMail, PRIORITY_OF_KIND } from "./outbox.entity.js";
import type { RenderedMail } from "./templates.js";

/** One mail for the outbox: to whom, on behalf of which organization, and what it says. */
export interface MailToQueue extends RenderedMail {
  kind: MailKind;
  recipient: string;
  organization: OutboxMail["organization"];
}

/**
 * Adds a mail to the outbox on the caller's entity manager, so that it is written in the same transaction
 * as what caused it (an invitation, a reset request, a batch): both land, or neither. The sender
 * (server/platform/mail/sender.ts) takes it from there.
 */
export function queueMail(em: EntityManager, mail: MailToQueue, now: Date): OutboxMail {
  return em.create(OutboxMail, {
    organization: mail.organization,
    kind: mail.kind,
    priority: PRIORITY_OF_KIND[mail.kind],
    recipient: mail.recipient,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    createdAt: now,
    nextAttemptAt: now,
  });
}
