import { dashboardPath, loadOrganizations } from "#client/features/orgs/queries.js";
import { queryClient } from "#client/lib/trpc.js";
import type { CurrentUser } from "./current-user.js";

/** Where a signed-in user belongs when nothing else is asked for (docs/SPEC.md §2, login page redirect). */
export function homePathFor(user: CurrentUser): string {
  const org = user.currentOrganization;
  return org ? dashboardPath(org.slug) : "/setup-org";
}

/**
 * The `next` parameter as a path on this site, or null. It arrives URL-encoded (docs/SPEC.md §2); anything that
 * does not decode, or would leave the site ("//host", "https://…", "/\host"), is logged and ignored so
 * that a crafted login link cannot send the user elsewhere.
 */
function safeNextPath(next: string | null | undefined): string | null {
  if (!next) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(next);
  } catch (error) {
    console.warn("Ignoring a next parameter that cannot be decoded:", next, error);
    return null;
  }
  const sameSite = decoded.startsWith("/") && !decoded.startsWith("//") && !decoded.startsWith("/\\");
  if (!sameSite) {
    console.warn("Ignoring a next parameter that is not a path on this site:", decoded);
    return null;
  }
  return decoded;
}

export interface AuthDestinationInput {
  user: CurrentUser;
  next?: string | null;
}

/**
 * Where to go after login or registration (docs/SPEC.md §4): `next` when it is a safe path; otherwise by the
 * user's organizations: none → /setup-org, exactly one → its dashboard, several → /select-org. When the
 * list cannot be fetched, that is logged and the user's home (current dashboard or /setup-org) applies.
 * This is the single place that decides it.
 */
export async function destinationAfterAuth({ user, next }: AuthDestinationInput): Promise<string> {
  const nextPath = safeNextPath(next);
  if (nextPath) return nextPath;
  try {
    // Fresh, and into the shared cache: the guard of the page we go to reads the same list.
    const organizations = await loadOrganizations(queryClient, { fresh: true });
    const [only] = organizations;
    if (organizations.length === 0 || !only) return "/setup-org";
    if (organizations.length === 1) return dashboardPath(only.slug);
    return "/select-org";
  } catch (error) {
    console.error("Could not list organizations after signing in:", error);
    return homePathFor(user);
  }
}
