import type { z } from "zod";
import { browserLocalesOf } from "#server/platform/api/request-language.js";
import type { Context } from "#server/platform/api/trpc.js";
import { fail } from "#server/platform/http/errors.js";
import type { loginInput } from "#shared/schemas/auth.js";
import { presentUser } from "./auth.presenter.js";
import { knownDeviceForEmail, rememberDevice } from "./known-devices.js";
import { assertPasswordSignInAllowed } from "./password-sign-in-rules.js";
import { verifyPassword } from "./passwords.js";
import { clearSessionCookie, endSession, resumeSession, startSession } from "./sessions.js";
import { emailKeyOf, User } from "./user.entity.js";

/** auth/login and auth/logout. */

const WRONG_CREDENTIALS = "Invalid email or password.";

export async function signIn(ctx: Context, input: z.output<typeof loginInput>) {
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
  await assertPasswordSignInAllowed(ctx.em, user);
  startSession(ctx.em, ctx.reply, ctx.config, user);
  await rememberDevice(ctx.em, ctx.reply, ctx.config, user);
  await ctx.em.flush();
  return presentUser(ctx.em, user, browserLocalesOf(ctx.req));
}

/** Always succeeds: signing out of a session that is already gone still clears the cookie. */
export async function signOut(ctx: Context): Promise<{ message: string }> {
  const resumed = await resumeSession(ctx.em, ctx.req, ctx.reply, ctx.config);
  if (resumed) await endSession(ctx.em, resumed.session);
  clearSessionCookie(ctx.reply, ctx.config);
  return { message: "Logged out." };
}
