import { z } from "zod";
import { LIMITS } from "#shared/constants.js";
import { emailField, text } from "./common.js";

export const MESSAGES = {
  invalidEmail: "Please enter a valid email address.",
  passwordRequired: "Password is required.",
  nameTooShort: "Name must be at least 2 characters.",
  passwordTooShort: "Password must be at least 8 characters.",
} as const;

/** As team/decode-invite words it (shared/schemas/team.ts), repeated so that the login page loads no team schema. */
const INVITATION_INVALID =
  "This invitation link no longer works: it was already used, withdrawn or replaced by a newer link. Ask your manager for a new link.";

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
  /**
   * The invitation the person registers through (the invite page sends it): such a registration is never
   * rate limited (decision 0265). Optional; without it, or with one that is not open for this address,
   * registration is what docs/SPEC.md §7 describes.
   */
  inviteToken: text({ error: INVITATION_INVALID }).trim().max(300, INVITATION_INVALID).optional(),
});
