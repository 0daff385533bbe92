import { z } from "zod";
import { SIGNOFF_CHANGES, SIGNOFF_MESSAGES, SIGNOFF_SUMMARY_MAX, type SignoffChange } from "#shared/signoff-texts.js";
import { offlineActionFields } from "./client-actions.js";
import { id, text } from "./common.js";
import { contentLanguageField } from "./content-languages.js";

export {
  SIGNOFF_MESSAGES,
  SIGNOFF_STATUS_LABELS,
  SIGNOFF_SUMMARY_MAX,
  type SignoffChange,
  type SignoffStatus,
} from "#shared/signoff-texts.js";

const M = SIGNOFF_MESSAGES;

const lessonIdField = id("Lesson ID must be a positive number.");
const versionField = id(M.versionInvalid);

/** The fields lessons/update takes for sign-off lessons (merged into updateLessonInput). */
export const signoffUpdateFields = {
  requiresSignoff: z.boolean({ error: "Requires sign-off must be true or false." }).optional(),
  change: z.enum(SIGNOFF_CHANGES, { error: M.changeInvalid }).optional(),
  changeSummary: text({ error: M.summaryRequired })
    .trim()
    .max(SIGNOFF_SUMMARY_MAX, M.summaryTooLong)
    .optional()
    .transform((value) => (value === "" ? undefined : value)),
};

/** A material change names what changed. */
export function summaryGivenForMaterial(input: { change?: SignoffChange; changeSummary?: string }): boolean {
  return input.change !== "material" || input.changeSummary !== undefined;
}

export const signLessonInput = z.object(
  {
    lessonId: lessonIdField,
    version: versionField,
    fullName: text({ error: M.fullNameRequired }).trim().min(1, M.fullNameRequired).max(255, M.nameMismatch),
    agreed: z.literal(true, { error: M.agreementRequired }),
    /** Signing a translation (decision 0411): its language, and its version as lessons/get answered it. */
    language: contentLanguageField.optional(),
    translationVersion: id("Translation version must be a positive number.").optional(),
    ...offlineActionFields,
  },
  { error: "Lesson ID must be a positive number." },
);

export const lessonSignoffInput = z.object(
  { lessonId: lessonIdField },
  { error: "Lesson ID must be a positive number." },
);

export const lessonVersionInput = z.object(
  { lessonId: lessonIdField, version: versionField },
  { error: "Lesson ID must be a positive number." },
);

export const mySignoffsInput = z
  .object({ courseId: id("Course ID must be a positive number.").optional() })
  .default({});

/** Without a lesson: every signature of the organization, deleted lessons' too (the audit export). */
export const signoffReportInput = z.object({ lessonId: lessonIdField.optional() }).default({});

/**
 * Whether a typed name is the account's name: case and surrounding spaces aside (docs/SPEC.md §7). Unicode
 * forms are normalized so that an "é" typed as one character or as "e" plus an accent both match.
 */
export function namesMatch(typed: string, accountName: string): boolean {
  const normalize = (name: string) => name.normalize("NFC").trim().toLocaleLowerCase("und");
  return normalize(typed) === normalize(accountName);
}
