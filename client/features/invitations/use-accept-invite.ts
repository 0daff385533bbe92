import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { currentUserQueryOptions } from "#client/features/auth/current-user.js";
import { trpc } from "#client/lib/trpc.js";

/**
 * Accepts the invitation (docs/SPEC.md §4): on success a toast, the current user refreshed (it now has the new
 * organization as its current one, which the organization pages' guard reads), then that
 * organization's dashboard, or /select-org when the answer names none.
 */
export function useAcceptInvite() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useMutation(
    trpc.team.acceptInvite.mutationOptions({
      meta: {
        // docs/SPEC.md §8's texts for invitations.
        success: t("invite.joined"),
        failure: t("invite.acceptFailed"),
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
