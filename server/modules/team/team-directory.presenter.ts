import { compareTags, type TagView } from "#server/modules/tags/index.js";
import type { MemberView } from "./team.presenter.js";
import type { DirectoryRow } from "./team-directory.data.js";

/**
 * team/members (decisions 0122 and 0127) from the rows of team-directory.data.ts: paged, in the order the
 * database read them (by sort name and id); unpaged, by the organization's names as the browser sorts.
 */
export function presentMembers(
  { rows, tags }: { rows: readonly DirectoryRow[]; tags: ReadonlyMap<number, TagView[]> },
  paged: boolean,
): MemberView[] {
  const members = rows.map((row) => ({
    id: Number(row.user_id),
    name: row.name,
    email: row.email,
    role: row.role,
    tags: row.membership_id === null ? [] : (tags.get(Number(row.membership_id)) ?? []).sort(compareTags),
  }));
  // Unpaged, the order the team page has always had (by the organization's names, as the browser sorts).
  if (!paged) members.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return members;
}
