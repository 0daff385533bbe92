import { type QueryClient, useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { type CurrentUser, currentUserQueryOptions } from "#client/features/auth/current-user.js";
import { trpc } from "#client/lib/trpc.js";
import type { AppRouter } from "#server/router.js";
import { FRESHNESS } from "#shared/constants.js";

/** One of the signed-in user's organizations, with their role in it (docs/SPEC.md §3). */
export type Organization = inferRouterOutputs<AppRouter>["orgs"]["list"][number];

/** The user's organizations, shared by the screens and the route guards, which read it without hooks. */
export const organizationsQueryOptions = trpc.orgs.list.queryOptions(undefined, {
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

/** One organization's profile (settings). */
export function organizationQuery(orgId: number) {
  return trpc.orgs.get.queryOptions({ orgId });
}

/** One organization's statistics (settings). */
export function orgStatsQuery(orgId: number) {
  return trpc.orgs.stats.queryOptions({ orgId });
}

/** How much of the organization's image storage its images take (settings; decision 0276). */
export function orgStorageQuery(orgId: number) {
  return trpc.orgs.storage.queryOptions({ orgId });
}

/** The current user straight from the server, for flows that just changed it (create, delete). */
export function reloadCurrentUser(queryClient: QueryClient): Promise<CurrentUser | null> {
  return queryClient.fetchQuery({ ...currentUserQueryOptions, staleTime: 0 });
}

/** The path of an organization's dashboard. */
export function dashboardPath(slug: string): string {
  return `/${encodeURIComponent(slug)}/dashboard`;
}
