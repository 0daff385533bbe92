import { z } from "zod";
import { LIMITS } from "#shared/constants.js";
import { emailField, text } from "./common.js";

export const MESSAGES = {
  invalidEmail: "Please enter a valid email address.",
  passwordRequired: "Password is required.",
  nameTooShort: "Name must be at least 2 characters.",
  passwordTooShort: "Password must be at least 8 characters.",
} as const;

export const loginInput = z.object({
  email: emailField(MESSAGES.invalidEmail),
  password: text({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .max(LIMITS.passwordMax, "Password is too long."),
});

export const registerInput = z.object({
  name: text({ error: MESSAGES.nameTooShort })
    .trim()
    .min(LIMITS.personNameMin, MESSAGES.nameTooShort)
    .max(LIMITS.personNameMax, "Name must be at most 100 characters."),
  email: emailField(MESSAGES.invalidEmail),
  password: text({ error: MESSAGES.passwordTooShort })
    .min(LIMITS.passwordMin, MESSAGES.passwordTooShort)
    .max(LIMITS.passwordMax, "Password is too long."),
});
