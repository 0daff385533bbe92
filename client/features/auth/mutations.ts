import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.js";
import { trpc } from "#client/lib/trpc.js";
import { type CurrentUser, currentUserQueryOptions } from "./current-user.js";
import { destinationAfterAuth } from "./destination.js";
import { loginErrorText, logoutErrorText, registerErrorText } from "./messages.js";

export interface AuthNavigationOptions {
  /** The raw `next` search parameter of the page. */
  next?: string;
  /** Stay on the page after success (the invite page accepts the invitation itself). */
  skipNavigation?: boolean;
  /**
   * Called with the new user just before it is stored. It runs from the mutation's own options, so it
   * fires even when storing the user unmounts the form that asked (the invite page swaps its form out).
   */
  onAuthenticated?: (user: CurrentUser) => void;
}

/** Stores the signed-in user and, unless told not to, goes where destinationAfterAuth says. */
function useAfterAuth(options: AuthNavigationOptions) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (user: CurrentUser) => {
    options.onAuthenticated?.(user);
    queryClient.setQueryData(currentUserQueryOptions.queryKey, user);
    if (options.skipNavigation) return;
    await navigate({ href: await destinationAfterAuth({ user, next: options.next }) });
  };
}

export function useLogin(options: AuthNavigationOptions = {}) {
  const { t } = useTranslation();
  const afterAuth = useAfterAuth(options);
  return useMutation(
    trpc.auth.login.mutationOptions({
      meta: { success: t("auth.loginSuccess") },
      onSuccess: afterAuth,
      // docs/SPEC.md §8 names the texts for each failure, not only a fallback.
      onError: (error) => toast.error(loginErrorText(error)),
    }),
  );
}

export function useRegister(options: AuthNavigationOptions = {}) {
  const { t } = useTranslation();
  const afterAuth = useAfterAuth(options);
  return useMutation(
    trpc.auth.register.mutationOptions({
      meta: { success: t("auth.registerSuccess") },
      onSuccess: afterAuth,
      onError: (error) => toast.error(registerErrorText(error)),
    }),
  );
}

export interface LogoutOptions {
  /** Stay on the current page instead of /logged-out (the invite page's "Log Out & Switch Account"). */
  stayOnPage?: boolean;
}

/** docs/SPEC.md §4: clear the user, invalidate every cached answer, show /logged-out. */
export function useLogout({ stayOnPage = false }: LogoutOptions = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: async () => {
        queryClient.setQueryData(currentUserQueryOptions.queryKey, null);
        void queryClient.invalidateQueries();
        if (stayOnPage) return;
        await navigate({ to: "/logged-out" });
      },
      onError: (error) => toast.error(logoutErrorText(error)),
    }),
  );
}
