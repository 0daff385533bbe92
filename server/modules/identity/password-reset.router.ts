import { rateLimitedProcedure } from "#server/platform/api/trpc.js";
import { forgotPasswordInput, resetLinkInput, resetPasswordInput } from "#shared/schemas/mail.js";
import { requestPasswordReset, resetLinkStatus, resetPassword } from "./password-resets.js";

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
    .mutation(({ ctx, input }) => requestPasswordReset(ctx, input)),

  /** Whether a link still works, asked by its page before the new password (it changes nothing). */
  resetPasswordStatus: rateLimitedProcedure
    .meta({ rest: { method: "GET", path: "/auth/reset-password-status" } })
    .input(resetLinkInput)
    .query(({ ctx, input }) => resetLinkStatus(ctx, input)),

  /** Single use: the link is spent by the one call that claims it. Every session of the account ends. */
  resetPassword: rateLimitedProcedure
    .meta({ rest: { method: "POST", path: "/auth/reset-password" } })
    .input(resetPasswordInput)
    .mutation(({ ctx, input }) => resetPassword(ctx, input)),
};
