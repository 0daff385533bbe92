import { useMutation } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { progressReaders } from "#client/features/training/queries.js";
import { trpc } from "#client/lib/trpc.js";
import type { AppRouter } from "#server/router.js";

export type Member = inferRouterOutputs<AppRouter>["team"]["members"][number];

/** The fixed texts of docs/SPEC.md §8 for the team screen. */
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

export function membersQuery() {
  return trpc.team.members.queryOptions();
}

/** The role select on a member card; the toast is the server's "<name>'s role updated to <role>". */
export function useUpdateRole() {
  return useMutation(
    trpc.team.updateRole.mutationOptions({
      meta: {
        success: "answer",
        failure: TEAM_TEXT.roleUpdateFailed,
        invalidates: [trpc.team.members.pathKey(), ...progressReaders()],
      },
    }),
  );
}

export function useUpdateMember() {
  return useMutation(
    trpc.team.updateMember.mutationOptions({
      meta: {
        success: TEAM_TEXT.memberUpdated,
        failure: TEAM_TEXT.memberUpdateFailed,
        // Editing oneself changes the name in the header too; a member's tags decide their training.
        invalidates: [trpc.team.members.pathKey(), trpc.auth.me.queryKey(), ...progressReaders()],
      },
    }),
  );
}

/** A refusal shows in the invite form itself (an invitation limit's says when to try again), not as a toast. */
export function useInvite() {
  return useMutation(trpc.team.invite.mutationOptions({ meta: { invalidates: [trpc.team.invitations.pathKey()] } }));
}
