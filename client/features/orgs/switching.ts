import type { Query, QueryClient } from "@tanstack/react-query";
import { apiClient } from "../../lib/trpc.js";
import { type CurrentUser, currentUserQueryOptions } from "../auth/current-user.js";
import { organizationsQueryOptions } from "./queries.js";

/**
 * tRPC query keys start with the procedure path, e.g. [["tags","list"], {…}]. Answers of the auth and
 * orgs areas do not depend on the current organization (orgs.get and orgs.stats name theirs in the
 * input); every other area acts on the session's current organization (DESIGN §4).
 */
const ORGANIZATION_INDEPENDENT_AREAS = new Set(["auth", "orgs"]);

function dependsOnCurrentOrganization(query: Query): boolean {
  const [path] = query.queryKey;
  const area = Array.isArray(path) ? path[0] : path;
  return !(typeof area === "string" && ORGANIZATION_INDEPENDENT_AREAS.has(area));
}

/**
 * After the current organization changed: cached tags, members, courses … belong to the previous one.
 * Reset rather than invalidate, so that no screen shows the old organization's data while refetching.
 */
export function resetOrganizationScopedQueries(queryClient: QueryClient): void {
  // Not awaited: the refetch of what is on screen must not hold up the navigation that follows.
  void queryClient.resetQueries({ predicate: dependsOnCurrentOrganization });
}

/** The organization this tab last switched to itself (see isOwnSwitch). */
let ownSwitchTarget: number | null = null;

/**
 * Whether the current organization `orgId` is the result of a switch made in this tab (the header's
 * switcher, /select-org, a guard), as opposed to one made elsewhere, e.g. in another tab, that this
 * tab only learnt about when it refetched the user.
 */
export function isOwnSwitch(orgId: number): boolean {
  return ownSwitchTarget === orgId;
}

/** Spec §4, switching organization: the current user is updated and the organizations list refreshed. */
export async function applySwitchedUser(queryClient: QueryClient, user: CurrentUser): Promise<void> {
  ownSwitchTarget = user.currentOrgId;
  queryClient.setQueryData(currentUserQueryOptions.queryKey, user);
  resetOrganizationScopedQueries(queryClient);
  await queryClient.invalidateQueries({ queryKey: organizationsQueryOptions.queryKey });
}

/** Switches without React (route guards); the caller decides what a failure shows. */
export async function switchOrganization(queryClient: QueryClient, orgId: number): Promise<CurrentUser> {
  const user = await apiClient.orgs.switch.mutate({ orgId });
  await applySwitchedUser(queryClient, user);
  return user;
}
