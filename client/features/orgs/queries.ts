import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../server/routers/index.js";
import { FRESHNESS } from "../../../shared/constants.js";
import { apiClient, trpc } from "../../lib/trpc.js";
import { type CurrentUser, currentUserQueryOptions } from "../auth/current-user.js";

/** One of the signed-in user's organizations, with their role in it (spec §3). */
export type Organization = inferRouterOutputs<AppRouter>["orgs"]["list"][number];

/**
 * The user's organizations. The key is tRPC's own for orgs.list, so `trpc.orgs.list.useQuery()` and
 * `utils.orgs.list.invalidate()` share this cache with the route guards, which read it without hooks.
 */
export const organizationsQueryOptions = queryOptions({
  queryKey: getQueryKey(trpc.orgs.list, undefined, "query"),
  queryFn: () => apiClient.orgs.list.query(),
  staleTime: FRESHNESS.defaultQueryMs,
});

export function useOrganizations() {
  return useQuery(organizationsQueryOptions);
}

/**
 * For route guards. The cached list while it is fresh (so moving between pages of one organization
 * costs no request), a new one when it is stale or was invalidated (after logout, a switch or a
 * deletion); `fresh` always asks the server.
 */
export function loadOrganizations(queryClient: QueryClient, { fresh = false } = {}): Promise<Organization[]> {
  return queryClient.fetchQuery(fresh ? { ...organizationsQueryOptions, staleTime: 0 } : organizationsQueryOptions);
}

/** Whether the cached list was fetched within the last `ms` milliseconds. */
export function organizationsFetchedWithin(queryClient: QueryClient, ms: number): boolean {
  const updatedAt = queryClient.getQueryState(organizationsQueryOptions.queryKey)?.dataUpdatedAt ?? 0;
  return Date.now() - updatedAt < ms;
}

/** The current user straight from the server, for flows that just changed it (create, delete). */
export function reloadCurrentUser(queryClient: QueryClient): Promise<CurrentUser | null> {
  return queryClient.fetchQuery({ ...currentUserQueryOptions, staleTime: 0 });
}

/** The path of an organization's dashboard. */
export function dashboardPath(slug: string): string {
  return `/${encodeURIComponent(slug)}/dashboard`;
}
