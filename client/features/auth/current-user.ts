import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { redirect } from "@tanstack/react-router";
import type { inferRouterOutputs } from "@trpc/server";
import { isUnauthorized } from "#client/lib/errors.js";
import { trpc, trpcClient } from "#client/lib/trpc.js";
import type { AppRouter } from "#server/router.js";
import { FRESHNESS } from "#shared/constants.js";

export type CurrentUser = inferRouterOutputs<AppRouter>["auth"]["me"];
export type CurrentOrganization = NonNullable<CurrentUser["currentOrganization"]>;

/** docs/SPEC.md §4: a 401 from the current-user call means "signed out", which is a state, not an error. */
async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await trpcClient.auth.me.query();
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

/**
 * The current user's query, under tRPC's key for auth.me (so invalidating `trpc.auth.me.queryKey()`
 * refreshes it), with a query function that reads a 401 as "signed out". Data: undefined while unknown (loading), null when signed out, the user otherwise.
 */
export const currentUserQueryOptions = queryOptions({
  // A copy of tRPC's key: the original is typed for the user alone, this query also holds null.
  queryKey: [...trpc.auth.me.queryKey()],
  queryFn: fetchCurrentUser,
  staleTime: FRESHNESS.currentUserMs,
  refetchOnWindowFocus: true,
  retry: false,
});

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions);
}

/** For route guards: the cached user when there is one, else one fetch. */
export function loadCurrentUser(queryClient: QueryClient): Promise<CurrentUser | null> {
  return queryClient.ensureQueryData(currentUserQueryOptions);
}

/**
 * For a route's beforeLoad: returns the signed-in user, or sends a visitor to the login page with the
 * original path and query in `next` (docs/SPEC.md §2, protected-route behaviour).
 */
export async function requireSignedIn(
  queryClient: QueryClient,
  location: { pathname: string; searchStr: string },
): Promise<CurrentUser> {
  const user = await loadCurrentUser(queryClient);
  if (!user) throw redirect({ to: "/login", search: { next: `${location.pathname}${location.searchStr}` } });
  return user;
}
