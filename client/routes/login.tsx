import { createFileRoute, redirect } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { CenteredCardPage } from "#client/components/layout/centered-card-page.js";
import { AuthForm, type AuthMode } from "#client/features/auth/auth-form.js";
import { loadCurrentUser } from "#client/features/auth/current-user.js";
import { homePathFor } from "#client/features/auth/destination.js";
import { OrganizationSignIn, ssoReasonOf } from "#client/features/sso/sso-sign-in.js";
import { APP_NAME, MOBILE_BREAKPOINT_PX } from "#shared/constants.js";
import type { TranslationKey } from "#shared/i18n/setup.js";
import type { SsoSignInError } from "#shared/schemas/sso.js";

interface LoginSearch {
  signup?: true;
  next?: string;
  /** Why a company sign-in came back refused (docs/decisions/0370-oidc-sign-in.md). */
  sso?: SsoSignInError;
}

export const Route = createFileRoute("/login")({
  // The router parses "signup=true" as a boolean; a hand-typed link may still carry the text.
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    signup: search.signup === true || search.signup === "true" ? true : undefined,
    next: typeof search.next === "string" && search.next !== "" ? search.next : undefined,
    sso: ssoReasonOf(search.sso),
  }),
  beforeLoad: async ({ context }) => {
    // If the current user cannot be loaded at all, the form is still the right thing to show.
    const user = await loadCurrentUser(context.queryClient).catch(() => null);
    if (user) throw redirect({ href: homePathFor(user), replace: true });
  },
  component: LoginPage,
});

const HEADINGS = {
  signin: { title: "auth.signin.title", description: "auth.signin.description" },
  signup: { title: "auth.signup.title", description: "auth.signup.description" },
} as const satisfies Record<AuthMode, Record<string, TranslationKey>>;

function LoginPage() {
  const { t } = useTranslation();
  const { signup, next, sso } = Route.useSearch();
  const mode: AuthMode = signup ? "signup" : "signin";

  useEffect(() => {
    // docs/SPEC.md §2: on phones the form must start in view, whatever the previous page's scroll was.
    if (window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`).matches) {
      window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    }
  }, []);

  const heading = HEADINGS[mode];
  return (
    <CenteredCardPage>
      <div className="flex flex-col gap-8 p-6 sm:p-8">
        <div className="text-center">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t(heading.title)}</h1>
          <p className="mt-1.5 text-sm text-slate-600">{t(heading.description, { appName: APP_NAME })}</p>
        </div>
        <AuthForm key={mode} mode={mode} next={next} />
        {mode === "signin" && <OrganizationSignIn reason={sso} />}
      </div>
    </CenteredCardPage>
  );
}
