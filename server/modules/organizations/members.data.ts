import type { SqlEntityManager } from "@mikro-orm/knex";
import { inScope, readRows } from "#server/platform/db/rows.js";
import { dateFromRow } from "#server/platform/db/sql-dialect.js";
import type { Role } from "#shared/roles.js";

/**
 * The members of the organization as plain rows (decision 0150): the reports, the training rules and
 * the reminders read thousands at once. Memberships are this module's, so every module above reads them here.
 */

/** A member as the reports list them: read as plain rows, since a report reads thousands. */
export interface MemberRow {
  membershipId: number;
  userId: number;
  /** The organization's name for them (decision 0013), else their own. */
  name: string;
  email: string;
  role: Role;
  joinedAt: Date;
  /** Removed or left (decision 0120): listed by their records alone, in no audience (server/modules/team/departures.ts). */
  former?: boolean;
}

/** A member's row as read: a membership's, or a former member's (server/modules/team/departures.ts). */
export interface MemberRecord {
  id: number;
  user_id: number;
  name: string;
  email: string;
  role: Role;
}

/** Every member of the organization (`userId`: only that one), in one query. */
export async function memberRows(em: SqlEntityManager, userId?: number): Promise<MemberRow[]> {
  const rows = await readRows<MemberRecord & { created_at: unknown }>(
    em,
    `select ms.id, ms.user_id, coalesce(ms.display_name, u.name) as name, u.email, ms.role, ms.created_at
     from memberships ms join users u on u.id = ms.user_id
     where ${inScope("ms")}${userId === undefined ? "" : " and ms.user_id = ?"}`,
    userId === undefined ? [] : [userId],
  );
  return rows.map((row) => ({
    membershipId: Number(row.id),
    userId: Number(row.user_id),
    name: row.name,
    email: row.email,
    role: row.role,
    joinedAt: dateFromRow(row.created_at) ?? new Date(0),
  }));
}
