import { publicProcedure, router, signedInProcedure } from "#server/platform/api/trpc.js";
import { permittedProcedure } from "#server/platform/api/trpc-org.js";
import { inviteInput, tokenInput, updateMemberInput, updateRoleInput } from "#shared/schemas/team.js";
import { membersInput } from "#shared/schemas/team-admin.js";
import { acceptInvitation, decodeInvitation, inviteMember } from "./invitation-actions.js";
import { changeRole, updateMember } from "./members.js";
import { assertMayListMembers } from "./team.rules.js";
import { teamAdminProcedures } from "./team-admin.router.js";
import { directoryRows } from "./team-directory.data.js";
import { presentMembers } from "./team-directory.presenter.js";

export const teamRouter = router({
  members: permittedProcedure("team.view")
    .meta({ rest: { method: "GET", path: "/team/members" } })
    .input(membersInput)
    .query(async ({ ctx, input }) => {
      assertMayListMembers(ctx.role, input?.former === true);
      return presentMembers(await directoryRows(ctx.em, input), input?.limit !== undefined);
    }),

  ...teamAdminProcedures,

  invite: permittedProcedure("team.manage")
    .meta({ rest: { method: "POST", path: "/team/invite" } })
    .input(inviteInput)
    .mutation(({ ctx, input }) => inviteMember(ctx, input)),

  updateRole: permittedProcedure("team.manage")
    .meta({ rest: { method: "POST", path: "/team/update-role" } })
    .input(updateRoleInput)
    .mutation(({ ctx, input }) => changeRole(ctx, input)),

  updateMember: permittedProcedure("team.manage")
    .meta({ rest: { method: "POST", path: "/team/update-member" } })
    .input(updateMemberInput)
    .mutation(({ ctx, input }) => updateMember(ctx, input)),

  /** Anyone holding the link may read who invited them where; the token is the secret. */
  decodeInvite: publicProcedure
    .meta({ rest: { method: "GET", path: "/team/decode-invite" } })
    .input(tokenInput)
    .query(({ ctx, input }) => decodeInvitation(ctx.em, input.token)),

  acceptInvite: signedInProcedure
    .meta({ rest: { method: "POST", path: "/team/accept-invite" } })
    .input(tokenInput)
    .mutation(({ ctx, input }) => acceptInvitation(ctx, input.token)),
});
