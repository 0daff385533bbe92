import { useMutation, useQuery } from "@tanstack/react-query";
import { trpc } from "#client/lib/trpc.js";

/** E-mail (docs/SPEC.md §7): whether it is set up, one's reminder preferences, the admins' failed mail. */

export const MAIL_FALLBACKS = {
  forgotPassword: "Could not ask for a reset link. Please try again.",
  resetPassword: "Could not reset your password. Please try again.",
  preferences: "Could not load your e-mail preferences.",
  setPreference: "Could not change your e-mail preferences.",
  problems: "Could not load the e-mail problems.",
  unsubscribe: "Could not turn the reminders off.",
} as const;

/** Fresh for the session: whether the server has e-mail set up changes only with a restart. */
export function useMailStatus() {
  return useQuery(trpc.mail.status.queryOptions(undefined, { staleTime: Number.POSITIVE_INFINITY, retry: false }));
}

/**
 * Whether a reset link still works, asked once when its page opens (never again on focus: a dead link
 * counts against the address, as a refused reset does).
 */
export function useResetLinkStatus(token: string | undefined) {
  return useQuery(
    trpc.auth.resetPasswordStatus.queryOptions(
      { token: token ?? "" },
      { enabled: token !== undefined, retry: false, refetchOnWindowFocus: false, staleTime: Number.POSITIVE_INFINITY },
    ),
  );
}

export function useForgotPassword() {
  return useMutation(trpc.auth.forgotPassword.mutationOptions());
}

export function useResetPassword() {
  return useMutation(trpc.auth.resetPassword.mutationOptions({ meta: { success: "answer" } }));
}

export function useReminderPreferences() {
  return useQuery(trpc.mail.preferences.queryOptions());
}

export function useSetReminderPreference() {
  return useMutation(
    trpc.mail.setPreference.mutationOptions({
      meta: { failure: MAIL_FALLBACKS.setPreference, invalidates: [trpc.mail.preferences.queryKey()] },
    }),
  );
}

export function useMailProblems(enabled: boolean) {
  return useQuery(trpc.mail.problems.queryOptions(undefined, { enabled, refetchOnWindowFocus: true }));
}

export function useUnsubscribe() {
  return useMutation(trpc.mail.unsubscribe.mutationOptions());
}
