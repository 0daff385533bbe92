import { TRPCError } from "@trpc/server";
import type { z } from "zod";
import { type Context, nowOf } from "#server/platform/api/trpc.js";
import { fail } from "#server/platform/http/errors.js";
import {
  type forgotPasswordInput,
  MAIL_MESSAGES,
  type resetLinkInput,
  type resetPasswordInput,
} from "#shared/schemas/mail.js";
import { knownDeviceForEmail } from "./known-devices.js";
import { PasswordReset } from "./password-reset.entity.js";
import { hashResetToken, queuePasswordReset } from "./password-reset.mail.js";
import { hashPassword } from "./passwords.js";
import { Session } from "./session.entity.js";
import { emailKeyOf, User } from "./user.entity.js";

/**
 * "Forgot password?" (decisions 0133, 0265): asking for the link and using it. Rate limited like sign-in,
 * hence outside the request's transaction; each one's writes are one transaction of their own.
 */

/**
 * auth/forgot-password: the same answer whether or not an account uses the address, after the same work:
 * the limits, then the answer; the account is looked up and its mail queued only once the answer is sent.
 */
export async function requestPasswordReset(
  ctx: Context,
  input: z.output<typeof forgotPasswordInput>,
): Promise<{ message: string }> {
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
}

/**
 * auth/reset-password-status: whether the link would still change the password (unused, not expired, not
 * replaced by a later mail), so that its page says a dead link is dead before asking for a new password.
 * It reads only; a dead link counts against the address as a refused reset does.
 */
export async function resetLinkStatus(
  ctx: Context,
  input: z.output<typeof resetLinkInput>,
): Promise<{ usable: boolean }> {
  await ctx.rateLimiter.assertAddressAllowed(ctx.req.ip);
  const usable =
    (await ctx.em.count(PasswordReset, {
      tokenHash: hashResetToken(input.token),
      usedAt: null,
      expiresAt: { $gt: nowOf(ctx) },
    })) === 1;
  if (!usable) await ctx.rateLimiter.recordFailedAddress(ctx.req.ip);
  return { usable };
}

/** auth/reset-password: single use, the link is spent by the one call that claims it; every session ends. */
export async function resetPassword(
  ctx: Context,
  input: z.output<typeof resetPasswordInput>,
): Promise<{ message: string }> {
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
}
