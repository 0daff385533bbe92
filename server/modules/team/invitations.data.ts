import type { EntityManager } from "@mikro-orm/core";
import { type TagView, tagsWithIds } from "#server/modules/tags/index.js";
import { inScope, readRow, readRows } from "#server/platform/db/rows.js";
import { fail } from "#server/platform/http/errors.js";
import type { Role } from "#shared/roles.js";
import {
  INVITATIONS_UNPAGED_MAX,
  type InvitationsInput,
  TEAM_ADMIN_MESSAGES as M,
} from "#shared/schemas/team-admin.js";

export interface PendingRow {
  id: number;
  name: string;
  email: string;
  role: Role;
  /** JSON: SQLite gives its text, PostgreSQL (jsonb) the parsed list. */
  tag_ids: string | number[];
  invited_by: string | null;
  created_at: unknown;
  expires_at: unknown;
}

export const tagIdsOf = (row: PendingRow): number[] =>
  typeof row.tag_ids === "string" ? (JSON.parse(row.tag_ids) as number[]) : row.tag_ids;

/**
 * team/invitations: the organization's open invitations, newest first, read as plain rows (hydrating
 * them as entities cost a list of 500 some 100 ms): a page of `limit` after the invitation `cursor` names,
 * or without `limit` the newest INVITATIONS_UNPAGED_MAX, which is every one for the lists the documented
 * call was made for. The database reads them in index order (invitations_org_pending_idx), so a page
 * costs a page however many are waiting; then the tags of those rows, in one more query.
 */
export async function pendingInvitationRows(
  em: EntityManager,
  page: NonNullable<InvitationsInput>,
): Promise<{ rows: PendingRow[]; tags: TagView[] }> {
  const conditions = [inScope("i"), "i.accepted_at is null"];
  const values: unknown[] = [];
  if (page.cursor !== undefined) {
    const after = await readRow<{ created_at: unknown }>(
      em,
      `select created_at from invitations where id = ? and ${inScope()}`,
      [page.cursor],
    );
    if (!after) throw fail.notFound(M.invitationNotFound);
    conditions.push("(i.created_at < ? or (i.created_at = ? and i.id < ?))");
    values.push(after.created_at, after.created_at, page.cursor);
  }
  const rows = await readRows<PendingRow>(
    em,
    `select i.id, i.name, i.email, i.role, i.tag_ids, i.created_at, i.expires_at,
       (select u.name from users u where u.id = i.invited_by_id) as invited_by
     from invitations i where ${conditions.join(" and ")}
     order by i.created_at desc, i.id desc limit ${Number(page.limit ?? INVITATIONS_UNPAGED_MAX)}`,
    values,
  );
  return { rows, tags: await tagsWithIds(em, [...new Set(rows.flatMap(tagIdsOf))]) };
}
