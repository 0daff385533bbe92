import type { QueryClient } from "@tanstack/react-query";
import { type AnyRouteMatch, notFound, redirect } from "@tanstack/react-router";
import { type CurrentUser, requireSignedIn } from "#client/features/auth/current-user.js";
import { toast } from "#client/lib/toast.js";
import { pageOrganizationId } from "#client/lib/trpc.js";
import { cleanOrgSlugParam, isPlaceholderSlug } from "#shared/slug.js";
import { deletedOrganizationText } from "./deleted-notices.js";
import { ORG_TEXT, ORG_TOAST_IDS } from "./messages.js";
import { rememberOrganization, settlePageQueries, startPageQueries } from "./page-data.js";
import { dashboardPath, loadOrganizations, type Organization, organizationsQueryOptions } from "./queries.js";
import { enterOrganization } from "./switching.js";

export interface OrganizationGuardInput {
  queryClient: QueryClient;
  location: { pathname: string; searchStr: string; hash: string };
  orgSlug: string;
  /** The router runs guards ahead of time when a link is hovered: no toasts then. */
  preload: boolean;
  /** The routes being opened: their pages' queries may start with the guard's own (decision 0161). */
  matches: readonly AnyRouteMatch[];
}

/** The path after the organization segment, with the query and hash: "/courses/5?tab=x#top". */
function restOfLocation({ pathname, searchStr, hash }: OrganizationGuardInput["location"]): string {
  const rest = pathname.split("/").slice(2).join("/");
  return `/${rest}${searchStr}${hash ? `#${hash}` : ""}`;
}

/** Where someone goes when the URL's organization is not theirs: their current one, or the chooser. */
function fallbackPath(user: CurrentUser, organizations: Organization[]): string {
  const current = user.currentOrganization;
  const usable = current && organizations.some((org) => org.id === current.id);
  return usable ? dashboardPath(current.slug) : "/select-org";
}

function notify(preload: boolean, kind: "error" | "success", message: string, id: string): void {
  if (!preload) toast[kind](message, { id });
}

/**
 * The user's organization with this slug. The cached list may predate an organization created or
 * joined elsewhere (another tab, an invite), so a miss in a list that came from the cache asks again.
 */
async function findOrganization(queryClient: QueryClient, slug: string, cachedAt: number | undefined) {
  let organizations = await loadOrganizations(queryClient);
  let organization = organizations.find((org) => org.slug === slug);
  const fromCache = queryClient.getQueryState(organizationsQueryOptions.queryKey)?.dataUpdatedAt === cachedAt;
  if (!organization && fromCache) {
    organizations = await loadOrganizations(queryClient, { fresh: true });
    organization = organizations.find((org) => org.slug === slug);
  }
  return { organizations, organization };
}

/**
 * docs/SPEC.md §2, protected-route behaviour, for every /:orgSlug/… page. In order: signed in (else
 * /login?next=…), placeholder slug (replaced by the current organization's), the client slug check
 * (docs/SPEC.md §5), membership (from the cached organizations list, so moving around costs no request) and the
 * canonical spelling of the slug. The session's current organization is left alone: the page names its
 * organization with every call (lib/trpc.ts), so two tabs may show two organizations. Resolves to the
 * organization, which becomes route context for the pages below.
 */
export async function guardOrganizationRoute(input: OrganizationGuardInput): Promise<{ organization: Organization }> {
  const { queryClient, location, orgSlug, preload } = input;
  const cachedAt = queryClient.getQueryState(organizationsQueryOptions.queryKey)?.dataUpdatedAt;
  const requestedSlug = cleanOrgSlugParam(orgSlug);
  // The page's own queries, when the organization's id is known from an earlier visit, go in the same
  // batched request as the current user and the list (decision 0161).
  const early = preload || !requestedSlug ? undefined : startPageQueries(queryClient, input.matches, requestedSlug);
  // Asked together with the current user, the list comes in the same batched request: a first visit to
  // an organization's page waits for one round trip before its own data, not two. Signed out, its
  // failure is ignored here and the sign-in redirect below wins.
  void queryClient.prefetchQuery(organizationsQueryOptions);
  const user = await requireSignedIn(queryClient, location);
  const rest = restOfLocation(location);

  if (isPlaceholderSlug(orgSlug)) {
    const current = user.currentOrganization;
    throw redirect({ href: current ? `/${encodeURIComponent(current.slug)}${rest}` : "/select-org", replace: true });
  }

  const slug = requestedSlug;
  if (!slug) {
    console.warn("Ignoring an invalid organization identifier in the URL:", orgSlug);
    notify(preload, "error", ORG_TEXT.invalidIdentifier, ORG_TOAST_IDS.guard);
    throw redirect({ to: "/select-org", replace: true });
  }

  const { organizations, organization } = await findOrganization(queryClient, slug, cachedAt);
  settlePageQueries(queryClient, early, organization?.id ?? 0);
  if (!organization) {
    // An organization that was deleted is named as such (decision 0296), not as one without access.
    const deleted = preload ? null : await deletedOrganizationText(queryClient, slug);
    notify(preload, "error", deleted ?? ORG_TEXT.noAccess, ORG_TOAST_IDS.guard);
    throw redirect({ href: fallbackPath(user, organizations), replace: true });
  }

  if (orgSlug !== organization.slug) {
    // "/:Acme/…" or "/ACME/…": one address per page, so links, history and the nav's active state agree.
    throw redirect({ href: `/${encodeURIComponent(organization.slug)}${rest}`, replace: true });
  }

  if (preload) {
    // A hovered link's loaders fetch with the organization of the page on screen, into a cache that
    // holds that organization's answers: links into another organization are not preloaded (the router
    // drops a preload that ends in "not found" quietly and loads the page afresh when it is opened).
    if (pageOrganizationId() !== organization.id) throw notFound();
  } else {
    enterOrganization(queryClient, organization.id);
    rememberOrganization(organization.slug, organization.id);
  }

  return { organization };
}
