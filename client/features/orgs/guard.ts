import type { QueryClient } from "@tanstack/react-query";
import { redirect } from "@tanstack/react-router";
import { cleanOrgSlugParam, isPlaceholderSlug } from "../../../shared/slug.js";
import { toast } from "../../lib/toast.js";
import { type CurrentUser, requireSignedIn } from "../auth/current-user.js";
import { ORG_TEXT, ORG_TOAST_IDS } from "./messages.js";
import { showNotice } from "./notices.js";
import { dashboardPath, loadOrganizations, type Organization, organizationsFetchedWithin } from "./queries.js";
import { switchOrganization } from "./switching.js";

export interface OrganizationGuardInput {
  queryClient: QueryClient;
  location: { pathname: string; searchStr: string; hash: string };
  orgSlug: string;
  /** The router runs guards ahead of time when a link is hovered: no toasts and no switching then. */
  preload: boolean;
}

/** A list younger than this was fetched for this very navigation: asking again cannot change it. */
const JUST_FETCHED_MS = 2_000;

/** The path after the organization segment, with the query and hash: "/courses/5?tab=x#top". */
function restOfLocation({ pathname, searchStr, hash }: OrganizationGuardInput["location"]): string {
  const rest = pathname.split("/").slice(2).join("/");
  return `/${rest}${searchStr}${hash ? `#${hash}` : ""}`;
}

/** Where someone goes when the URL's organization is not theirs: their current one, or the chooser. */
function fallbackPath(user: CurrentUser, organizations: Organization[], unreachableId?: number): string {
  const current = user.currentOrganization;
  const usable = current && current.id !== unreachableId && organizations.some((org) => org.id === current.id);
  return usable ? dashboardPath(current.slug) : "/select-org";
}

function notify(preload: boolean, kind: "error" | "success", message: string, id: string): void {
  if (!preload) showNotice(() => toast[kind](message, { id }));
}

/**
 * Spec §2, protected-route behaviour, for every /:orgSlug/… page. In order: signed in (else
 * /login?next=…), placeholder slug (replaced by the current organization's), the client slug check
 * (spec §5), membership (from the cached organizations list, so moving around costs no request), the
 * canonical spelling of the slug, and a switch of the current organization when the URL names another
 * of the user's. Resolves to the organization, which becomes route context for the pages below.
 */
export async function guardOrganizationRoute(input: OrganizationGuardInput): Promise<{ organization: Organization }> {
  const { queryClient, location, orgSlug, preload } = input;
  const user = await requireSignedIn(queryClient, location);
  const rest = restOfLocation(location);

  if (isPlaceholderSlug(orgSlug)) {
    const current = user.currentOrganization;
    throw redirect({ href: current ? `/${encodeURIComponent(current.slug)}${rest}` : "/select-org", replace: true });
  }

  const slug = cleanOrgSlugParam(orgSlug);
  if (!slug) {
    console.warn("Ignoring an invalid organization identifier in the URL:", orgSlug);
    notify(preload, "error", ORG_TEXT.invalidIdentifier, ORG_TOAST_IDS.guard);
    throw redirect({ to: "/select-org", replace: true });
  }

  let organizations = await loadOrganizations(queryClient);
  let organization = organizations.find((org) => org.slug === slug);
  if (!organization && !organizationsFetchedWithin(queryClient, JUST_FETCHED_MS)) {
    // The cached list may predate an organization created or joined elsewhere (another tab, an invite).
    organizations = await loadOrganizations(queryClient, { fresh: true });
    organization = organizations.find((org) => org.slug === slug);
  }
  if (!organization) {
    notify(preload, "error", ORG_TEXT.noAccess, ORG_TOAST_IDS.guard);
    throw redirect({ href: fallbackPath(user, organizations), replace: true });
  }

  if (orgSlug !== organization.slug) {
    // "/:Acme/…" or "/ACME/…": one address per page, so links, history and the nav's active state agree.
    throw redirect({ href: `/${encodeURIComponent(organization.slug)}${rest}`, replace: true });
  }

  if (user.currentOrgId !== organization.id) {
    // A preload must not change the session; the real navigation will switch.
    if (preload) throw redirect({ to: "/select-org" });
    try {
      await switchOrganization(queryClient, organization.id);
    } catch (error) {
      console.error("Switching to the organization in the URL failed:", error);
      notify(preload, "error", ORG_TEXT.switchToRequestedFailed, ORG_TOAST_IDS.guard);
      throw redirect({ href: fallbackPath(user, organizations, organization.id), replace: true });
    }
    notify(preload, "success", ORG_TEXT.switched(organization.name), ORG_TOAST_IDS.switched);
  }

  return { organization };
}
