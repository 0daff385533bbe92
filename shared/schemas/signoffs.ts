import { z } from "zod";
import { offlineActionFields } from "./client-actions.js";
import { positiveId, text } from "./common.js";

/**
 * Sign-off lessons (issue 12): signing, versions and the sign-off report. The texts are the ones the
 * screens show; the API answers them as its error messages.
 */
export const SIGNOFF_MESSAGES = {
  changeInvalid: 'Change must be "minor" or "material".',
  summaryRequired: "Describe the material change in one line.",
  summaryTooLong: "The summary can be up to 255 characters.",
  materialNeedsSignoff: "Only a lesson that requires sign-off records material changes.",
  notSignoff: "This lesson does not require sign-off.",
  completeBySigning: "This procedure is completed by signing it.",
  agreementRequired: 'Tick "I have read and understood this procedure" to sign.',
  fullNameRequired: "Type your full name to sign.",
  nameMismatch: "The name you typed does not match the name on your account.",
  versionInvalid: "Version must be a positive number.",
  staleVersion: "This procedure has changed since you opened it. Review the current version and sign again.",
  versionNotFound: "Version not found.",
} as const;

const M = SIGNOFF_MESSAGES;

export const SIGNOFF_CHANGES = ["minor", "material"] as const;
export type SignoffChange = (typeof SIGNOFF_CHANGES)[number];

/** A member's standing with one sign-off lesson. */
export const SIGNOFF_STATUSES = ["signed", "outdated", "unsigned"] as const;
export type SignoffStatus = (typeof SIGNOFF_STATUSES)[number];

export const SIGNOFF_STATUS_LABELS: Record<SignoffStatus, string> = {
  signed: "Signed (current version)",
  outdated: "Outdated",
  unsigned: "Not signed",
};

/** What My training and the course page show for an outdated signature. */
export const RESIGN_LABEL = "Updated — review and sign again";
export const AGREEMENT_LABEL = "I have read and understood this procedure";

const lessonIdField = positiveId("Lesson ID must be a positive number.");
const versionField = positiveId(M.versionInvalid);

export const SIGNOFF_SUMMARY_MAX = 255;

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
    ...offlineActionFields,
  },
  { error: "Lesson ID must be a positive number." },
);
export type SignLessonInput = z.input<typeof signLessonInput>;

export const lessonSignoffInput = z.object(
  { lessonId: lessonIdField },
  { error: "Lesson ID must be a positive number." },
);

export const lessonVersionInput = z.object(
  { lessonId: lessonIdField, version: versionField },
  { error: "Lesson ID must be a positive number." },
);

export const restoreVersionInput = lessonVersionInput;

export const mySignoffsInput = z
  .object({ courseId: positiveId("Course ID must be a positive number.").optional() })
  .default({});

/** Without a lesson: every signature of the organization, deleted lessons' too (the audit export). */
export const signoffReportInput = z.object({ lessonId: lessonIdField.optional() }).default({});

/**
 * Whether a typed name is the account's name: case and surrounding spaces aside (issue 12). Unicode
 * forms are normalized so that an "é" typed as one character or as "e" plus an accent both match.
 */
export function namesMatch(typed: string, accountName: string): boolean {
  const normalize = (name: string) => name.normalize("NFC").trim().toLocaleLowerCase("und");
  return normalize(typed) === normalize(accountName);
}
