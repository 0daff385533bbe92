import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { currentUserQueryOptions } from "#client/features/auth/current-user.js";
import { trpc } from "#client/lib/trpc.js";

/** The fixed texts of docs/SPEC.md §8 for invitations. */
export const INVITE_TEXT = {
  missingToken: "This invitation link is invalid or missing a token.",
  decodeFailed: "Could not retrieve invitation details.",
  acceptFailed: "Failed to accept invitation.",
  joined: "Successfully joined the organization!",
  alreadyInOrganization: "You are already part of an organization. You cannot accept another invitation.",
} as const;

/**
 * Accepts the invitation (docs/SPEC.md §4): on success a toast, the current user refreshed (it now has the new
 * organization as its current one, which the organization pages' guard reads), then that
 * organization's dashboard, or /select-org when the answer names none.
 */
export function useAcceptInvite() {
  const navigate = useNavigate();
  return useMutation(
    trpc.team.acceptInvite.mutationOptions({
      meta: {
        success: INVITE_TEXT.joined,
        failure: INVITE_TEXT.acceptFailed,
        // Both refetched before leaving: the organization pages' guard reads the user and the list.
        invalidates: [trpc.orgs.pathKey(), currentUserQueryOptions.queryKey],
      },
      onSuccess: async ({ organization }) => {
        const slug = organization?.slug;
        await navigate({ href: slug ? `/${encodeURIComponent(slug)}/dashboard` : "/select-org", replace: true });
      },
    }),
  );
}
