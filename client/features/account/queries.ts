import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { currentUserQueryOptions } from "#client/features/auth/current-user.js";
import { trpc } from "#client/lib/trpc.js";

/** The account page's calls (decision 0015): one's own sessions, password and e-mail. */

export const ACCOUNT_FALLBACKS = {
  sessions: "Could not load your sessions.",
  signOutOthers: "Could not sign out the other sessions.",
  changePassword: "Could not change your password.",
  changeEmail: "Could not change your email address.",
} as const;

export function useSessions() {
  return useQuery(trpc.auth.sessions.queryOptions(undefined, { refetchOnWindowFocus: true }));
}

export function useSignOutOthers() {
  return useMutation(
    trpc.auth.signOutOthers.mutationOptions({
      meta: {
        success: "answer",
        failure: ACCOUNT_FALLBACKS.signOutOthers,
        invalidates: [trpc.auth.sessions.queryKey()],
      },
    }),
  );
}

/** The form shows a refusal itself (next to the fields), so only success is toasted here. */
export function useChangePassword() {
  return useMutation(
    trpc.auth.changePassword.mutationOptions({
      meta: { success: "answer", invalidates: [trpc.auth.sessions.queryKey()] },
    }),
  );
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.auth.changeEmail.mutationOptions({
      meta: { success: "answer" },
      onSuccess: ({ user }) => queryClient.setQueryData(currentUserQueryOptions.queryKey, user),
    }),
  );
}

/** The account's interface language (decision 0380): the answer is the user, with the language to show now. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.account.preferences.mutationOptions({
      onSuccess: (user) => queryClient.setQueryData(currentUserQueryOptions.queryKey, user),
    }),
  );
}
