import { useQuery } from "@tanstack/react-query";
import { trpc } from "#client/lib/trpc.js";
import { useDebouncedValue } from "#client/lib/use-debounced-value.js";
import { FRESHNESS, LIMITS, SLUG_CHECK } from "#shared/constants.js";
import { isPlaceholderSlug, ORG_SLUG_PATTERN } from "#shared/slug.js";

/**
 * "idle": too short to check; "checking": waiting for the debounce or the answer; "invalid": the server
 * would refuse it whatever the answer; then the answer, or "error" when the check failed.
 */
export type SlugAvailability = "idle" | "checking" | "invalid" | "available" | "taken" | "error";

/**
 * docs/SPEC.md §4 and §9: checked only from 3 characters, debounced 500 ms, answers kept 10 minutes and never
 * stale, not retried. The status is "checking" from the first keystroke, not only while the request
 * runs, so that an answer for an earlier spelling can never enable the submit button.
 */
export function useSlugAvailability(slug: string): SlugAvailability {
  const debounced = useDebouncedValue(slug, SLUG_CHECK.debounceMs);
  const longEnough = debounced.length >= SLUG_CHECK.minLength;
  // A placeholder word would be read as "the current organization" in every URL (docs/SPEC.md §2), and an
  // over-long or malformed slug cannot be created: neither is worth a request.
  const wellFormed =
    longEnough &&
    debounced.length <= LIMITS.orgSlugMax &&
    ORG_SLUG_PATTERN.test(debounced) &&
    !isPlaceholderSlug(debounced);
  const check = useQuery(
    trpc.orgs.checkSlug.queryOptions(
      { slug: debounced },
      { enabled: wellFormed, staleTime: Number.POSITIVE_INFINITY, gcTime: FRESHNESS.slugCheckCacheMs, retry: false },
    ),
  );

  if (slug.length < SLUG_CHECK.minLength) return "idle";
  if (slug !== debounced) return "checking";
  if (!wellFormed) return isPlaceholderSlug(debounced) ? "taken" : "invalid";
  if (check.isFetching) return "checking";
  if (check.isError) return "error";
  if (!check.data) return "checking";
  return check.data.isAvailable ? "available" : "taken";
}
