import type { CurrentUser } from "./current-user.js";

/** Where a signed-in user belongs when nothing else is asked for (spec §2, login page redirect). */
export function homePathFor(user: CurrentUser): string {
  const org = user.currentOrganization;
  return org ? `/${encodeURIComponent(org.slug)}/dashboard` : "/setup-org";
}

/**
 * The `next` parameter as a path on this site, or null. It arrives URL-encoded (spec §2); anything that
 * does not decode, or would leave the site ("//host", "https://…", "/\host"), is logged and ignored so
 * that a crafted login link cannot send the user elsewhere.
 */
export function safeNextPath(next: string | null | undefined): string | null {
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
 * Where to go after login or registration (spec §4): `next` when it is a safe path, else the user's
 * home. This is the single place that decides it; it is async so the organizations work can add its
 * "none → /setup-org, one → its dashboard, several → /select-org" step (with this fallback when the
 * list cannot be fetched) without changing any caller.
 */
export async function destinationAfterAuth({ user, next }: AuthDestinationInput): Promise<string> {
  return safeNextPath(next) ?? homePathFor(user);
}
