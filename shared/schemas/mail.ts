import { z } from "zod";
import { LIMITS } from "#shared/constants.js";
import { MESSAGES } from "./auth.js";
import { emailField, text } from "./common.js";
import { orgIdInput } from "./orgs.js";

/** E-mail, reminder preferences and forgotten passwords (decisions 0130–0133). */
export const MAIL_MESSAGES = {
  resetRequested:
    "If an account uses that address, we have sent it a link to reset the password. The link works once, for one hour.",
  mailNotSetUp:
    "E-mail is not set up on this server, so no reset link can be sent. Ask an admin of your organization for help.",
  resetInvalid: "This password reset link is invalid, has expired or was already used. Ask for a new one.",
  passwordReset: "Your password has been changed, and every session of your account signed out. Log in with it now.",
  tokenRequired: "A reset token is required.",
  unsubscribeInvalid: "This link is invalid. Turn reminders off on your account page instead.",
} as const;

export const forgotPasswordInput = z.object({ email: emailField(MESSAGES.invalidEmail) });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

/** auth/reset-password-status: whether a reset link still works, before its page asks for a password. */
export const resetLinkInput = z.object({
  token: text({ error: MAIL_MESSAGES.tokenRequired }).trim().min(1, MAIL_MESSAGES.tokenRequired).max(300),
});

export const resetPasswordInput = z.object({
  token: text({ error: MAIL_MESSAGES.tokenRequired }).trim().min(1, MAIL_MESSAGES.tokenRequired).max(300),
  password: text({ error: MESSAGES.passwordTooShort })
    .min(LIMITS.passwordMin, MESSAGES.passwordTooShort)
    .max(LIMITS.passwordMax, "Password is too long."),
});

export const unsubscribeInput = z.object({
  token: text({ error: MAIL_MESSAGES.unsubscribeInvalid }).trim().min(1, MAIL_MESSAGES.unsubscribeInvalid).max(100),
});

export const reminderPreferenceInput = orgIdInput.extend({
  remindersEnabled: z.boolean({ error: "remindersEnabled must be true or false." }),
});
