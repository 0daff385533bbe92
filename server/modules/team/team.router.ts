import type { SqlEntityManager } from "@mikro-orm/knex";
import { emailKeyOf, type MembershipRecord, managedUser, User } from "#server/modules/identity/index.js";
import {
  belongsToAnyOrganization,
  hasMemberWithEmail,
  lockedAdmins,
  Membership,
  membershipToChange,
  presentOrganizationRef,
  sortNameOf,
} from "#server/modules/organizations/index.js";
import { MemberTag, Tag } from "#server/modules/tags/index.js";
import { nowOf, publicProcedure, router, signedInProcedure } from "#server/platform/api/trpc.js";
import { createOwned, type OrganizationScope, permittedProcedure } from "#server/platform/api/trpc-org.js";
import type { Config } from "#server/platform/http/config.js";
import { fail } from "#server/platform/http/errors.js";
import { can, canAssignRole } from "#shared/permissions.js";
import type { Role } from "#shared/roles.js";
import { inviteInput, TEAM_MESSAGES, tokenInput, updateMemberInput, updateRoleInput } from "#shared/schemas/team.js";
import { membersInput } from "#shared/schemas/team-admin.js";
import { forgetDeparture } from "./departures.js";
import { Invitation } from "./invitation.entity.js";
import { enqueueInvitationMail } from "./invitation.mail.js";
import { assertInvitationAllowed } from "./invitation-limits.js";
import { inviteLinkBase, issueInvitation, openInvitation } from "./invitations.js";
import { memberName, presentInvitation } from "./team.presenter.js";
import { teamAdminProcedures } from "./team-admin.router.js";
import { directoryRows } from "./team-directory.data.js";
import { presentMembers } from "./team-directory.presenter.js";

/** The tags of this organization with these ids; any unknown id is "not found". */
async function tagsOfOrganization(em: SqlEntityManager, tagIds: readonly number[]): Promise<Tag[]> {
  const unique = [...new Set(tagIds)];
  if (unique.length === 0) return [];
  const tags = await em.find(Tag, { id: { $in: unique } });
  if (tags.length !== unique.length) throw fail.notFound(TEAM_MESSAGES.tagNotFound);
  return tags;
}

async function memberOfOrganization(em: SqlEntityManager, organizationId: number, userId: number) {
  const membership = await membershipToChange(em, userId, organizationId);
  if (!membership) throw fail.notFound(TEAM_MESSAGES.memberNotFound);
  return membership;
}

/** docs/DESIGN.md §6: nobody changes their own role, managers never touch admin, one admin always remains. */
async function assertRoleChange(
  em: SqlEntityManager,
  config: Config,
  actor: MembershipRecord,
  target: Membership,
  newRole: Role,
) {
  if (target.role === newRole) return;
  if (target.user.id === actor.user.id) throw fail.forbidden(TEAM_MESSAGES.ownRole);
  if (!canAssignRole(actor.role, target.role, newRole)) throw fail.forbidden(TEAM_MESSAGES.adminOnly);
  if (target.role === "admin") {
    const admins = await lockedAdmins(em, config, target.organization.id);
    // Only an admin may remove the admin role: one who lost it meanwhile may not.
    if (!admins.some((membership) => membership.id === actor.id)) throw fail.forbidden(TEAM_MESSAGES.adminOnly);
    if (admins.length <= 1) throw fail.conflict(TEAM_MESSAGES.lastAdmin);
  }
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

export const teamRouter = router({
  members: permittedProcedure("team.view")
    .meta({ rest: { method: "GET", path: "/team/members" } })
    .input(membersInput)
    .query(async ({ ctx, input }) => {
      // Who has gone is for those who manage the team (decision 0120); the members are everyone's to see.
      if (input?.former && !can(ctx.role, "team.remove")) throw fail.forbidden();
      return presentMembers(await directoryRows(ctx.em, input), input?.limit !== undefined);
    }),

  ...teamAdminProcedures,

  invite: permittedProcedure("team.manage")
    .meta({ rest: { method: "POST", path: "/team/invite" } })
    .input(inviteInput)
    .mutation(async ({ ctx, input }) => {
      if (!canAssignRole(ctx.role, "user", input.role)) throw fail.forbidden(TEAM_MESSAGES.adminOnly);
      const emailKey = emailKeyOf(input.email);
      if (await hasMemberWithEmail(ctx.em, ctx.organization.id, emailKey))
        throw fail.conflict(TEAM_MESSAGES.alreadyMember);
      const tags = await tagsOfOrganization(ctx.em, input.tagIds);
      await assertInvitationAllowed(ctx);
      const { invitation, inviteLink } = await issueInvitation(ctx.em, {
        organization: ctx.organization,
        invitedBy: managedUser(ctx.em, ctx.user),
        name: input.name,
        email: input.email,
        role: input.role,
        tagIds: tags.map((tag) => tag.id),
        baseUrl: inviteLinkBase(ctx),
      });
      return { inviteLink, emailed: enqueueInvitationMail(ctx, invitation, inviteLink, nowOf(ctx)) };
    }),

  updateRole: permittedProcedure("team.manage")
    .meta({ rest: { method: "POST", path: "/team/update-role" } })
    .input(updateRoleInput)
    .mutation(async ({ ctx, input }) => {
      const target = await memberOfOrganization(ctx.em, ctx.organization.id, input.userId);
      await assertRoleChange(ctx.em, ctx.config, ctx.membership, target, input.newRole);
      target.role = input.newRole;
      return { message: `${memberName(target)}'s role updated to ${input.newRole}` };
    }),

  updateMember: permittedProcedure("team.manage")
    .meta({ rest: { method: "POST", path: "/team/update-member" } })
    .input(updateMemberInput)
    .mutation(async ({ ctx, input }) => {
      const target = await memberOfOrganization(ctx.em, ctx.organization.id, input.userId);
      if (!canAssignRole(ctx.role, target.role, target.role)) throw fail.forbidden(TEAM_MESSAGES.adminOnly);
      // The e-mail is the person's login, shared by every organization they belong to: only they change it
      // (on the account page, with their password). The field stays in the spec's payload and must name the
      // address the account has; anything else is refused rather than silently dropped (decision 0014).
      if (emailKeyOf(input.email) !== target.user.emailKey) throw fail.forbidden(TEAM_MESSAGES.emailOwnerOnly);
      await assertRoleChange(ctx.em, ctx.config, ctx.membership, target, input.role);
      const tags = await tagsOfOrganization(ctx.em, input.tagIds);
      // The name is this organization's own (decision 0013): the account's name stays the person's.
      target.displayName = input.name === target.user.name ? null : input.name;
      target.sortName = sortNameOf(input.name);
      target.role = input.role;
      await replaceMemberTags(ctx, target, tags);
      return { message: "Team member updated successfully." };
    }),

  /** Anyone holding the link may read who invited them where; the token is the secret. */
  decodeInvite: publicProcedure
    .meta({ rest: { method: "GET", path: "/team/decode-invite" } })
    .input(tokenInput)
    .query(async ({ ctx, input }) => {
      const { invitation, organization } = await openInvitation(ctx.em, input.token);
      const userExists = (await ctx.em.count(User, { emailKey: invitation.emailKey })) > 0;
      return presentInvitation(invitation, organization, userExists);
    }),

  acceptInvite: signedInProcedure
    .meta({ rest: { method: "POST", path: "/team/accept-invite" } })
    .input(tokenInput)
    .mutation(async ({ ctx, input }) => {
      const { invitation, organization } = await openInvitation(ctx.em, input.token);
      if (invitation.emailKey !== ctx.user.emailKey) throw fail.forbidden(TEAM_MESSAGES.invitationMismatch);
      // Single use, also against two calls at once: only the call that turns the open row into a used one
      // goes on (on PostgreSQL the second waits for the first, then finds the row used). Claimed first, so
      // that the loser of such a race always hears "used"; a refusal below rolls the claim back.
      const claimed = await ctx.em.nativeUpdate(
        Invitation,
        { id: invitation.id, acceptedAt: null },
        { acceptedAt: new Date() },
      );
      if (claimed !== 1) throw fail.notFound(TEAM_MESSAGES.invitationInvalid);
      // docs/SPEC.md §6: a user already in an organization cannot accept another invitation.
      if (await belongsToAnyOrganization(ctx.em, ctx.user)) {
        throw fail.conflict(TEAM_MESSAGES.alreadyInOrganization);
      }
      const tags = invitation.tagIds.length ? await ctx.em.find(Tag, { id: { $in: invitation.tagIds } }) : [];
      const user = managedUser(ctx.em, ctx.user);
      const membership = ctx.em.create(Membership, {
        organization,
        user,
        role: invitation.role,
        sortName: sortNameOf(ctx.user.name),
      });
      for (const tag of tags) ctx.em.create(MemberTag, { organization, membership, tag });
      await forgetDeparture(ctx.em, organization.id, ctx.user.id);
      user.currentOrganization = organization;
      return { organization: presentOrganizationRef(organization) };
    }),
});
