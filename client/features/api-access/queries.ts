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
  copied: "Key copied.",
  copyFailed: "The key could not be copied: select it and copy it yourself.",
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
