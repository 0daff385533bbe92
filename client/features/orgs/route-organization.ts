import { type QueryClient, useQuery } from "@tanstack/react-query";
import { type AnyRouter, useMatch } from "@tanstack/react-router";
import { type CurrentOrganization, useCurrentUser } from "#client/features/auth/current-user.js";
import { cleanOrgSlugParam } from "#shared/slug.js";
import { rememberedOrganizationId } from "./page-data.js";
import { type Organization, organizationsQueryOptions } from "./queries.js";

/** The layout route of every organization page; its `$orgSlug` names the organization. */
const ORGANIZATION_LAYOUT_ID = "/$orgSlug/_org";

function findBySlug(organizations: Organization[] | undefined, orgSlug: string): Organization | undefined {
  const slug = cleanOrgSlugParam(orgSlug);
  return slug ? organizations?.find((org) => org.slug === slug) : undefined;
}

/**
 * The id of the organization whose page the router shows, or is opening (its loaders run before the
 * page is shown), resolved from the organizations list the guard loaded (before it has, the id this browser
 * remembers for the slug). Undefined outside those pages.
 */
export function organizationIdOfRoute(router: AnyRouter, queryClient: QueryClient): number | undefined {
  const { pendingMatches, matches } = router.state;
  const layout = (pendingMatches ?? matches).find((match) => match.routeId === ORGANIZATION_LAYOUT_ID);
  const orgSlug: unknown = layout?.params.orgSlug;
  if (typeof orgSlug !== "string") return undefined;
  const organizations = queryClient.getQueryData(organizationsQueryOptions.queryKey);
  if (organizations === undefined) {
    // The guard's first requests, and the page's own started with them (decision 0161).
    const slug = cleanOrgSlugParam(orgSlug);
    return slug ? rememberedOrganizationId(slug) : undefined;
  }
  return findBySlug(organizations, orgSlug)?.id;
}

/**
 * The organization this tab works in, for the header and navigation: on an organization page the one
 * its URL names, elsewhere the session's current one.
 */
export function useActiveOrganization(): CurrentOrganization | null {
  const { data: user } = useCurrentUser();
  const orgSlug = useMatch({
    from: ORGANIZATION_LAYOUT_ID,
    shouldThrow: false,
    select: (match) => match.params.orgSlug,
  });
  const { data: organizations } = useQuery({ ...organizationsQueryOptions, enabled: orgSlug !== undefined });
  const routeOrganization = orgSlug === undefined ? undefined : findBySlug(organizations, orgSlug);
  return routeOrganization ?? user?.currentOrganization ?? null;
}
