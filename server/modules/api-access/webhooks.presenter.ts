import { z } from "zod";
import { dateAnswer, plainJson } from "#server/platform/api/wire-format.js";
import type { OutboxMail } from "#server/platform/mail/outbox.entity.js";
import { WEBHOOK_EVENTS, type WebhookEvent } from "#shared/schemas/webhooks.js";
import type { Webhook } from "./webhook.entity.js";
import { eventsOfColumn } from "./webhooks.rules.js";

/** An endpoint as its organization's admins see it: never its secret. */
export interface WebhookView {
  id: number;
  url: string;
  events: WebhookEvent[];
  createdAt: Date;
  /** When failing deliveries turned it off; null while it receives events. */
  disabledAt: Date | null;
}

export const webhookAnswer = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: dateAnswer(),
  disabledAt: dateAnswer().nullable(),
});

/** An endpoint just made: the one answer that carries its signing secret. */
export interface NewWebhookView {
  id: number;
  secret: string;
  webhook: WebhookView;
}

export const newWebhookAnswer = z.object({ id: z.number().int(), secret: z.string(), webhook: webhookAnswer });

type DeliveryStatus = "pending" | "retrying" | "delivered" | "failed";

/** One delivery in an endpoint's log: what was sent, and what its last attempt came to. */
export interface DeliveryView {
  id: number;
  event: string;
  /** `webhook-id`: the same for a redelivery of the same message. */
  messageId: string | null;
  status: DeliveryStatus;
  attempts: number;
  createdAt: Date;
  attemptedAt: Date | null;
  responseStatus: number | null;
  responseMs: number | null;
  nextAttemptAt: Date | null;
  error: string | null;
  request: { url: string; body: string };
}

export const deliveryAnswer = z.object({
  id: z.number().int(),
  event: z.string(),
  messageId: z.string().nullable(),
  status: z.enum(["pending", "retrying", "delivered", "failed"]),
  attempts: z.number().int(),
  createdAt: dateAnswer(),
  attemptedAt: dateAnswer().nullable(),
  responseStatus: z.number().int().nullable(),
  responseMs: z.number().int().nullable(),
  nextAttemptAt: dateAnswer().nullable(),
  error: z.string().nullable(),
  request: z.object({ url: z.string(), body: z.string() }),
});

export const deletedAnswer = z.object({ deleted: z.literal(true) });

export function presentWebhook(webhook: Webhook): WebhookView {
  return {
    id: webhook.id,
    url: webhook.url,
    events: eventsOfColumn(webhook.events),
    createdAt: webhook.createdAt,
    disabledAt: webhook.disabledAt,
  };
}

export function presentNewWebhook(webhook: Webhook, secret: string): NewWebhookView {
  return { id: webhook.id, secret, webhook: presentWebhook(webhook) };
}

function statusOf(delivery: OutboxMail): DeliveryStatus {
  if (delivery.sentAt) return "delivered";
  if (delivery.failedAt) return "failed";
  return delivery.attempts > 0 ? "retrying" : "pending";
}

export function presentDelivery(delivery: OutboxMail): DeliveryView {
  const status = statusOf(delivery);
  return {
    id: delivery.id,
    event: delivery.subject,
    messageId: delivery.messageId,
    status,
    attempts: delivery.attempts,
    createdAt: delivery.createdAt,
    attemptedAt: delivery.attemptedAt,
    responseStatus: delivery.responseStatus,
    responseMs: delivery.responseMs,
    nextAttemptAt: status === "pending" || status === "retrying" ? delivery.nextAttemptAt : null,
    error: delivery.lastError,
    request: { url: delivery.recipient, body: delivery.text },
  };
}

export function presentDeleted(): { deleted: true } {
  return plainJson({ deleted: true as const });
}
