import type { EntityManager } from "@mikro-orm/core";
import { emailKeyOf } from "#server/modules/identity/index.js";
import { Membership } from "#server/modules/organizations/index.js";
import { Tag } from "#server/modules/tags/index.js";
import { canAssignRole } from "#shared/permissions.js";
import type { Role } from "#shared/roles.js";
import { TEAM_MESSAGES } from "#shared/schemas/team.js";
import { inviteRowInput, TEAM_ADMIN_MESSAGES as M } from "#shared/schemas/team-admin.js";

/**
 * team/invite-many's rows (decision 0121), each checked as team/invite checks one, with the spec's messages,
 * before anything is created: the valid ones go on, the others come back with their line and reason.
 * The organization's tags and the rows' existing members are read once for the whole list.
 */

export interface ValidInviteRow {
  /** The row's index in the list sent. */
  row: number;
  invite: { name: string; email: string; role: Role; tagIds: number[] };
}

export interface RejectedInviteRow {
  row: number;
  name: string;
  email: string;
  reason: string;
}

/** What a refused row showed of itself, for the list of reasons. */
function echo(row: unknown, field: "name" | "email"): string {
  if (row === null || typeof row !== "object") return "";
  const value = (row as Record<string, unknown>)[field];
  return typeof value === "string" ? value.slice(0, 254) : "";
}

async function memberEmailKeys(
  em: EntityManager,
  organizationId: number,
  keys: readonly string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const memberships = await em.find(
    Membership,
    { organization: organizationId, user: { emailKey: { $in: [...new Set(keys)] } } },
    { populate: ["user"] },
  );
  return new Set(memberships.map((membership) => membership.user.emailKey));
}

/** Tags by lower-cased name; a name two tags share (a role in two departments) cannot be told apart. */
function tagsByName(tags: readonly Tag[]): Map<string, Tag[]> {
  const byName = new Map<string, Tag[]>();
  for (const tag of tags) {
    const key = tag.name.toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), tag]);
  }
  return byName;
}

interface Lookups {
  actorRole: Role;
  members: Set<string>;
  tagIds: Set<number>;
  named: Map<string, Tag[]>;
  /** E-mail keys of the rows before this one. */
  seen: Set<string>;
}

/** The row's invitation, or the reason it is refused. */
function checkRow(
  result: ReturnType<typeof inviteRowInput.safeParse>,
  lookups: Lookups,
): ValidInviteRow["invite"] | string {
  if (!result.success) return result.error.issues[0]?.message ?? M.rowInvalid;
  const { name, email, role, tagIds: ids, tags: tagNames } = result.data;
  const key = emailKeyOf(email);
  if (lookups.seen.has(key)) return M.duplicateInBatch;
  lookups.seen.add(key);
  if (!canAssignRole(lookups.actorRole, "user", role)) return TEAM_MESSAGES.adminOnly;
  if (lookups.members.has(key)) return TEAM_MESSAGES.alreadyMember;
  if (ids.some((id) => !lookups.tagIds.has(id))) return TEAM_MESSAGES.tagNotFound;
  const chosen = new Set(ids);
  for (const tagName of tagNames) {
    const matches = lookups.named.get(tagName.toLowerCase()) ?? [];
    if (matches.length === 0) return `${M.tagNameUnknown} ${tagName}`;
    if (matches.length > 1) return `${M.tagNameAmbiguous} ${tagName}`;
    chosen.add((matches[0] as Tag).id);
  }
  return { name, email, role, tagIds: [...chosen] };
}

export async function checkInviteRows(
  scope: { em: EntityManager; organization: { id: number }; role: Role },
  rows: readonly unknown[],
): Promise<{ valid: ValidInviteRow[]; rejected: RejectedInviteRow[] }> {
  const parsed = rows.map((row) => inviteRowInput.safeParse(row));
  const keys = parsed.flatMap((result) => (result.success ? [emailKeyOf(result.data.email)] : []));
  const tags = await scope.em.find(Tag, {});
  const lookups: Lookups = {
    actorRole: scope.role,
    members: await memberEmailKeys(scope.em, scope.organization.id, keys),
    tagIds: new Set(tags.map((tag) => tag.id)),
    named: tagsByName(tags),
    seen: new Set(),
  };
  const valid: ValidInviteRow[] = [];
  const rejected: RejectedInviteRow[] = [];
  parsed.forEach((result, row) => {
    const checked = checkRow(result, lookups);
    if (typeof checked === "string") {
      rejected.push({ row, name: echo(rows[row], "name"), email: echo(rows[row], "email"), reason: checked });
    } else valid.push({ row, invite: checked });
  });
  return { valid, rejected };
}
