import type { TrainingEventHook } from "#server/platform/api/training-events.js";
import { queueEventDeliveries } from "./webhooks.data.js";

/**
 * What webhooks do in others' work (docs/decisions/0290-module-hooks.md), registered by server/router.ts:
 * every training event a webhook carries queues its deliveries in the event's transaction. Completions
 * queue theirs in their own statements (webhook-completions.ts).
 */
export const webhookEventHook: TrainingEventHook = {
  recorded: (em, event) => queueEventDeliveries(em, event),
};
