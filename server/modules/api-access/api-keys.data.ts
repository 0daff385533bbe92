import { randomBytes } from "node:crypto";
import type { EntityManager } from "@mikro-orm/core";
import { hashToken, User } from "#server/modules/identity/index.js";
import type { ApiKeyGrant } from "#server/platform/api/session.js";
import { readRowAcrossOrganizations } from "#server/platform/db/rows.js";
import { dateFromRow } from "#server/platform/db/sql-dialect.js";
import { TENANT_FILTER } from "#server/platform/db/tenant-filter.js";
import { createOwned, type OrganizationScope } from "#server/platform/db/tenant-scope.js";
import { fail } from "#server/platform/http/errors.js";
import { isLanguage, languageOrDefault } from "#shared/i18n/languages.js";
import type { Role } from "#shared/roles.js";
import { API_KEY_MESSAGES, type ApiKeyAccess } from "#shared/schemas/api-keys.js";
import { ApiKey } from "./api-key.entity.js";
import {
  API_KEY_PREFIX,
  isCurrent,
  lastUsedIsStale,
  looksLikeApiKey,
  roleOfAccess,
  shownPrefixOf,
} from "./api-keys.rules.js";

/** A new key, its row in the request's organization, and the key itself, which is never stored. */
export function createApiKey(
  scope: OrganizationScope,
  createdBy: { id: number },
  input: { name: string; access: ApiKeyAccess; expiresAt: Date | null },
): { apiKey: ApiKey; key: string } {
  // 32 random bytes: a key nobody guesses, so one fast hash of it is enough to keep (decision 0320).
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const apiKey = createOwned(scope, ApiKey, {
    createdBy: scope.em.getReference(User, createdBy.id),
    name: input.name,
    access: input.access,
    tokenHash: hashToken(key),
    shownPrefix: shownPrefixOf(key),
    expiresAt: input.expiresAt,
  });
  scope.em.persist(apiKey);
  return { apiKey, key };
}

/** The organization's keys, newest first, with who made each. */
export function organizationApiKeys(em: EntityManager): Promise<ApiKey[]> {
  return em.find(ApiKey, {}, { populate: ["createdBy"], orderBy: { createdAt: "desc", id: "desc" } });
}

/** Revoking deletes the key's row: the next request with it is refused (401), on every instance. */
export async function revokeApiKey(em: EntityManager, id: number): Promise<void> {
  const removed = await em.nativeDelete(ApiKey, { id });
  if (removed === 0) throw fail.notFound(API_KEY_MESSAGES.notFound);
}

interface ApiKeyRow {
  id: number;
  organization_id: number;
  access: ApiKeyAccess;
  expires_at: unknown;
  last_used_at: unknown;
  user_id: number;
  name: string;
  email: string;
  email_key: string;
  user_created_at: unknown;
  user_language: string | null;
  membership_id: number;
  creator_role: Role;
  display_name: string | null;
  membership_created_at: unknown;
  organization_name: string;
  organization_slug: string;
  organization_created_at: unknown;
  organization_language: string;
}

/**
 * One indexed read by the key's hash, with the admin it acts for, their membership and the organization:
 * the key works only while its maker is still an admin there (decision 0320).
 */
const API_KEY_SQL = `select k.id, k.organization_id, k.access, k.expires_at, k.last_used_at,
  u.id as user_id, u.name, u.email, u.email_key, u.created_at as user_created_at,
  u.language as user_language, ms.id as membership_id, ms.role as creator_role, ms.display_name, ms.created_at as membership_created_at,
  o.name as organization_name, o.slug as organization_slug, o.created_at as organization_created_at,
  o.default_language as organization_language
from api_keys k join users u on u.id = k.created_by_id
join memberships ms on ms.organization_id = k.organization_id and ms.user_id = k.created_by_id
join organizations o on o.id = k.organization_id
where k.token_hash = ?`;

const dateOrEpoch = (value: unknown): Date => dateFromRow(value) ?? new Date(0);

/**
 * The grant of a bearer key at `at`, or null for a key that is unknown, revoked, expired or whose maker is
 * no longer an admin of its organization. Nothing is cached: a revocation holds at once everywhere.
 */
export async function resumeApiKey(em: EntityManager, key: string, at: Date): Promise<ApiKeyGrant | null> {
  if (!looksLikeApiKey(key)) return null;
  // Before any organization is known: the key decides which one the request may act on.
  const row = await readRowAcrossOrganizations<ApiKeyRow>(em, API_KEY_SQL, [hashToken(key)]);
  if (!row || row.creator_role !== "admin" || !isCurrent(dateFromRow(row.expires_at), at)) return null;
  if (lastUsedIsStale(dateFromRow(row.last_used_at), at)) {
    await em.nativeUpdate(
      ApiKey,
      { id: row.id },
      { lastUsedAt: at },
      { filters: { [TENANT_FILTER]: { organizationId: row.organization_id } } },
    );
  }
  const organization = {
    id: row.organization_id,
    name: row.organization_name,
    slug: row.organization_slug,
    defaultLanguage: languageOrDefault(row.organization_language),
    createdAt: dateOrEpoch(row.organization_created_at),
  };
  return {
    keyId: row.id,
    readOnly: row.access === "readonly",
    user: {
      id: row.user_id,
      name: row.name,
      email: row.email,
      emailKey: row.email_key,
      currentOrganization: { id: row.organization_id },
      language: isLanguage(row.user_language) ? row.user_language : null,
      createdAt: dateOrEpoch(row.user_created_at),
    },
    membership: {
      id: row.membership_id,
      role: roleOfAccess(row.access),
      displayName: row.display_name,
      createdAt: dateOrEpoch(row.membership_created_at),
      organization,
      user: { id: row.user_id },
    },
  };
}
