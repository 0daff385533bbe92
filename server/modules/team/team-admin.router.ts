import type { EntityManager } from "@mikro-orm/core";
import { managedMembership, managedUser } from "#server/modules/identity/index.js";
import { hasMemberWithEmail, membershipToChange } from "#server/modules/organizations/index.js";
import { Tag } from "#server/modules/tags/index.js";
import { nowOf } from "#server/platform/api/trpc.js";
import { type OrganizationScope, organizationProcedure, permittedProcedure } from "#server/platform/api/trpc-org.js";
import { fail } from "#server/platform/http/errors.js";
import { canAssignRole, canRemoveMember } from "#shared/permissions.js";
import type { Role } from "#shared/roles.js";
import { TEAM_MESSAGES } from "#shared/schemas/team.js";
import {
  invitationIdInput,
  invitationsInput,
  inviteManyInput,
  TEAM_ADMIN_MESSAGES as M,
  userIdInput,
} from "#shared/schemas/team-admin.js";
import { assertAnotherAdminRemains, depart } from "./departures.js";
import { Invitation } from "./invitation.entity.js";
import { enqueueInvitationMail } from "./invitation.mail.js";
import { assertInvitationAllowed, takeInvitationAllowance } from "./invitation-limits.js";
import { pendingInvitationRows } from "./invitations.data.js";
import { inviteLinkBase, issueInvitation } from "./invitations.js";
import { presentPendingInvitations } from "./invitations.presenter.js";
import { checkInviteRows } from "./invite-rows.js";
import { memberName } from "./team.presenter.js";

/**
 * The team page's administration (docs/SPEC.md §7): pending invitations (see, resend, revoke), inviting many at
 * once, and removing people. Spread into the team router, so the procedures are `team.*` like the rest of
 * the team area; every invitation comes from issueInvitation (server/modules/team/invitations.ts).
 */

/** An open invitation of this organization the caller may act on; another organization's is "not found". */
async function openInvitationById(scope: OrganizationScope & { role: Role }, invitationId: number) {
  const invitation = await scope.em.findOne(Invitation, { id: invitationId }, { populate: ["invitedBy"] });
  if (!invitation) throw fail.notFound(M.invitationNotFound);
  if (invitation.acceptedAt) throw fail.conflict(M.invitationUsed);
  // A manager neither grants admin nor acts on an invitation that would (docs/DESIGN.md §6).
  if (!canAssignRole(scope.role, "user", invitation.role)) throw fail.forbidden(TEAM_MESSAGES.adminOnly);
  return invitation;
}

/** The ids of those tags that still exist: a tag deleted since the invitation is dropped, as on acceptance. */
async function existingTagIds(em: EntityManager, tagIds: readonly number[]): Promise<number[]> {
  if (tagIds.length === 0) return [];
  const tags = await em.find(Tag, { id: { $in: [...tagIds] } }, { fields: ["id"] });
  return tags.map((tag) => tag.id);
}

export const teamAdminProcedures = {
  invitations: permittedProcedure("team.invitations")
    .meta({ rest: { method: "GET", path: "/team/invitations" } })
    .input(invitationsInput)
    .query(async ({ ctx, input }) => {
      return presentPendingInvitations(await pendingInvitationRows(ctx.em, input ?? {}), nowOf(ctx));
    }),

  resendInvite: permittedProcedure("team.invitations")
    .meta({ rest: { method: "POST", path: "/team/resend-invite" } })
    .input(invitationIdInput)
    .mutation(async ({ ctx, input }) => {
      const old = await openInvitationById(ctx, input.invitationId);
      if (await hasMemberWithEmail(ctx.em, ctx.organization.id, old.emailKey))
        throw fail.conflict(TEAM_MESSAGES.alreadyMember);
      await assertInvitationAllowed(ctx);
      // The new invitation replaces the old one, whose link stops working; a new 7 days start.
      const { invitation, inviteLink } = await issueInvitation(ctx.em, {
        organization: ctx.organization,
        invitedBy: old.invitedBy ?? managedUser(ctx.em, ctx.user),
        name: old.name,
        email: old.email,
        role: old.role,
        tagIds: await existingTagIds(ctx.em, old.tagIds),
        baseUrl: inviteLinkBase(ctx),
      });
      const emailed = enqueueInvitationMail(ctx, invitation, inviteLink, nowOf(ctx));
      await ctx.em.flush();
      return { invitationId: invitation.id, inviteLink, emailed };
    }),

  revokeInvite: permittedProcedure("team.invitations")
    .meta({ rest: { method: "POST", path: "/team/revoke-invite" } })
    .input(invitationIdInput)
    .mutation(async ({ ctx, input }) => {
      const invitation = await openInvitationById(ctx, input.invitationId);
      await ctx.em.nativeDelete(Invitation, { id: invitation.id, acceptedAt: null });
      return { message: `The invitation of ${invitation.name} was revoked.` };
    }),

  inviteMany: permittedProcedure("team.invitations")
    .meta({ rest: { method: "POST", path: "/team/invite-many" } })
    .input(inviteManyInput)
    .mutation(async ({ ctx, input }) => {
      // Every row is checked before any invitation is made.
      const { valid, rejected } = await checkInviteRows(ctx, input.rows);
      // The rows past the invitation limits are refused with the limit's message; the others go.
      const allowance = await takeInvitationAllowance(ctx, valid.length, nowOf(ctx));
      const allowed = valid.slice(0, allowance.granted);
      for (const { row, invite } of valid.slice(allowance.granted)) {
        rejected.push({ row, name: invite.name, email: invite.email, reason: allowance.refusal ?? "" });
      }
      rejected.sort((a, b) => a.row - b.row);
      const baseUrl = inviteLinkBase(ctx);
      const invited = [];
      for (const { row, invite } of allowed) {
        const { invitation, inviteLink } = await issueInvitation(ctx.em, {
          organization: ctx.organization,
          invitedBy: managedUser(ctx.em, ctx.user),
          ...invite,
          baseUrl,
        });
        const emailed = enqueueInvitationMail(ctx, invitation, inviteLink, nowOf(ctx));
        invited.push({ row, invitation, inviteLink, emailed });
      }
      await ctx.em.flush();
      return {
        invited: invited.map(({ row, invitation, inviteLink, emailed }) => ({
          row,
          invitationId: invitation.id,
          name: invitation.name,
          email: invitation.email,
          role: invitation.role,
          inviteLink,
          emailed,
        })),
        rejected,
      };
    }),

  removeMember: permittedProcedure("team.remove")
    .meta({ rest: { method: "POST", path: "/team/remove-member" } })
    .input(userIdInput)
    .mutation(async ({ ctx, input }) => {
      const target = await membershipToChange(ctx.em, input.userId, ctx.organization.id);
      if (!target) throw fail.notFound(TEAM_MESSAGES.memberNotFound);
      if (target.user.id === ctx.user.id) throw fail.forbidden(M.removeSelf);
      if (!canRemoveMember(ctx.role, target.role)) throw fail.forbidden(M.removeAdmin);
      await assertAnotherAdminRemains(ctx.em, ctx.config, target, TEAM_MESSAGES.lastAdmin, ctx.membership);
      const name = memberName(target);
      await depart(ctx.em, target, "removed", managedUser(ctx.em, ctx.user));
      return { message: `${name} was removed from the organization.` };
    }),
};

/** orgs/leave (docs/SPEC.md §7): anyone leaves an organization, except its last admin. Spread into the orgs router. */
export const leaveProcedures = {
  leave: organizationProcedure("org.leave")
    .meta({ rest: { method: "POST", path: "/orgs/leave" } })
    .mutation(async ({ ctx }) => {
      await assertAnotherAdminRemains(ctx.em, ctx.config, ctx.membership, M.lastAdminLeave);
      const { name } = ctx.organization;
      // Registered first, so that the membership's user is this loaded entity: the departure keeps their name.
      const user = managedUser(ctx.em, ctx.user);
      await depart(ctx.em, managedMembership(ctx.em, ctx.membership), "left", null);
      // The person chose to go: the organization is no longer where they land.
      if (ctx.user.currentOrganization?.id === ctx.organization.id) user.currentOrganization = null;
      return { message: `You left ${name}.` };
    }),
};
