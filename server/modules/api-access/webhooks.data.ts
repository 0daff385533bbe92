import type { EntityManager } from "@mikro-orm/core";
import { User } from "#server/modules/identity/index.js";
import type { TrainingEvent } from "#server/platform/api/training-events.js";
import { seal } from "#server/platform/crypto/sealing.js";
import { serverSecretKey } from "#server/platform/crypto/secret-key.js";
import { TENANT_FILTER } from "#server/platform/db/tenant-filter.js";
import { createOwned, type OrganizationScope } from "#server/platform/db/tenant-scope.js";
import type { Config } from "#server/platform/http/config.js";
import { fail } from "#server/platform/http/errors.js";
import { OutboxMail, PRIORITY_OF_KIND } from "#server/platform/mail/outbox.entity.js";
import type { EvidenceFact } from "#shared/evidence.js";
import { WEBHOOK_MESSAGES, type WebhookEvent } from "#shared/schemas/webhooks.js";
import { Webhook } from "./webhook.entity.js";
import { eventsColumn, newMessageId, newWebhookSecret, subscribedTo, webhookEventOf } from "./webhooks.rules.js";

/**
 * An organization's webhooks and their deliveries (docs/decisions/0341-webhooks-through-the-outbox.md). A
 * delivery is a row of the outbox, written in the event's transaction; the HTTP side is
 * webhook-delivery.ts.
 */

/** What the secret is sealed for (server/platform/crypto/sealing.ts): it opens for nothing else. */
export const WEBHOOK_SECRET_PURPOSE = "webhook signing secret";

/** A new endpoint in the request's organization, and its secret, which is kept only sealed. */
export function createWebhook(
  scope: OrganizationScope,
  config: Config,
  createdBy: { id: number },
  input: { url: string; events: readonly WebhookEvent[] },
): { webhook: Webhook; secret: string } {
  const secret = newWebhookSecret();
  const webhook = createOwned(scope, Webhook, {
    createdBy: scope.em.getReference(User, createdBy.id),
    url: input.url,
    events: eventsColumn(input.events),
    sealedSecret: seal(Buffer.from(secret, "utf8"), serverSecretKey(config), WEBHOOK_SECRET_PURPOSE),
  });
  scope.em.persist(webhook);
  return { webhook, secret };
}

/** The organization's endpoints, newest first. */
export function organizationWebhooks(em: EntityManager): Promise<Webhook[]> {
  return em.find(Webhook, {}, { orderBy: { createdAt: "desc", id: "desc" } });
}

async function webhookOf(em: EntityManager, id: number): Promise<Webhook> {
  const webhook = await em.findOne(Webhook, { id });
  if (!webhook) throw fail.notFound(WEBHOOK_MESSAGES.notFound);
  return webhook;
}

/** Deleting an endpoint deletes its deliveries with it, waiting ones included (the foreign key cascades). */
export async function deleteWebhook(em: EntityManager, id: number): Promise<void> {
  await webhookOf(em, id);
  await em.nativeDelete(Webhook, { id });
}

/** How many of an endpoint's deliveries its log shows, newest first. */
const DELIVERIES_SHOWN = 50;

/** An endpoint of the request's organization and its latest deliveries. */
export async function webhookDeliveries(
  em: EntityManager,
  webhookId: number,
): Promise<{ webhook: Webhook; deliveries: OutboxMail[] }> {
  const webhook = await webhookOf(em, webhookId);
  const deliveries = await em.find(
    OutboxMail,
    { webhook: webhook.id, kind: "webhook" },
    { orderBy: { id: "desc" }, limit: DELIVERIES_SHOWN },
  );
  return { webhook, deliveries };
}

/**
 * Sends a delivery again, as a new row of the outbox with the same message id and body, due now; the
 * endpoint is turned on again (an admin who redelivers says the receiver works). Another organization's
 * delivery is "not found".
 */
export async function redeliver(scope: OrganizationScope, deliveryId: number, now: Date): Promise<OutboxMail> {
  const original = await scope.em.findOne(
    OutboxMail,
    { id: deliveryId, kind: "webhook", organization: scope.organization.id },
    { populate: ["webhook"] },
  );
  const webhook = original?.webhook;
  if (!original || !webhook) throw fail.notFound(WEBHOOK_MESSAGES.deliveryNotFound);
  webhook.disabledAt = null;
  const again = scope.em.create(OutboxMail, {
    organization: original.organization,
    kind: "webhook",
    priority: PRIORITY_OF_KIND.webhook,
    recipient: webhook.url,
    subject: original.subject,
    text: original.text,
    html: "",
    createdAt: now,
    nextAttemptAt: now,
    webhook,
    messageId: original.messageId,
  });
  await scope.em.flush();
  return again;
}

/** The body every delivery carries, per the Standard Webhooks specification: type, timestamp, data. */
function webhookBody(event: WebhookEvent, at: Date, data: Record<string, EvidenceFact>): string {
  return JSON.stringify({ type: event, timestamp: at.toISOString(), data });
}

/**
 * A training event's deliveries (server/platform/api/training-events.ts): one outbox row per endpoint of
 * its organization that chose it and is on, written on the caller's entity manager, in its transaction.
 */
export async function queueEventDeliveries(em: EntityManager, event: TrainingEvent): Promise<void> {
  const name = webhookEventOf(event.kind);
  if (!name) return;
  const endpoints = await em.find(
    Webhook,
    { organization: event.organizationId, disabledAt: null, events: { $like: subscribedTo(name) } },
    { fields: ["id", "url"], filters: { [TENANT_FILTER]: { organizationId: event.organizationId } } },
  );
  if (endpoints.length === 0) return;
  const text = webhookBody(name, event.occurredAt, {
    organizationId: event.organizationId,
    actorId: event.actorId,
    userId: event.subjectUserId ?? null,
    courseId: event.courseId ?? null,
    lessonId: event.lessonId ?? null,
    ...event.facts,
  });
  await em.insertMany(
    OutboxMail,
    endpoints.map((endpoint) => ({
      organization: event.organizationId,
      kind: "webhook" as const,
      priority: PRIORITY_OF_KIND.webhook,
      recipient: endpoint.url,
      subject: name,
      text,
      html: "",
      createdAt: event.occurredAt,
      attempts: 0,
      nextAttemptAt: event.occurredAt,
      webhook: endpoint.id,
      messageId: newMessageId(),
    })),
  );
}
