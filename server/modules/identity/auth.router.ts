import { publicProcedure, rateLimitedProcedure, router, signedInProcedure } from "#server/platform/api/trpc.js";
import { plainJson } from "#server/platform/api/wire-format.js";
import { fail } from "#server/platform/http/errors.js";
import { loginInput, registerInput } from "#shared/schemas/auth.js";
import { accountProcedures } from "./account.router.js";
import { presentUser } from "./auth.presenter.js";
import { isOpenInvitationFor } from "./invited-registration.js";
import { knownDeviceForEmail, rememberDevice } from "./known-devices.js";
import { passwordResetProcedures } from "./password-reset.router.js";
import { hashPassword, verifyPassword } from "./passwords.js";
import { clearSessionCookie, endSession, resumeSession, startSession } from "./sessions.js";
import { emailKeyOf, User } from "./user.entity.js";

const WRONG_CREDENTIALS = "Invalid email or password.";
const EMAIL_TAKEN = "An account with this email already exists. Log in instead.";

export const authRouter = router({
  ...accountProcedures,
  ...passwordResetProcedures,
  me: signedInProcedure
    .meta({ rest: { method: "GET", path: "/auth/me" } })
    .query(async ({ ctx }) => plainJson(await presentUser(ctx.em, ctx.user, ctx.currentMembership))),

  login: rateLimitedProcedure
    .meta({ rest: { method: "POST", path: "/auth/login" } })
    .input(loginInput)
    .mutation(async ({ ctx, input }) => {
      const emailKey = emailKeyOf(input.email);
      const user = await ctx.em.findOne(User, { emailKey }, { populate: ["passwordHash"] });
      const attempt = { ip: ctx.req.ip, emailKey, knownDevice: await knownDeviceForEmail(ctx.em, ctx.req, emailKey) };
      // Decision 0265: refused before the hash is computed, so a refusal costs next to nothing.
      await ctx.rateLimiter.assertAttemptAllowed(attempt, { signIn: true });
      if (!(await verifyPassword(ctx.config.passwordHashing, user?.passwordHash ?? null, input.password)) || !user) {
        await ctx.rateLimiter.recordFailedAttempt(attempt);
        throw fail.unauthorized(WRONG_CREDENTIALS);
      }
      await ctx.rateLimiter.recordSignIn(attempt);
      startSession(ctx.em, ctx.reply, ctx.config, user);
      await rememberDevice(ctx.em, ctx.reply, ctx.config, user);
      await ctx.em.flush();
      return presentUser(ctx.em, user);
    }),

  register: rateLimitedProcedure
    .meta({ rest: { method: "POST", path: "/auth/register" } })
    .input(registerInput)
    .mutation(async ({ ctx, input }) => {
      const emailKey = emailKeyOf(input.email);
      // Decision 0265: through an open invitation for this address, never limited (an office joins from one
      // address); otherwise counted per address.
      const invited = await isOpenInvitationFor(ctx.em, input.inviteToken, emailKey);
      if (!invited) await ctx.rateLimiter.attemptRegistration(ctx.req.ip);
      if (await ctx.em.count(User, { emailKey })) {
        // Decision 0016: the spec's flow needs this answer, so asking about many addresses is what is limited.
        // An invitation's holder already knows (decode-invite), and only about its one address.
        if (!invited) await ctx.rateLimiter.recordFailedAddress(ctx.req.ip);
        throw fail.conflict(EMAIL_TAKEN);
      }
      const user = ctx.em.create(User, {
        name: input.name,
        email: input.email,
        emailKey,
        passwordHash: await hashPassword(ctx.config.passwordHashing, input.password),
        currentOrganization: null,
      });
      startSession(ctx.em, ctx.reply, ctx.config, user);
      await ctx.em.flush();
      await rememberDevice(ctx.em, ctx.reply, ctx.config, user);
      return presentUser(ctx.em, user);
    }),

  /** Always succeeds: signing out of a session that is already gone still clears the cookie. */
  logout: publicProcedure.meta({ rest: { method: "POST", path: "/auth/logout" } }).mutation(async ({ ctx }) => {
    const resumed = await resumeSession(ctx.em, ctx.req, ctx.reply, ctx.config);
    if (resumed) await endSession(ctx.em, resumed.session);
    clearSessionCookie(ctx.reply, ctx.config);
    return { message: "Logged out." };
  }),
});
