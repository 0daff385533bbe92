import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { AnyRouteMatch } from "@tanstack/react-router";
import { ORGANIZATION_IDS_KEY } from "#shared/constants.js";
import { organizationsQueryOptions } from "./queries.js";

/**
 * Decision 0161: an organization page's own data loads together with the guard's (the current user and
 * the organizations), not after them. Its requests must name the page's organization by id, which the
 * organizations list gives; so the browser remembers each organization's id by slug, and the page's
 * queries (each route's `staticData.pageQueries`) start at once under the remembered id. Should the guard
 * find that the slug now names another organization, those answers are dropped before the page reads them.
 */

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /**
     * Starts the queries this page's loader waits for, given its params, and returns their keys; the
     * organization guard calls it together with its own requests.
     */
    pageQueries?: (queryClient: QueryClient, params: Record<string, string>) => readonly QueryKey[];
  }
}

/** The page queries the guard started, under the organization id it assumed. */
interface EarlyPageQueries {
  organizationId: number;
  queryKeys: readonly QueryKey[];
}

function rememberedIds(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(ORGANIZATION_IDS_KEY) ?? "{}");
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** The id this browser last saw for the organization with this slug. */
export function rememberedOrganizationId(slug: string): number | undefined {
  const id = rememberedIds()[slug];
  return typeof id === "number" && Number.isSafeInteger(id) ? id : undefined;
}

/** Called once the guard knows the organization a slug names. */
export function rememberOrganization(slug: string, id: number): void {
  const ids = rememberedIds();
  if (ids[slug] === id) return;
  try {
    window.localStorage.setItem(ORGANIZATION_IDS_KEY, JSON.stringify({ ...ids, [slug]: id }));
  } catch {
    // Storage full or refused: pages then load their data after the guard, as without this.
  }
}

/**
 * Starts the queries of the page being opened when the guard is about to ask the server who the user is
 * and which organizations they have (nothing cached yet) and the organization's id is remembered.
 * Returns what was started under which id, for `settlePageQueries`.
 */
export function startPageQueries(
  queryClient: QueryClient,
  matches: readonly AnyRouteMatch[],
  slug: string,
): EarlyPageQueries | undefined {
  if (queryClient.getQueryData(organizationsQueryOptions.queryKey) !== undefined) return undefined;
  const organizationId = rememberedOrganizationId(slug);
  if (organizationId === undefined) return undefined;
  const queryKeys = matches.flatMap((match) => match.staticData.pageQueries?.(queryClient, match.params) ?? []);
  return { organizationId, queryKeys };
}

/** Drops early answers that came from another organization than the one the guard found. */
export function settlePageQueries(
  queryClient: QueryClient,
  started: EarlyPageQueries | undefined,
  organizationId: number,
): void {
  if (!started || started.organizationId === organizationId) return;
  for (const queryKey of started.queryKeys) queryClient.removeQueries({ queryKey, exact: true });
}
