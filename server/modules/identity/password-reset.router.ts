import { TRPCError } from "@trpc/server";
import { nowOf, rateLimitedProcedure } from "#server/platform/api/trpc.js";
import { fail } from "#server/platform/http/errors.js";
import { forgotPasswordInput, MAIL_MESSAGES, resetPasswordInput } from "#shared/schemas/mail.js";
import { PasswordReset } from "./password-reset.entity.js";
import { knownDeviceForEmail } from "./known-devices.js";
import { hashResetToken, queuePasswordReset } from "./password-reset.mail.js";
import { hashPassword } from "./passwords.js";
import { Session } from "./session.entity.js";
import { emailKeyOf, User } from "./user.entity.js";

/**
 * "Forgot password?" (issue 15, decision 0133). Rate limited like sign-in, hence outside the request's
 * transaction (the counters write on their own); each procedure's writes are one transaction of their own.
 */
export const passwordResetProcedures = {
  /** The same answer whether or not an account uses the address. */
  forgotPassword: rateLimitedProcedure
    .meta({ rest: { method: "POST", path: "/auth/forgot-password" } })
    .input(forgotPasswordInput)
    .mutation(async ({ ctx, input }) => {
      const mail = ctx.config.mail;
      if (!mail) throw new TRPCError({ code: "PRECONDITION_FAILED", message: MAIL_MESSAGES.mailNotSetUp });
      const emailKey = emailKeyOf(input.email);
      const knownDevice = await knownDeviceForEmail(ctx.em, ctx.req, emailKey);
      await ctx.rateLimiter.attemptPasswordReset({ ip: ctx.req.ip, emailKey, knownDevice });
      const user = await ctx.em.findOne(User, { emailKey });
      if (user) {
        await ctx.em.transactional((em) => queuePasswordReset(em, mail, user, nowOf(ctx)));
      }
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
