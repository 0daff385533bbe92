import { fail } from "#server/platform/http/errors.js";
import { namesMatch, SIGNOFF_MESSAGES } from "#shared/schemas/signoffs.js";

/**
 * A signature is of the version the signer read (an older one: they must read the lesson again), in a name
 * the account carries: its own, or the one this organization knows the member by.
 */
export function assertSignable(
  signing: { version: number; fullName: string },
  lessonVersion: number,
  accountNames: readonly (string | null | undefined)[],
): void {
  if (signing.version !== lessonVersion) throw fail.conflict(SIGNOFF_MESSAGES.staleVersion);
  const names = accountNames.filter((name) => name != null);
  if (!names.some((name) => namesMatch(signing.fullName, name))) throw fail.badRequest(SIGNOFF_MESSAGES.nameMismatch);
}
