import { nowOf } from "#server/platform/api/trpc.js";
import { organizationProcedure, permittedProcedure } from "#server/platform/api/trpc-org.js";
import { invitationIdInput, invitationsInput, inviteManyInput, userIdInput } from "#shared/schemas/team-admin.js";
import { leaveOrganization, removeMember } from "./departures.js";
import { inviteMany, resendInvitation, revokeInvitation } from "./invitation-actions.js";
import { pendingInvitationRows } from "./invitations.data.js";
import { presentPendingInvitations } from "./invitations.presenter.js";

/**
 * The team page's administration (docs/SPEC.md §7): pending invitations (see, resend, revoke), inviting many at
 * once, and removing people. Spread into the team router, so the procedures are `team.*` like the rest of
 * the team area; every invitation comes from issueInvitation (server/modules/team/invitations.ts).
 */

export const teamAdminProcedures = {
  invitations: permittedProcedure("team.invitations")
    .meta({ rest: { method: "GET", path: "/team/invitations" } })
    .input(invitationsInput)
    .query(async ({ ctx, input }) =>
      presentPendingInvitations(await pendingInvitationRows(ctx.em, input ?? {}), nowOf(ctx)),
    ),

  resendInvite: permittedProcedure("team.invitations")
    .meta({ rest: { method: "POST", path: "/team/resend-invite" } })
    .input(invitationIdInput)
    .mutation(({ ctx, input }) => resendInvitation(ctx, input.invitationId)),

  revokeInvite: permittedProcedure("team.invitations")
    .meta({ rest: { method: "POST", path: "/team/revoke-invite" } })
    .input(invitationIdInput)
    .mutation(({ ctx, input }) => revokeInvitation(ctx, input.invitationId)),

  inviteMany: permittedProcedure("team.invitations")
    .meta({ rest: { method: "POST", path: "/team/invite-many" } })
    .input(inviteManyInput)
    .mutation(({ ctx, input }) => inviteMany(ctx, input.rows)),

  removeMember: permittedProcedure("team.remove")
    .meta({ rest: { method: "POST", path: "/team/remove-member" } })
    .input(userIdInput)
    .mutation(({ ctx, input }) => removeMember(ctx, input.userId)),
};

/** orgs/leave (docs/SPEC.md §7): anyone leaves an organization, except its last admin. Spread into the orgs router. */
export const leaveProcedures = {
  leave: organizationProcedure("org.leave")
    .meta({ rest: { method: "POST", path: "/orgs/leave" } })
    .mutation(({ ctx }) => leaveOrganization(ctx)),
};
