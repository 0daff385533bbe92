import { browserLocalesOf } from "#server/platform/api/request-language.js";
import { publicProcedure, rateLimitedProcedure, router, signedInProcedure } from "#server/platform/api/trpc.js";
import { plainJson } from "#server/platform/api/wire-format.js";
import { loginInput, registerInput } from "#shared/schemas/auth.js";
import { accountProcedures } from "./account.router.js";
import { presentUser } from "./auth.presenter.js";
import { passwordResetProcedures } from "./password-reset.router.js";
import { register } from "./registration.js";
import { signIn, signOut } from "./sign-in.js";

export const authRouter = router({
  ...accountProcedures,
  ...passwordResetProcedures,
  me: signedInProcedure
    .meta({ rest: { method: "GET", path: "/auth/me" } })
    .query(async ({ ctx }) =>
      plainJson(await presentUser(ctx.em, ctx.user, browserLocalesOf(ctx.req), ctx.currentMembership)),
    ),

  login: rateLimitedProcedure
    .meta({ rest: { method: "POST", path: "/auth/login" } })
    .input(loginInput)
    .mutation(({ ctx, input }) => signIn(ctx, input)),

  register: rateLimitedProcedure
    .meta({ rest: { method: "POST", path: "/auth/register" } })
    .input(registerInput)
    .mutation(({ ctx, input }) => register(ctx, input)),

  /** Always succeeds: signing out of a session that is already gone still clears the cookie. */
  logout: publicProcedure.meta({ rest: { method: "POST", path: "/auth/logout" } }).mutation(({ ctx }) => signOut(ctx)),
});
