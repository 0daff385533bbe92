import { fail } from "#server/platform/http/errors.js";
import { LIMITS } from "#shared/constants.js";
import { ORG_MESSAGES } from "#shared/schemas/orgs.js";
import { isReservedSlug, ORG_SLUG_PATTERN } from "#shared/slug.js";

/** A slug as organizations keep it: trimmed, lower case. */
export const slugKeyOf = (slug: string) => slug.trim().toLowerCase();

/** Whether a new organization may take this slug, were no other organization using it. */
export function isSlugUsable(slug: string): boolean {
  const candidate = slugKeyOf(slug);
  if (candidate.length < LIMITS.orgSlugMin || candidate.length > LIMITS.orgSlugMax) return false;
  return ORG_SLUG_PATTERN.test(candidate) && !isReservedSlug(candidate);
}

/** Invitation links and bookmarks carry the slug, so it stays as created (decision 0003). */
export function assertSlugUnchanged(current: string, asked: string | undefined): void {
  if (asked !== undefined && asked.toLowerCase() !== current) throw fail.badRequest(ORG_MESSAGES.slugUnchangeable);
}
