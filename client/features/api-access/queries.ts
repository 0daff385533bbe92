import { useMutation } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { trpc } from "#client/lib/trpc.js";
import type { AppRouter } from "#server/router.js";

export type ApiKeyItem = inferRouterOutputs<AppRouter>["apiKeys"]["list"][number];

export const API_KEY_TEXT = {
  created: "API key created. Copy it now: it is not shown again.",
  createFailed: "Failed to create the API key.",
  revoked: "API key revoked.",
  revokeFailed: "Failed to revoke the API key.",
  loadFailed: "The API keys could not be loaded.",
} as const;

/** The organization's API keys, newest first (settings, admins; docs/decisions/0320-api-keys.md). */
export function apiKeysQuery() {
  return trpc.apiKeys.list.queryOptions();
}

export function useApiKeyMutations() {
  const invalidates = [trpc.apiKeys.list.queryKey()];
  const create = useMutation(
    trpc.apiKeys.create.mutationOptions({
      meta: { success: API_KEY_TEXT.created, failure: API_KEY_TEXT.createFailed, invalidates },
    }),
  );
  const revoke = useMutation(
    trpc.apiKeys.revoke.mutationOptions({
      meta: { success: API_KEY_TEXT.revoked, failure: API_KEY_TEXT.revokeFailed, invalidates },
    }),
  );
  return { create, revoke };
}

export type WebhookItem = inferRouterOutputs<AppRouter>["webhooks"]["list"][number];
export type DeliveryItem = inferRouterOutputs<AppRouter>["webhooks"]["deliveries"][number];

export const WEBHOOK_TEXT = {
  created: "Webhook added. Copy its signing secret now: it is not shown again.",
  createFailed: "Failed to add the webhook.",
  deleted: "Webhook deleted.",
  deleteFailed: "Failed to delete the webhook.",
  redelivered: "Delivery queued again.",
  redeliverFailed: "Failed to redeliver.",
  loadFailed: "The webhooks could not be loaded.",
  deliveriesFailed: "The deliveries could not be loaded.",
} as const;

/** The organization's webhooks, newest first (settings, admins; docs/decisions/0341-webhooks-through-the-outbox.md). */
export function webhooksQuery() {
  return trpc.webhooks.list.queryOptions();
}

export function webhookDeliveriesQuery(webhookId: number) {
  return trpc.webhooks.deliveries.queryOptions({ webhookId });
}

export function useWebhookMutations() {
  const invalidates = [trpc.webhooks.list.queryKey()];
  const create = useMutation(
    trpc.webhooks.create.mutationOptions({
      meta: { success: WEBHOOK_TEXT.created, failure: WEBHOOK_TEXT.createFailed, invalidates },
    }),
  );
  const remove = useMutation(
    trpc.webhooks.delete.mutationOptions({
      meta: { success: WEBHOOK_TEXT.deleted, failure: WEBHOOK_TEXT.deleteFailed, invalidates },
    }),
  );
  const redeliver = useMutation(
    trpc.webhooks.redeliver.mutationOptions({
      meta: {
        success: WEBHOOK_TEXT.redelivered,
        failure: WEBHOOK_TEXT.redeliverFailed,
        invalidates: [...invalidates, trpc.webhooks.deliveries.queryKey()],
      },
    }),
  );
  return { create, remove, redeliver };
}
