import type { Query, QueryClient } from "@tanstack/react-query";
import { type CurrentUser, currentUserQueryOptions } from "#client/features/auth/current-user.js";
import { trpcClient } from "#client/lib/trpc.js";
import { organizationsQueryOptions } from "./queries.js";

/**
 * tRPC query keys start with the procedure path, e.g. [["tags","list"], {…}]. Answers of the auth and
 * orgs areas do not depend on an organization (orgs.get and orgs.stats name theirs in the input); every
 * other area answers for the organization the call names (docs/DESIGN.md §4).
 */
const ORGANIZATION_INDEPENDENT_AREAS = new Set(["auth", "orgs"]);

function dependsOnOrganization(query: Query): boolean {
  const [path] = query.queryKey;
  const area = Array.isArray(path) ? path[0] : path;
  return !(typeof area === "string" && ORGANIZATION_INDEPENDENT_AREAS.has(area));
}

/**
 * When the organization changed: cached tags, members, courses … belong to the previous one. Reset
 * rather than invalidate, so that no screen shows the old organization's data while refetching.
 */
function resetOrganizationScopedQueries(queryClient: QueryClient): void {
  // Not awaited: the refetch of what is on screen must not hold up the navigation that follows.
  void queryClient.resetQueries({ predicate: dependsOnOrganization });
}

/**
 * The organization whose answers this tab's cache holds. Query keys do not name the organization, so
 * a tab that moves to a page of another one (history, the switcher) drops what it held first.
 */
let cachedOrganizationId: number | undefined;

/** Called by the organization guard when this tab opens a page of `orgId` (not for a preload). */
export function enterOrganization(queryClient: QueryClient, orgId: number): void {
  if (cachedOrganizationId !== undefined && cachedOrganizationId !== orgId) resetOrganizationScopedQueries(queryClient);
  cachedOrganizationId = orgId;
}

/**
 * docs/SPEC.md §4, switching organization: the current user is updated and the organizations list refreshed.
 * The switch records the session's current organization (the next sign-in, the REST paths); the pages
 * of this tab name their organization themselves.
 */
export async function applySwitchedUser(queryClient: QueryClient, user: CurrentUser): Promise<void> {
  queryClient.setQueryData(currentUserQueryOptions.queryKey, user);
  await queryClient.invalidateQueries({ queryKey: organizationsQueryOptions.queryKey });
}

/** Switches without React (route guards); the caller decides what a failure shows. */
export async function switchOrganization(queryClient: QueryClient, orgId: number): Promise<CurrentUser> {
  const user = await trpcClient.orgs.switch.mutate({ orgId });
  await applySwitchedUser(queryClient, user);
  return user;
}
