import type { EntityManager } from "@mikro-orm/core";
import { Membership, Organization, User } from "#server/entities/index.js";
import { dateFromRow } from "#server/sql-dialect.js";
import type { Role } from "#shared/roles.js";
import { readRow } from "./rows.js";

/**
 * The session check of every request (issue 19): one indexed lookup by the token's hash, which also
 * brings the user and their membership of their current organization. Nothing is cached between
 * requests, so a logout or a password change (which delete the rows) takes effect at once everywhere.
 * The user and membership rows are registered with the request's entity manager as entities (`em.map`,
 * no query building, no population): writes of the same request (orgs/switch, account changes) keep the
 * unit of work. The session itself stays a plain record: only its own rare writes (expiry, renewal, last
 * seen) touch its row, with one statement each (decision 0156).
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
  membership_id: number | null;
  role: Role | null;
  display_name: string | null;
  membership_created_at: unknown;
  organization_name: string | null;
  organization_slug: string | null;
  organization_created_at: unknown;
}

const SESSION_SQL = `select s.token_hash, s.user_id, s.expires_at, s.renewed_at, s.last_seen_at,
  u.name, u.email, u.email_key, u.current_org_id, u.created_at as user_created_at,
  ms.id as membership_id, ms.role, ms.display_name, ms.created_at as membership_created_at,
  o.name as organization_name, o.slug as organization_slug, o.created_at as organization_created_at
from sessions s join users u on u.id = s.user_id
left join memberships ms on ms.organization_id = u.current_org_id and ms.user_id = u.id
left join organizations o on o.id = ms.organization_id
where s.token_hash = ?`;

/** What a request knows of its session: enough to judge expiry and the last-seen step, and to name it. */
export interface SessionRecord {
  tokenHash: string;
  expiresAt: Date;
  renewedAt: Date;
  lastSeenAt: Date;
}

export interface SessionLookup {
  session: SessionRecord;
  user: User;
  /** The user's membership of their current organization (organization loaded), or null. */
  currentMembership: Membership | null;
}

export async function lookUpSession(em: EntityManager, tokenHash: string): Promise<SessionLookup | null> {
  const row = await readRow<SessionUserRow>(em, SESSION_SQL, [tokenHash]);
  if (!row) return null;
  const user = em.map(User, {
    id: row.user_id,
    name: row.name,
    email: row.email,
    email_key: row.email_key,
    current_org_id: row.current_org_id,
    created_at: row.user_created_at,
  });
  const session: SessionRecord = {
    tokenHash: row.token_hash,
    expiresAt: dateFromRow(row.expires_at) ?? new Date(0),
    renewedAt: dateFromRow(row.renewed_at) ?? new Date(0),
    lastSeenAt: dateFromRow(row.last_seen_at) ?? new Date(0),
  };
  let currentMembership: Membership | null = null;
  if (row.membership_id !== null && row.current_org_id !== null) {
    em.map(Organization, {
      id: row.current_org_id,
      name: row.organization_name,
      slug: row.organization_slug,
      created_at: row.organization_created_at,
    });
    currentMembership = em.map(Membership, {
      id: row.membership_id,
      organization_id: row.current_org_id,
      user_id: row.user_id,
      role: row.role,
      display_name: row.display_name,
      created_at: row.membership_created_at,
    });
  }
  return { session, user, currentMembership };
}
