import { z } from "zod";
import { LIMITS } from "#shared/constants.js";
import { LANGUAGES } from "#shared/i18n/languages.js";
import { ORG_MESSAGES } from "#shared/org-messages.js";
import { ORG_SLUG_PATTERN } from "#shared/slug.js";
import { id, text } from "./common.js";

export { ORG_MESSAGES };

export const orgNameField = text({ error: ORG_MESSAGES.nameTooShort })
  .trim()
  .min(LIMITS.orgNameMin, ORG_MESSAGES.nameTooShort)
  .max(LIMITS.orgNameMax, ORG_MESSAGES.nameTooLong);

const orgSlugField = text({ error: ORG_MESSAGES.slugTooShort })
  .trim()
  .min(LIMITS.orgSlugMin, ORG_MESSAGES.slugTooShort)
  .max(LIMITS.orgSlugMax, ORG_MESSAGES.slugTooLong)
  .regex(ORG_SLUG_PATTERN, ORG_MESSAGES.slugPattern);

/**
 * A GET without a query string reaches the procedure as no input at all: the object's own message makes
 * that read as the missing field's rule rather than zod's English default.
 */
export const orgIdInput = z.object({ orgId: id(ORG_MESSAGES.orgIdInvalid) }, { error: ORG_MESSAGES.orgIdInvalid });

/** orgs/dismiss-deleted: one of the caller's notices of a deleted organization. */
export const deletionNoticeInput = z.object({ noticeId: id("Notice ID must be a positive number.") });

export const createOrgInput = z.object({ name: orgNameField, slug: orgSlugField });
export type CreateOrgInput = z.infer<typeof createOrgInput>;

export const updateOrgInput = z
  .object({ name: orgNameField.optional(), slug: orgSlugField.optional() })
  .refine((value) => value.name !== undefined || value.slug !== undefined, {
    message: ORG_MESSAGES.nameOrSlugRequired,
  });

export const checkSlugInput = z.object(
  { slug: text({ error: ORG_MESSAGES.slugEmpty }).min(1, ORG_MESSAGES.slugEmpty) },
  { error: ORG_MESSAGES.slugEmpty },
);

export const validateSlugInput = z.object(
  { slug: text({ error: ORG_MESSAGES.slugEmpty }).trim().min(1, ORG_MESSAGES.slugEmpty) },
  { error: ORG_MESSAGES.slugEmpty },
);

/** The organization's default interface language (decision 0380). */
export const orgLanguageInput = z.object(
  { defaultLanguage: z.enum(LANGUAGES, { error: ORG_MESSAGES.languageInvalid }) },
  { error: ORG_MESSAGES.languageInvalid },
);
