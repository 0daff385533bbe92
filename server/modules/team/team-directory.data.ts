import type { SqlEntityManager } from "@mikro-orm/knex";
import { countOwnTags, type TagView, tagsOfMemberships } from "#server/modules/tags/index.js";
import { inScope, readRows } from "#server/platform/db/rows.js";
import { fail } from "#server/platform/http/errors.js";
import type { Role } from "#shared/roles.js";
import { TEAM_MESSAGES } from "#shared/schemas/team.js";
import type { MembersInput } from "#shared/schemas/team-admin.js";

/**
 * team/members with its search, filters and pages (decisions 0122 and 0127), read as plain rows: the members (or
 * the former members) that match, in one query, then the tags of just those members, in one more, grouped
 * by member once. Paged, the database orders by the stored sort name and id (decision 0211: read in that
 * order from an index, so a page of a 2,000-member team costs a page) and the cursor continues after the
 * last row; unpaged, team-directory.presenter.ts orders the list as the team page always showed it.
 */

export type DirectoryFilters = NonNullable<MembersInput>;

export interface DirectoryRow {
  membership_id: number | null;
  user_id: number;
  name: string;
  email: string;
  role: Role;
}

/** `text` as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Where one listing reads from: the members, or the people who were removed or left. */
interface Source {
  from: string;
  nameSql: string;
  /** The lower-cased name the list sorts and searches by. */
  sortKeySql: string;
  emailSql: string;
  emailKeySql: string;
  roleSql: string;
  membershipIdSql: string;
}

/**
 * A member's account field, looked up by primary key for each member: joined instead, PostgreSQL hashes
 * the whole users table once a team passes about a thousand members, so the page's cost grew with every
 * organization's people (decision 0127).
 */
const accountField = (column: "name" | "email" | "email_key") =>
  `(select u.${column} from users u where u.id = ms.user_id)`;

const MEMBERS: Source = {
  from: "memberships ms",
  nameSql: `coalesce(ms.display_name, ${accountField("name")})`,
  sortKeySql: "ms.sort_name",
  emailSql: accountField("email"),
  emailKeySql: accountField("email_key"),
  roleSql: "ms.role",
  membershipIdSql: "ms.id",
};

const FORMER: Source = {
  from: "former_members ms join users u on u.id = ms.user_id",
  nameSql: "ms.name",
  sortKeySql: "lower(ms.name)",
  emailSql: "u.email",
  emailKeySql: "u.email_key",
  roleSql: "ms.role",
  membershipIdSql: "null",
};

async function matchingRows(em: SqlEntityManager, source: Source, filters: DirectoryFilters): Promise<DirectoryRow[]> {
  const sortKey = source.sortKeySql;
  const conditions = [inScope("ms")];
  const values: unknown[] = [];
  if (filters.search) {
    conditions.push(`(${sortKey} like ? escape '\\' or ${source.emailKeySql} like ? escape '\\')`);
    values.push(containsPattern(filters.search), containsPattern(filters.search));
  }
  if (filters.role) {
    conditions.push(`${source.roleSql} = ?`);
    values.push(filters.role);
  }
  if (filters.tagId !== undefined) {
    // A department matches its own members and those of its roles, as a course's audience does.
    if (source === FORMER) return [];
    // Read from the tag's side (its links by tag_id), so a large team costs the tag's members, not everyone.
    conditions.push(
      `ms.id in (select mt.membership_id from member_tags mt where mt.tag_id in
        (select t.id from tags t where ${inScope("t")} and (t.id = ? or t.parent_id = ?)))`,
    );
    values.push(filters.tagId, filters.tagId);
  }
  if (filters.cursor !== undefined) {
    const [after] = await readRows<{ sort_key: string }>(
      em,
      `select ${sortKey} as sort_key from ${source.from} where ${inScope("ms")} and ms.user_id = ?`,
      [filters.cursor],
    );
    if (!after) throw fail.notFound(TEAM_MESSAGES.memberNotFound);
    conditions.push(`(${sortKey} > ? or (${sortKey} = ? and ms.user_id > ?))`);
    values.push(after.sort_key, after.sort_key, filters.cursor);
  }
  const limit = filters.limit === undefined ? "" : ` limit ${Number(filters.limit)}`;
  return readRows<DirectoryRow>(
    em,
    `select ${source.membershipIdSql} as membership_id, ms.user_id, ${source.nameSql} as name, ${source.emailSql} as email,
       ${source.roleSql} as role
     from ${source.from} where ${conditions.join(" and ")}
     order by ${sortKey}, ms.user_id${limit}`,
    values,
  );
}

/**
 * The members (or former members) of the organization that match `filters` (one page of them with `limit`),
 * and the tags of each member by membership id.
 */
export async function directoryRows(
  em: SqlEntityManager,
  filters: DirectoryFilters = {},
): Promise<{ rows: DirectoryRow[]; tags: Map<number, TagView[]> }> {
  if (filters.tagId !== undefined && (await countOwnTags(em, [filters.tagId])) === 0)
    throw fail.notFound(TEAM_MESSAGES.tagNotFound);
  const rows = await matchingRows(em, filters.former ? FORMER : MEMBERS, filters);
  const membershipIds = rows.flatMap((row) => (row.membership_id === null ? [] : [Number(row.membership_id)]));
  return { rows, tags: await tagsOfMemberships(em, membershipIds) };
}
