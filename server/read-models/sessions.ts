import type { EntityManager } from "@mikro-orm/core";
import { Membership, Organization, Session, User } from "#server/entities/index.js";
import type { Role } from "#shared/roles.js";
import { readRow } from "./rows.js";

/**
 * The session check of every request (issue 19): one indexed lookup by the token's hash, which also
 * brings the user and their membership of their current organization. Nothing is cached between
 * requests, so a logout or a password change (which delete the rows) takes effect at once everywhere.
 * The rows are registered with the request's entity manager as entities (`em.map`, no query building,
 * no population): writes of the same request (orgs/switch, account changes) keep the unit of work.
 */
interface SessionUserRow {
  token_hash: string;
  user_id: number;
  created_at: unknown;
  expires_at: unknown;
  renewed_at: unknown;
  last_seen_at: unknown;
  user_agent: string | null;
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

const SESSION_SQL = `select s.token_hash, s.user_id, s.created_at, s.expires_at, s.renewed_at, s.last_seen_at, s.user_agent,
  u.name, u.email, u.email_key, u.current_org_id, u.created_at as user_created_at,
  ms.id as membership_id, ms.role, ms.display_name, ms.created_at as membership_created_at,
  o.name as organization_name, o.slug as organization_slug, o.created_at as organization_created_at
from sessions s join users u on u.id = s.user_id
left join memberships ms on ms.organization_id = u.current_org_id and ms.user_id = u.id
left join organizations o on o.id = ms.organization_id
where s.token_hash = ?`;

export interface SessionLookup {
  session: Session;
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
  const session = em.map(Session, {
    token_hash: row.token_hash,
    user_id: row.user_id,
    created_at: row.created_at,
    expires_at: row.expires_at,
    renewed_at: row.renewed_at,
    last_seen_at: row.last_seen_at,
    user_agent: row.user_agent,
  });
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
