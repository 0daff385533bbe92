/**
 * The organization slug an invitation token carries: docs/DESIGN.md §5 makes tokens `<org-slug>.<secret>`, so it
 * is the text before the last "." (the server reads it the same way). Null for a token without one.
 */
function slugOfInviteToken(token: string): string | null {
  const dot = token.lastIndexOf(".");
  return dot > 0 ? token.slice(0, dot).toLowerCase() : null;
}

/** Whether a token belongs to another organization than the one in the page's URL (docs/SPEC.md §4 invite flow). */
export function tokenIsForAnotherOrganization(token: string, urlSlug: string): boolean {
  const slug = slugOfInviteToken(token);
  return slug !== null && slug !== urlSlug.toLowerCase();
}

/** The `token` search parameter. The router parses values that look like JSON, so a number is taken back as text. */
export function tokenFromSearch(search: Record<string, unknown>): string | undefined {
  const value = search.token;
  if (typeof value === "number") return String(value);
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}
