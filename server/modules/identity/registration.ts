import type { z } from "zod";
import { browserLocalesOf } from "#server/platform/api/request-language.js";
import type { Context } from "#server/platform/api/trpc.js";
import { fail } from "#server/platform/http/errors.js";
import type { registerInput } from "#shared/schemas/auth.js";
import { presentUser } from "./auth.presenter.js";
import { isOpenInvitationFor } from "./invited-registration.js";
import { rememberDevice } from "./known-devices.js";
import { hashPassword } from "./passwords.js";
import { startSession } from "./sessions.js";
import { emailKeyOf, User } from "./user.entity.js";

/** auth/register: a new account, signed in at once. */

const EMAIL_TAKEN = "An account with this email already exists. Log in instead.";

export async function register(ctx: Context, input: z.output<typeof registerInput>) {
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
  return presentUser(ctx.em, user, browserLocalesOf(ctx.req));
}
