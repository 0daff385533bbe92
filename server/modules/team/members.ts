import type { SqlEntityManager } from "@mikro-orm/knex";
import type { z } from "zod";
import { emailKeyOf, type MembershipRecord } from "#server/modules/identity/index.js";
import { lockedAdmins, type Membership, membershipToChange, sortNameOf } from "#server/modules/organizations/index.js";
import { MemberTag, Tag } from "#server/modules/tags/index.js";
import { recordTrainingEvent } from "#server/platform/api/training-events.js";
import { createOwned, type OrganizationScope } from "#server/platform/db/tenant-scope.js";
import type { Config } from "#server/platform/http/config.js";
import { fail } from "#server/platform/http/errors.js";
import type { Role } from "#shared/roles.js";
import { TEAM_MESSAGES, type updateMemberInput, type updateRoleInput } from "#shared/schemas/team.js";
import { memberName } from "./team.presenter.js";
import { assertAdminRoleRemovable, assertMemberEditable, assertRoleChange } from "./team.rules.js";

/**
 * Changing a member (team/update-role, team/update-member): the rows it needs, read in the request's
 * organization, and the rules of team.rules.ts on them.
 */

/** What changing a member is given by the procedure builders. */
export interface MemberChangeContext extends OrganizationScope {
  em: SqlEntityManager;
  config: Config;
  membership: MembershipRecord;
  role: Role;
}

/** The tags of this organization with these ids; any unknown id is "not found". */
export async function tagsOfOrganization(em: SqlEntityManager, tagIds: readonly number[]): Promise<Tag[]> {
  const unique = [...new Set(tagIds)];
  if (unique.length === 0) return [];
  const tags = await em.find(Tag, { id: { $in: unique } });
  if (tags.length !== unique.length) throw fail.notFound(TEAM_MESSAGES.tagNotFound);
  return tags;
}

async function memberToChange(ctx: MemberChangeContext, userId: number): Promise<Membership> {
  const membership = await membershipToChange(ctx.em, userId, ctx.organization.id);
  if (!membership) throw fail.notFound(TEAM_MESSAGES.memberNotFound);
  return membership;
}

/** The rules of a role change; the admins are read (and locked) only when it takes the admin role from someone. */
async function checkRoleChange(ctx: MemberChangeContext, target: Membership, newRole: Role): Promise<void> {
  const actor = { userId: ctx.membership.user.id, role: ctx.membership.role };
  if (!assertRoleChange({ actor, target: { userId: target.user.id, role: target.role }, newRole })) return;
  const admins = await lockedAdmins(ctx.em, ctx.config, target.organization.id);
  assertAdminRoleRemovable(
    ctx.membership.id,
    admins.map((admin) => admin.id),
  );
}

/**
 * Keeps the links of tags the member still has: a link's creation is when the member joined the audience
 * of the courses the tag reaches, and their relative deadlines count from it (decision 0040).
 */
async function replaceMemberTags(scope: OrganizationScope, membership: Membership, tags: Tag[]) {
  const wanted = new Set(tags.map((tag) => tag.id));
  const links = await scope.em.find(MemberTag, { membership: membership.id }, { fields: ["tag"] });
  const kept = new Set(links.filter((link) => wanted.has(link.tag.id)).map((link) => link.tag.id));
  const dropped = links.filter((link) => !kept.has(link.tag.id)).map((link) => link.id);
  if (dropped.length > 0) await scope.em.nativeDelete(MemberTag, { id: { $in: dropped } });
  for (const tag of tags) if (!kept.has(tag.id)) createOwned(scope, MemberTag, { membership, tag });
}

/** A role that changes is a training event (docs/decisions/0300-evidence-log.md); the same role is none. */
async function accessChanged(ctx: MemberChangeContext, target: Membership, newRole: Role): Promise<void> {
  if (target.role === newRole) return;
  await recordTrainingEvent(ctx, {
    organizationId: ctx.organization.id,
    kind: "member.accessChanged",
    occurredAt: new Date(),
    actorId: ctx.membership.user.id,
    subjectUserId: target.user.id,
    facts: { from: target.role, to: newRole },
  });
}

/** team/update-role. */
export async function changeRole(
  ctx: MemberChangeContext,
  input: z.output<typeof updateRoleInput>,
): Promise<{ message: string }> {
  const target = await memberToChange(ctx, input.userId);
  await checkRoleChange(ctx, target, input.newRole);
  await accessChanged(ctx, target, input.newRole);
  target.role = input.newRole;
  return { message: `${memberName(target)}'s role updated to ${input.newRole}` };
}

/** team/update-member: the member's name in this organization, their role and their tags. */
export async function updateMember(
  ctx: MemberChangeContext,
  input: z.output<typeof updateMemberInput>,
): Promise<{ message: string }> {
  const target = await memberToChange(ctx, input.userId);
  assertMemberEditable(ctx.role, target.role);
  // The e-mail is the person's login, shared by every organization they belong to: only they change it
  // (on the account page, with their password). The field stays in the spec's payload and must name the
  // address the account has; anything else is refused rather than silently dropped (decision 0014).
  if (emailKeyOf(input.email) !== target.user.emailKey) throw fail.forbidden(TEAM_MESSAGES.emailOwnerOnly);
  await checkRoleChange(ctx, target, input.role);
  await accessChanged(ctx, target, input.role);
  const tags = await tagsOfOrganization(ctx.em, input.tagIds);
  // The name is this organization's own (decision 0013): the account's name stays the person's.
  target.displayName = input.name === target.user.name ? null : input.name;
  target.sortName = sortNameOf(input.name);
  target.role = input.role;
  await replaceMemberTags(ctx, target, tags);
  return { message: "Team member updated successfully." };
}
