import { fail } from "#server/platform/http/errors.js";
import { LAST_SEEN_STEP_MS } from "#shared/constants.js";
import type { Role } from "#shared/roles.js";
import { API_KEY_MESSAGES, type ApiKeyAccess } from "#shared/schemas/api-keys.js";

/**
 * What an API key is and may do (docs/decisions/0320-api-keys.md), as pure functions of plain values.
 */

/** Every key starts so: a reader (or a secret scanner) tells a Trainwright key at a glance. */
export const API_KEY_PREFIX = "twk_";
/** The key's characters shown in the list after it is made: the prefix and six of its random ones. */
const SHOWN_CHARACTERS = API_KEY_PREFIX.length + 6;
/** The longest text taken as a key: the prefix and 43 base64url characters of 32 bytes, with room to spare. */
const API_KEY_MAX_LENGTH = 100;

export function shownPrefixOf(key: string): string {
  return key.slice(0, SHOWN_CHARACTERS);
}

/** Whether a bearer token looks like a key at all: anything else is refused without a query. */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX) && token.length <= API_KEY_MAX_LENGTH;
}

/**
 * The role a key acts with: a read-only key reads what an admin may (its writes are refused before
 * any handler runs, server/platform/api/trpc.ts); any other acts as that access level.
 */
export function roleOfAccess(access: ApiKeyAccess): Role {
  return access === "readonly" ? "admin" : access;
}

/** A key works until its expiry (none: until revoked). */
export function isCurrent(expiresAt: Date | null, at: Date): boolean {
  return expiresAt === null || expiresAt.getTime() > at.getTime();
}

/** "Last used" is written at most once per LAST_SEEN_STEP_MS, as a session's "last seen" is. */
export function lastUsedIsStale(lastUsedAt: Date | null, at: Date): boolean {
  return lastUsedAt === null || at.getTime() - lastUsedAt.getTime() >= LAST_SEEN_STEP_MS;
}

/** A new key's expiry, if it has one, lies ahead. */
export function assertExpiryAhead(expiresAt: Date | null | undefined, at: Date): void {
  if (expiresAt != null && expiresAt.getTime() <= at.getTime()) {
    throw fail.badRequest(API_KEY_MESSAGES.expiryPast);
  }
}
