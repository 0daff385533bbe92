import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../server/routers/index.js";
import { errorMessage } from "../../lib/errors.js";
import { toast } from "../../lib/toast.js";
import { trpc } from "../../lib/trpc.js";

export type Member = inferRouterOutputs<AppRouter>["team"]["members"][number];

/** The fixed texts of spec §8 for the team screen. */
export const TEAM_TEXT = {
  noPermission: "You do not have permission to manage team members",
  noTags: "No tags assigned",
  memberUpdated: "Team member updated successfully.",
  memberUpdateFailed: "Failed to update team member.",
  linkCopied: "Invite link copied to clipboard!",
  /** Not in the spec: the fallbacks when the server gives no message. */
  roleUpdateFailed: "Failed to update role.",
  inviteFailed: "Failed to create the invitation.",
  copyFailed: "Could not copy the link. Select it and copy it by hand.",
} as const;

export function useMembers() {
  return trpc.team.members.useQuery();
}

/** The role select on a member card; the toast is the server's "<name>'s role updated to <role>". */
export function useUpdateRole() {
  const utils = trpc.useUtils();
  return trpc.team.updateRole.useMutation({
    onSuccess: async ({ message }) => {
      toast.success(message);
      await utils.team.members.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error, TEAM_TEXT.roleUpdateFailed)),
  });
}

export function useUpdateMember() {
  const utils = trpc.useUtils();
  return trpc.team.updateMember.useMutation({
    onSuccess: async () => {
      toast.success(TEAM_TEXT.memberUpdated);
      // Editing oneself changes the name in the header too.
      void utils.auth.me.invalidate();
      await utils.team.members.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error, TEAM_TEXT.memberUpdateFailed)),
  });
}

export function useInvite() {
  return trpc.team.invite.useMutation({
    onError: (error) => toast.error(errorMessage(error, TEAM_TEXT.inviteFailed)),
  });
}
