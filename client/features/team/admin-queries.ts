import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { progressReaders } from "#client/features/training/queries.js";
import { trpc } from "#client/lib/trpc.js";
import type { AppRouter } from "#server/router.js";
import { INVITATIONS_PAGE_SIZE, MEMBERS_PAGE_SIZE } from "#shared/constants.js";
import type { Role } from "#shared/roles.js";

/** On the team page (decision 0121): pending invitations, inviting many, removing people; and the team's pages. */

export type PendingInvitation = inferRouterOutputs<AppRouter>["team"]["invitations"][number];
export type InviteManyResult = inferRouterOutputs<AppRouter>["team"]["inviteMany"];
export type MemberFilters = { search?: string; role?: Role; tagId?: number; former?: boolean };

const TEAM_ADMIN_TEXT = {
  resendFailed: "Failed to resend the invitation.",
  revokeFailed: "Failed to revoke the invitation.",
  revoked: "Invitation revoked.",
  inviteManyFailed: "Failed to send the invitations.",
  removeFailed: "Failed to remove the member.",
  leaveFailed: "Failed to leave the organization.",
} as const;

/** Everything that shows who is in the team, and what a change of it makes stale. */
function teamReaders() {
  return [trpc.team.members.pathKey(), trpc.team.invitations.pathKey(), ...progressReaders()];
}

export function membersPageQuery(filters: MemberFilters) {
  return trpc.team.members.infiniteQueryOptions(
    { ...filters, limit: MEMBERS_PAGE_SIZE },
    {
      initialCursor: undefined,
      getNextPageParam: (page) => (page.length < MEMBERS_PAGE_SIZE ? undefined : page.at(-1)?.id),
    },
  );
}

/** The pending invitations, newest first, a page at a time: the next page's cursor is the last one's id. */
function invitationsPageQuery() {
  return trpc.team.invitations.infiniteQueryOptions(
    { limit: INVITATIONS_PAGE_SIZE },
    {
      initialCursor: undefined,
      getNextPageParam: (page) => (page.length < INVITATIONS_PAGE_SIZE ? undefined : page.at(-1)?.id),
    },
  );
}

export function useInvitations(enabled: boolean) {
  return useInfiniteQuery({ ...invitationsPageQuery(), enabled });
}

export function useResendInvite() {
  return useMutation(
    trpc.team.resendInvite.mutationOptions({
      meta: { failure: TEAM_ADMIN_TEXT.resendFailed, invalidates: [trpc.team.invitations.pathKey()] },
    }),
  );
}

export function useRevokeInvite() {
  return useMutation(
    trpc.team.revokeInvite.mutationOptions({
      meta: {
        success: TEAM_ADMIN_TEXT.revoked,
        failure: TEAM_ADMIN_TEXT.revokeFailed,
        invalidates: [trpc.team.invitations.pathKey()],
      },
    }),
  );
}

export function useInviteMany() {
  return useMutation(
    trpc.team.inviteMany.mutationOptions({
      meta: { failure: TEAM_ADMIN_TEXT.inviteManyFailed, invalidates: [trpc.team.invitations.pathKey()] },
    }),
  );
}

export function useRemoveMember() {
  return useMutation(
    trpc.team.removeMember.mutationOptions({
      meta: { success: "answer", failure: TEAM_ADMIN_TEXT.removeFailed, invalidates: teamReaders() },
    }),
  );
}
