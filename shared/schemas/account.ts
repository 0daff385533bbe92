import { z } from "zod";
import { LIMITS } from "#shared/constants.js";
import { LANGUAGES } from "#shared/i18n/languages.js";
import { MESSAGES } from "./auth.js";
import { emailField } from "./common.js";

/** The account page: one's own e-mail, password and sessions (decision 0015). */
export const ACCOUNT_MESSAGES = {
  currentPasswordRequired: "Current password is required.",
  wrongPassword: "Your current password is not correct.",
  newPasswordTooShort: "New password must be at least 8 characters.",
  passwordTooLong: "Password is too long.",
  samePassword: "The new password must be different from the current one.",
  sameEmail: "This is already your email address.",
  emailInUse: "Another account already uses this email address.",
  passwordChanged: "Password changed. Every other session has been signed out.",
  emailChanged: "Email address changed.",
  languageInvalid: "Choose one of the offered languages.",
} as const;

const currentPassword = z
  .string({ error: ACCOUNT_MESSAGES.currentPasswordRequired })
  .min(1, ACCOUNT_MESSAGES.currentPasswordRequired)
  .max(LIMITS.passwordMax, ACCOUNT_MESSAGES.passwordTooLong);

export const changePasswordInput = z
  .object({
    currentPassword,
    newPassword: z
      .string({ error: ACCOUNT_MESSAGES.newPasswordTooShort })
      .min(LIMITS.passwordMin, ACCOUNT_MESSAGES.newPasswordTooShort)
      .max(LIMITS.passwordMax, ACCOUNT_MESSAGES.passwordTooLong),
  })
  .refine((input) => input.newPassword !== input.currentPassword, {
    message: ACCOUNT_MESSAGES.samePassword,
    path: ["newPassword"],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const changeEmailInput = z.object({
  email: emailField(MESSAGES.invalidEmail),
  currentPassword,
});
export type ChangeEmailInput = z.infer<typeof changeEmailInput>;

/** The account's interface language (decision 0380); null follows the browser again. */
export const preferencesInput = z.object(
  { language: z.enum(LANGUAGES, { error: ACCOUNT_MESSAGES.languageInvalid }).nullable() },
  { error: ACCOUNT_MESSAGES.languageInvalid },
);
export type PreferencesInput = z.infer<typeof preferencesInput>;
