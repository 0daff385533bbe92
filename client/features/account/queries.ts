import { useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "../../lib/errors.js";
import { toast } from "../../lib/toast.js";
import { trpc } from "../../lib/trpc.js";
import { currentUserQueryOptions } from "../auth/current-user.js";

/** The account page's calls (issue 18): one's own sessions, password and e-mail. */

export const ACCOUNT_FALLBACKS = {
  sessions: "Could not load your sessions.",
  signOutOthers: "Could not sign out the other sessions.",
  changePassword: "Could not change your password.",
  changeEmail: "Could not change your email address.",
} as const;

export function useSessions() {
  return trpc.auth.sessions.useQuery(undefined, { refetchOnWindowFocus: true });
}

export function useSignOutOthers() {
  const utils = trpc.useUtils();
  return trpc.auth.signOutOthers.useMutation({
    onSuccess: ({ message }) => {
      toast.success(message);
      void utils.auth.sessions.invalidate();
    },
    onError: (error) => {
      toast.error(errorMessage(error, ACCOUNT_FALLBACKS.signOutOthers));
    },
  });
}

/** The form shows a refusal itself (next to the fields), so only success is toasted here. */
export function useChangePassword() {
  const utils = trpc.useUtils();
  return trpc.auth.changePassword.useMutation({
    onSuccess: ({ message }) => {
      toast.success(message);
      void utils.auth.sessions.invalidate();
    },
  });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return trpc.auth.changeEmail.useMutation({
    onSuccess: ({ message, user }) => {
      toast.success(message);
      queryClient.setQueryData(currentUserQueryOptions.queryKey, user);
    },
  });
}
