import type { EntityManager } from "@mikro-orm/core";
import type { MembershipRecord, SessionLookup, SessionRecord, SignedInUser } from "#server/platform/api/session.js";
import { readRowAcrossOrganizations, readRowsAcrossOrganizations } from "#server/platform/db/rows.js";
import { dateFromRow } from "#server/platform/db/sql-dialect.js";
import { isLanguage, languageOrDefault } from "#shared/i18n/languages.js";
import type { Role } from "#shared/roles.js";
import { User } from "./user.entity.js";

/**
 * The session check of every request (decision 0156): one indexed lookup by the token's hash, which also
 * brings the user and their membership of their current organization. Nothing is cached between
 * requests, so a logout or a password change (which delete the rows) takes effect at once everywhere.
 * The user, membership and organization are plain records (decision 0205; their shapes are the procedure
 * builders', server/platform/api/session.ts): no entity is built for a
 * read; a write that changes one of them registers its entity with managedUser or managedMembership.
 * The session is a plain record too: only its own rare writes (expiry, renewal, last seen) touch its
 * row, with one statement each (decision 0156).
 */
interface SessionUserRow {
  token_hash: string;
  user_id: number;
  expires_at: unknown;
  renewed_at: unknown;
  last_seen_at: unknown;
  name: string;
  email: string;
  email_key: string;
  current_org_id: number | null;
  user_created_at: unknown;
  user_language: string | null;
  membership_id: number | null;
  role: Role | null;
  display_name: string | null;
  membership_created_at: unknown;
  organization_name: string | null;
  organization_slug: string | null;
  organization_created_at: unknown;
  organization_language: string | null;
}

const SESSION_SQL = `select s.token_hash, s.user_id, s.expires_at, s.renewed_at, s.last_seen_at,
  u.name, u.email, u.email_key, u.current_org_id, u.created_at as user_created_at,
  u.language as user_language, ms.id as membership_id, ms.role, ms.display_name, ms.created_at as membership_created_at,
  o.name as organization_name, o.slug as organization_slug, o.created_at as organization_created_at,
  o.default_language as organization_language
from sessions s join users u on u.id = s.user_id
left join memberships ms on ms.organization_id = u.current_org_id and ms.user_id = u.id
left join organizations o on o.id = ms.organization_id
where s.token_hash = ?`;

const dateOrEpoch = (value: unknown): Date => dateFromRow(value) ?? new Date(0);

export async function lookUpSession(em: EntityManager, tokenHash: string): Promise<SessionLookup | null> {
  // Before any organization is known: the session decides which one the request may act on.
  const row = await readRowAcrossOrganizations<SessionUserRow>(em, SESSION_SQL, [tokenHash]);
  if (!row) return null;
  const user: SignedInUser = {
    id: row.user_id,
    name: row.name,
    email: row.email,
    emailKey: row.email_key,
    currentOrganization: row.current_org_id === null ? null : { id: row.current_org_id },
    language: isLanguage(row.user_language) ? row.user_language : null,
    createdAt: dateOrEpoch(row.user_created_at),
  };
  const session: SessionRecord = {
    tokenHash: row.token_hash,
    expiresAt: dateOrEpoch(row.expires_at),
    renewedAt: dateOrEpoch(row.renewed_at),
    lastSeenAt: dateOrEpoch(row.last_seen_at),
  };
  const currentMembership =
    row.current_org_id === null ? null : membershipFromRow({ ...row, organization_id: row.current_org_id });
  return { session, user, currentMembership };
}

type MembershipRow = Pick<
  SessionUserRow,
  | "user_id"
  | "membership_id"
  | "role"
  | "display_name"
  | "membership_created_at"
  | "organization_name"
  | "organization_slug"
  | "organization_created_at"
  | "organization_language"
> & { organization_id: number };

function membershipFromRow(row: MembershipRow): MembershipRecord | null {
  if (row.membership_id === null || row.role === null) return null;
  return {
    id: row.membership_id,
    role: row.role,
    displayName: row.display_name,
    createdAt: dateOrEpoch(row.membership_created_at),
    organization: {
      id: row.organization_id,
      name: row.organization_name ?? "",
      slug: row.organization_slug ?? "",
      defaultLanguage: languageOrDefault(row.organization_language),
      createdAt: dateOrEpoch(row.organization_created_at),
    },
    user: { id: row.user_id },
  };
}

const MEMBERSHIP_SQL = `select ms.user_id, ms.id as membership_id, ms.role, ms.display_name,
  ms.created_at as membership_created_at, o.id as organization_id, o.name as organization_name,
  o.slug as organization_slug, o.created_at as organization_created_at, o.default_language as organization_language
from memberships ms join organizations o on o.id = ms.organization_id
where ms.user_id = ?`;
const BY_ORGANIZATION_ID = `${MEMBERSHIP_SQL} and o.id = ?`;
const BY_ORGANIZATION_SLUG = `${MEMBERSHIP_SQL} and o.slug = ?`;
const EVERY_ORGANIZATION = `${MEMBERSHIP_SQL} order by o.name asc, o.id asc`;

/**
 * The user's membership of an organization, by its id or by the slug of its URL: one indexed read of
 * plain rows, as the session's own membership is, not the ORM's populated entity, which cost most of a
 * request's CPU where it was read (server/modules/organizations/membership.ts is the way the app asks).
 * Across organizations on purpose: this is what decides whether the request may act on that one.
 */
export async function membershipRecordOf(
  em: EntityManager,
  userId: number,
  organization: number | { slug: string },
): Promise<MembershipRecord | null> {
  const row =
    typeof organization === "number"
      ? await readRowAcrossOrganizations<MembershipRow>(em, BY_ORGANIZATION_ID, [userId, organization])
      : await readRowAcrossOrganizations<MembershipRow>(em, BY_ORGANIZATION_SLUG, [userId, organization.slug]);
  return row ? membershipFromRow(row) : null;
}

/** Every membership of the user, in the order of their organizations' names. */
export async function membershipRecordsOf(em: EntityManager, userId: number): Promise<MembershipRecord[]> {
  const rows = await readRowsAcrossOrganizations<MembershipRow>(em, EVERY_ORGANIZATION, [userId]);
  return rows.flatMap((row) => membershipFromRow(row) ?? []);
}

/**
 * The user's entity in this entity manager, for a write that changes it (orgs/switch, leaving an
 * organization): registered from the record without a query, as a loaded entity, so the unit of work
 * saves what the handler changes. An entity the manager already holds is returned as it is.
 */
export function managedUser(em: EntityManager, user: SignedInUser | User): User {
  if (user instanceof User) return user;
  return em.map(User, {
    id: user.id,
    name: user.name,
    email: user.email,
    email_key: user.emailKey,
    current_org_id: user.currentOrganization?.id ?? null,
    language: user.language,
    created_at: user.createdAt,
  });
}
