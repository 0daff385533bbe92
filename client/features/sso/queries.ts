import { useMutation } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { trpc } from "#client/lib/trpc.js";
import type { AppRouter } from "#server/router.js";

export type SsoProviderItem = inferRouterOutputs<AppRouter>["sso"]["providers"]["list"][number];

export const SSO_TEXT = {
  created: "Sign-in added. People of its domains can now use it.",
  createFailed: "Failed to add the sign-in.",
  updated: "Sign-in updated.",
  updateFailed: "Failed to update the sign-in.",
  deleted: "Sign-in removed.",
  deleteFailed: "Failed to remove the sign-in.",
  loadFailed: "The organization's sign-ins could not be loaded.",
} as const;

/** The organization's identity providers (settings, admins; docs/decisions/0370-oidc-sign-in.md). */
export function ssoProvidersQuery() {
  return trpc.sso.providers.list.queryOptions();
}

export function useSsoProviderMutations() {
  const invalidates = [trpc.sso.providers.list.queryKey()];
  const create = useMutation(
    trpc.sso.providers.create.mutationOptions({
      meta: { success: SSO_TEXT.created, failure: SSO_TEXT.createFailed, invalidates },
    }),
  );
  const update = useMutation(
    trpc.sso.providers.update.mutationOptions({
      meta: { success: SSO_TEXT.updated, failure: SSO_TEXT.updateFailed, invalidates },
    }),
  );
  const remove = useMutation(
    trpc.sso.providers.delete.mutationOptions({
      meta: { success: SSO_TEXT.deleted, failure: SSO_TEXT.deleteFailed, invalidates },
    }),
  );
  return { create, update, remove };
}
