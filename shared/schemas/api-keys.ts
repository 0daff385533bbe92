import { z } from "zod";
import { ROLES } from "#shared/roles.js";
import { id, text } from "./common.js";

/** What an API key may do: read only, or whatever an access level (a role) may (docs/decisions/0320-api-keys.md). */
export const API_KEY_ACCESS = ["readonly", ...ROLES] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];

export const API_KEY_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: "Name must be at most 100 characters.",
  roleInvalid: "Choose read-only or an access level.",
  expiryInvalid: "The expiry must be a date and time.",
  expiryPast: "The expiry must be in the future.",
  idInvalid: "API key ID must be a positive number.",
  notFound: "API key not found.",
} as const;

const API_KEY_NAME_MAX = 100;

export const createApiKeyInput = z.object({
  name: text({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(API_KEY_NAME_MAX, API_KEY_MESSAGES.nameTooLong),
  role: z.enum(API_KEY_ACCESS, { error: API_KEY_MESSAGES.roleInvalid }),
  // A Date from the typed client, an ISO 8601 text from plain JSON.
  expiresAt: z
    .union([z.date(), z.iso.datetime({ offset: true, error: API_KEY_MESSAGES.expiryInvalid })], {
      error: API_KEY_MESSAGES.expiryInvalid,
    })
    .transform((value) => new Date(value))
    .nullish(),
});

export const revokeApiKeyInput = z.object({ id: id(API_KEY_MESSAGES.idInvalid) });
