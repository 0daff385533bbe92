import type { EntityManager } from "@mikro-orm/core";
import { UniqueConstraintViolationException } from "@mikro-orm/core";
import type { z } from "zod";
import { browserLocalesOf } from "#server/platform/api/request-language.js";
import type { SignedInContext } from "#server/platform/api/trpc.js";
import { fail } from "#server/platform/http/errors.js";
import {
  ACCOUNT_MESSAGES,
  type changeEmailInput,
  type changePasswordInput,
  type PreferencesInput,
} from "#shared/schemas/account.js";
import { presentUser } from "./auth.presenter.js";
import { knownDeviceOf } from "./known-devices.js";
import { hashPassword, verifyPassword } from "./passwords.js";
import { Session } from "./session.entity.js";
import { managedUser } from "./sessions.data.js";
import { endOtherSessions, startSession } from "./sessions.js";
import { emailKeyOf, User } from "./user.entity.js";

/**
 * The account page's work (decision 0015): one's own e-mail, password and sessions, always the caller's
 * own account, so no id is taken from the client.
 */

/**
 * A signed-in caller proves it is really them before a change to their login. Wrong passwords count
 * against the account like failed sign-ins, so a borrowed session cannot guess the password freely.
 */
async function confirmPassword(ctx: SignedInContext, password: string): Promise<void> {
  const attempt = {
    ip: ctx.req.ip,
    emailKey: ctx.user.emailKey,
    knownDevice: await knownDeviceOf(ctx.em, ctx.req, ctx.user),
  };
  await ctx.rateLimiter.assertAttemptAllowed(attempt, { signIn: false });
  const stored = await ctx.em.findOne(User, ctx.user.id, { populate: ["passwordHash"] });
  if (!(await verifyPassword(ctx.config.passwordHashing, stored?.passwordHash ?? null, password))) {
    await ctx.rateLimiter.recordFailedAttempt(attempt);
    throw fail.forbidden(ACCOUNT_MESSAGES.wrongPassword);
  }
}

/** The account's sessions that have not expired, most recently seen first. */
export function openSessionsOf(em: EntityManager, userId: number): Promise<Session[]> {
  return em.find(
    Session,
    { user: userId, expiresAt: { $gt: new Date() } },
    { orderBy: { lastSeenAt: "desc", createdAt: "desc" } },
  );
}

export async function signOutOthers(ctx: SignedInContext): Promise<{ ended: number; message: string }> {
  const ended = await endOtherSessions(ctx.em, ctx.user, ctx.session);
  return { ended, message: `Signed out of ${ended} other ${ended === 1 ? "session" : "sessions"}.` };
}

/** Ends every session of the account; this browser gets a fresh one, so it stays signed in. */
export async function changePassword(
  ctx: SignedInContext,
  input: z.output<typeof changePasswordInput>,
): Promise<{ message: string }> {
  await confirmPassword(ctx, input.currentPassword);
  const passwordHash = await hashPassword(ctx.config.passwordHashing, input.newPassword);
  await ctx.em.transactional(async (em) => {
    await em.nativeUpdate(User, { id: ctx.user.id }, { passwordHash });
    await em.nativeDelete(Session, { user: ctx.user.id });
    startSession(em, ctx.reply, ctx.config, em.getReference(User, ctx.user.id));
  });
  return { message: ACCOUNT_MESSAGES.passwordChanged };
}

export async function changeEmail(ctx: SignedInContext, input: z.output<typeof changeEmailInput>) {
  if (input.email === ctx.user.email) throw fail.badRequest(ACCOUNT_MESSAGES.sameEmail);
  await confirmPassword(ctx, input.currentPassword);
  const emailKey = emailKeyOf(input.email);
  if (emailKey !== ctx.user.emailKey && (await ctx.em.count(User, { emailKey })) > 0) {
    throw fail.conflict(ACCOUNT_MESSAGES.emailInUse);
  }
  const user = managedUser(ctx.em, ctx.user);
  user.email = input.email;
  user.emailKey = emailKey;
  try {
    await ctx.em.flush();
  } catch (error) {
    // Two accounts taking one free address at once both pass the check above; the unique index decides.
    if (error instanceof UniqueConstraintViolationException) throw fail.conflict(ACCOUNT_MESSAGES.emailInUse);
    throw error;
  }
  return { message: ACCOUNT_MESSAGES.emailChanged, user: await presentUser(ctx.em, user, browserLocalesOf(ctx.req)) };
}

/** The account page's language choice (decision 0380): every later answer and mail follows it. */
export async function savePreferences(ctx: SignedInContext, input: PreferencesInput) {
  const user = managedUser(ctx.em, ctx.user);
  user.language = input.language;
  await ctx.em.flush();
  ctx.req.accountLanguage = input.language;
  return presentUser(ctx.em, user, browserLocalesOf(ctx.req), ctx.currentMembership);
}
