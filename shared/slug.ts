import { LIMITS } from "./constants.js";

/** docs/SPEC.md §4: lowercase, spaces to hyphens, non-word characters removed, hyphens collapsed and trimmed. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/\s+/g, "-")
    .replace(/[^\w-]+/g, "")
    .replace(/_/g, "")
    .replace(/-{2,}/g, "-")
    .slice(0, LIMITS.orgSlugMax)
    .replace(/^-+|-+$/g, "");
}

export const ORG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Route parameters that are stand-ins for "the current organization" rather than a real slug. */
export const PLACEHOLDER_SLUGS = ["orgslug", "slug", "org", "organization", ":orgslug"] as const;

export function isPlaceholderSlug(value: string): boolean {
  const bare = value.replace(/^:+/, "").toLowerCase();
  return (PLACEHOLDER_SLUGS as readonly string[]).includes(bare);
}

/**
 * docs/SPEC.md §5, client check of a slug taken from a URL. Returns the cleaned slug, or null when the value
 * cannot name an organization.
 */
export function cleanOrgSlugParam(value: string | undefined | null): string | null {
  if (!value) return null;
  const stripped = value.replace(/^:+/, "");
  if (stripped === "" || isPlaceholderSlug(stripped)) return null;
  if (!/^[A-Za-z0-9-]+$/.test(stripped)) return null;
  if (stripped.startsWith("-") || stripped.endsWith("-")) return null;
  return stripped.toLowerCase();
}

/** Slugs that would shadow a top-level route and so can never belong to an organization. */
const RESERVED_SLUGS = [
  "login",
  "logged-out",
  "account",
  "offline",
  "setup-org",
  "select-org",
  "onboarding",
  "invite",
  "api",
  "_api",
  "demo",
  "features",
  "about",
  "privacy",
  "terms",
  "contact",
  "assets",
  "static",
  "admin",
  "settings",
  "new",
] as const;

/** Reserved too: the placeholder words, which the org routes replace with the current organization. */
export function isReservedSlug(slug: string): boolean {
  return (RESERVED_SLUGS as readonly string[]).includes(slug.toLowerCase()) || isPlaceholderSlug(slug);
}
