import { loginInput, registerInput } from "../../shared/schemas/auth.js";
import { emailKeyOf, User } from "../entities/index.js";
import { fail } from "../errors.js";
import { hashPassword, verifyPassword } from "../passwords.js";
import { presentUser } from "../presenters/auth.js";
import { clearSessionCookie, resumeSession, startSession } from "../sessions.js";
import { publicProcedure, rateLimitedProcedure, router, signedInProcedure } from "../trpc.js";

export const WRONG_CREDENTIALS = "Invalid email or password.";
export const EMAIL_TAKEN = "An account with this email already exists. Log in instead.";

export const authRouter = router({
  me: signedInProcedure
    .meta({ rest: { method: "GET", path: "/auth/me" } })
    .query(({ ctx }) => presentUser(ctx.em, ctx.user)),

  login: rateLimitedProcedure
    .meta({ rest: { method: "POST", path: "/auth/login" } })
    .input(loginInput)
    .mutation(async ({ ctx, input }) => {
      const emailKey = emailKeyOf(input.email);
      await ctx.rateLimiter.attemptFromAddress(ctx.req.ip);
      await ctx.rateLimiter.assertEmailNotLocked(emailKey);
      const user = await ctx.em.findOne(User, { emailKey }, { populate: ["passwordHash"] });
      if (!(await verifyPassword(user?.passwordHash ?? null, input.password)) || !user) {
        await ctx.rateLimiter.recordFailedSignIn(emailKey);
        throw fail.unauthorized(WRONG_CREDENTIALS);
      }
      startSession(ctx.em, ctx.reply, ctx.config, user);
      await ctx.em.flush();
      return presentUser(ctx.em, user);
    }),

  register: rateLimitedProcedure
    .meta({ rest: { method: "POST", path: "/auth/register" } })
    .input(registerInput)
    .mutation(async ({ ctx, input }) => {
      await ctx.rateLimiter.attemptFromAddress(ctx.req.ip);
      const emailKey = emailKeyOf(input.email);
      if (await ctx.em.count(User, { emailKey })) throw fail.conflict(EMAIL_TAKEN);
      const user = ctx.em.create(User, {
        name: input.name,
        email: input.email,
        emailKey,
        passwordHash: await hashPassword(input.password),
        currentOrganization: null,
      });
      startSession(ctx.em, ctx.reply, ctx.config, user);
      await ctx.em.flush();
      return presentUser(ctx.em, user);
    }),

  /** Always succeeds: signing out of a session that is already gone still clears the cookie. */
  logout: publicProcedure.meta({ rest: { method: "POST", path: "/auth/logout" } }).mutation(async ({ ctx }) => {
    const resumed = await resumeSession(ctx.em, ctx.req, ctx.reply, ctx.config);
    if (resumed) ctx.em.remove(resumed.session);
    clearSessionCookie(ctx.reply, ctx.config);
    return { message: "Logged out." };
  }),
});
