import { TRPCError } from "@trpc/server";
import { nowOf, rateLimitedProcedure } from "#server/platform/api/trpc.js";
import { fail } from "#server/platform/http/errors.js";
import { forgotPasswordInput, MAIL_MESSAGES, resetPasswordInput } from "#shared/schemas/mail.js";
import { knownDeviceForEmail } from "./known-devices.js";
import { PasswordReset } from "./password-reset.entity.js";
import { hashResetToken, queuePasswordReset } from "./password-reset.mail.js";
import { hashPassword } from "./passwords.js";
import { Session } from "./session.entity.js";
import { emailKeyOf, User } from "./user.entity.js";

/**
 * "Forgot password?" (decisions 0133, 0265). Rate limited like sign-in, hence outside the request's
 * transaction (the counters write on their own); each procedure's writes are one transaction of their own.
 */
export const passwordResetProcedures = {
  /**
   * The same answer whether or not an account uses the address, after the same work (decision 0265): the
   * limits, then the answer; the account is looked up and its mail queued only once the answer is sent.
   */
  forgotPassword: rateLimitedProcedure
    .meta({ rest: { method: "POST", path: "/auth/forgot-password" } })
    .input(forgotPasswordInput)
    .mutation(async ({ ctx, input }) => {
      const mail = ctx.config.mail;
      if (!mail) throw new TRPCError({ code: "PRECONDITION_FAILED", message: MAIL_MESSAGES.mailNotSetUp });
      const emailKey = emailKeyOf(input.email);
      const knownDevice = await knownDeviceForEmail(ctx.em, ctx.req, emailKey);
      await ctx.rateLimiter.attemptPasswordReset({ ip: ctx.req.ip, emailKey, knownDevice });
      const now = nowOf(ctx);
      const { orm, rateLimiter } = ctx;
      ctx.req.server.afterAnswer.run(ctx.reply, async () => {
        const em = orm.em.fork();
        const user = await em.findOne(User, { emailKey });
        // Over the account's hourly mails the request is answered alike and sends nothing: the links
        // already mailed keep working, since only a new mail replaces them.
        if (!user || !(await rateLimiter.allowResetMail(user.id, knownDevice))) return;
        await em.transactional((tx) => queuePasswordReset(tx, mail, user, now));
      });
      return { message: MAIL_MESSAGES.resetRequested };
    }),

  /** Single use: the link is spent by the one call that claims it. Every session of the account ends. */
  resetPassword: rateLimitedProcedure
    .meta({ rest: { method: "POST", path: "/auth/reset-password" } })
    .input(resetPasswordInput)
    .mutation(async ({ ctx, input }) => {
      await ctx.rateLimiter.assertAddressAllowed(ctx.req.ip);
      const now = nowOf(ctx);
      const tokenHash = hashResetToken(input.token);
      const passwordHash = await hashPassword(ctx.config.passwordHashing, input.password);
      // Claimed on its own (no surrounding transaction): a refusal must still count against the address.
      const claimed = await ctx.em.nativeUpdate(
        PasswordReset,
        { tokenHash, usedAt: null, expiresAt: { $gt: now } },
        { usedAt: now },
      );
      const reset = claimed === 1 ? await ctx.em.findOne(PasswordReset, { tokenHash }) : null;
      if (!reset) {
        await ctx.rateLimiter.recordFailedAddress(ctx.req.ip);
        throw fail.badRequest(MAIL_MESSAGES.resetInvalid);
      }
      await ctx.em.transactional(async (em) => {
        await em.nativeUpdate(User, { id: reset.user.id }, { passwordHash });
        await em.nativeDelete(Session, { user: reset.user.id });
        await em.nativeDelete(PasswordReset, { user: reset.user.id, usedAt: null });
      });
      return { message: MAIL_MESSAGES.passwordReset };
    }),
};
