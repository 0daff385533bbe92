import { z } from "zod";
import { id, text } from "./common.js";

/**
 * The events an organization's webhooks may subscribe to (docs/decisions/0341-webhooks-through-the-outbox.md),
 * with the words the settings page shows for each.
 */
export const WEBHOOK_EVENT_LABELS = {
  "member.joined": "A member joined",
  "member.removed": "A member was removed",
  "assignment.created": "A course was assigned",
  "lesson.completed": "A lesson was completed",
  "course.completed": "A course was completed",
  "check.passed": "A knowledge check was passed",
  "lesson.signed": "A lesson was signed",
} as const;

export type WebhookEvent = keyof typeof WEBHOOK_EVENT_LABELS;

export const WEBHOOK_EVENTS = Object.keys(WEBHOOK_EVENT_LABELS) as [WebhookEvent, ...WebhookEvent[]];

export const WEBHOOK_MESSAGES = {
  urlRequired: "Address is required",
  urlInvalid: "Enter the endpoint's full address, starting with https://.",
  urlTooLong: "The address must be at most 254 characters.",
  httpsRequired: "The address must start with https://.",
  privateAddress: "The address must not point to this server or a private network.",
  eventsRequired: "Choose at least one event.",
  eventInvalid: "Choose events from the list.",
  idInvalid: "Webhook ID must be a positive number.",
  deliveryIdInvalid: "Delivery ID must be a positive number.",
  notFound: "Webhook not found.",
  deliveryNotFound: "Delivery not found.",
} as const;

/** The longest endpoint address: it is kept with each delivery, in the outbox's recipient column. */
const WEBHOOK_URL_MAX = 254;

export const createWebhookInput = z.object({
  url: text({ error: WEBHOOK_MESSAGES.urlRequired })
    .trim()
    .min(1, WEBHOOK_MESSAGES.urlRequired)
    .max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlTooLong)
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), WEBHOOK_MESSAGES.urlInvalid),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.eventInvalid }), { error: WEBHOOK_MESSAGES.eventsRequired })
    .min(1, WEBHOOK_MESSAGES.eventsRequired)
    .max(WEBHOOK_EVENTS.length, WEBHOOK_MESSAGES.eventInvalid),
});

export const webhookIdInput = z.object({ id: id(WEBHOOK_MESSAGES.idInvalid) });

export const webhookDeliveriesInput = z.object({ webhookId: id(WEBHOOK_MESSAGES.idInvalid) });

export const redeliverInput = z.object({ deliveryId: id(WEBHOOK_MESSAGES.deliveryIdInvalid) });
