import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { trpc } from "#client/lib/trpc.js";
import { loadOrganizations, reloadCurrentUser } from "./queries.js";

const LEAVE_FAILED = "Failed to leave the organization.";

/**
 * orgs/leave (the last admin is refused by the server, with the reason). Afterwards the user and the
 * organizations are reloaded; leaving the current organization goes to /select-org, which picks where to go.
 */
export function useLeaveOrganization({ onSettled }: { onSettled: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation(
    trpc.orgs.leave.mutationOptions({
      meta: { success: "answer", failure: LEAVE_FAILED },
      onSuccess: async (_answer, { orgId }) => {
        onSettled();
        const [user] = await Promise.all([
          reloadCurrentUser(queryClient),
          loadOrganizations(queryClient, { fresh: true }),
        ]);
        if (!user?.currentOrganization || user.currentOrganization.id === orgId) {
          await navigate({ to: "/select-org", replace: true });
        }
      },
      onError: onSettled,
    }),
  );
}
