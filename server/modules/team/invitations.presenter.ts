import { compareTags, type TagView } from "#server/modules/tags/index.js";
import { dateFromRow } from "#server/platform/db/sql-dialect.js";
import type { Role } from "#shared/roles.js";
import { type PendingRow, tagIdsOf } from "./invitations.data.js";

/** A pending invitation as the team page lists it (team/invitations). No secret: the link is never stored. */
export interface PendingInvitationView {
  id: number;
  name: string;
  email: string;
  role: Role;
  tags: TagView[];
  /** The inviter's name; null once their account is gone. */
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
  expired: boolean;
}

/** team/invitations from the rows of invitations.data.ts: each with its tags, and expired or not at `now`. */
export function presentPendingInvitations(
  { rows, tags: named }: { rows: readonly PendingRow[]; tags: readonly TagView[] },
  now: Date,
): PendingInvitationView[] {
  const tags = new Map(named.map((tag) => [tag.id, tag]));
  return rows.map((row) => {
    const expiresAt = dateFromRow(row.expires_at) ?? now;
    return {
      id: Number(row.id),
      name: row.name,
      email: row.email,
      role: row.role,
      tags: tagIdsOf(row)
        .flatMap((id) => tags.get(id) ?? [])
        .sort(compareTags),
      invitedBy: row.invited_by,
      createdAt: dateFromRow(row.created_at) ?? now,
      expiresAt,
      expired: expiresAt.getTime() <= now.getTime(),
    };
  });
}
