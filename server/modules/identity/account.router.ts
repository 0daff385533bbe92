import { router, signedInProcedure, signedInRateLimitedProcedure } from "#server/platform/api/trpc.js";
import { changeEmailInput, changePasswordInput, preferencesInput } from "#shared/schemas/account.js";
import { changeEmail, changePassword, openSessionsOf, savePreferences, signOutOthers } from "./account.js";
import { presentSessions } from "./account.presenter.js";

/**
 * The account page (decision 0015): one's own e-mail, password and sessions. Each acts on the
 * caller's own account only, so no role is needed and no id is taken from the client. They live under
 * `auth.*` beside sign-in (the spec's `POST /_api/auth/change-password`).
 */
export const accountProcedures = {
  sessions: signedInProcedure
    .meta({ rest: { method: "GET", path: "/auth/sessions" } })
    .query(async ({ ctx }) => presentSessions(await openSessionsOf(ctx.em, ctx.user.id), ctx.session.tokenHash)),

  signOutOthers: signedInProcedure
    .meta({ rest: { method: "POST", path: "/auth/sign-out-others" } })
    .mutation(({ ctx }) => signOutOthers(ctx)),

  /** Ends every session of the account; this browser gets a fresh one, so it stays signed in. */
  changePassword: signedInRateLimitedProcedure
    .meta({ rest: { method: "POST", path: "/auth/change-password" } })
    .input(changePasswordInput)
    .mutation(({ ctx, input }) => changePassword(ctx, input)),

  changeEmail: signedInRateLimitedProcedure
    .meta({ rest: { method: "POST", path: "/auth/change-email" } })
    .input(changeEmailInput)
    .mutation(({ ctx, input }) => changeEmail(ctx, input)),
};

/** The account area's own paths (account/*): one's preferences. */
export const accountRouter = router({
  /** The account's interface language, or null to follow the browser (decision 0380). */
  preferences: signedInProcedure
    .meta({ rest: { method: "POST", path: "/account/preferences" } })
    .input(preferencesInput)
    .mutation(({ ctx, input }) => savePreferences(ctx, input)),
});
