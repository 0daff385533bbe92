/**
 * Sign-off texts, states and limits the screens show, apart from the schemas that validate them
 * (re-exported by shared/schemas/signoffs.ts): the lesson and course pages read them, and must not carry
 * the validation library for it (decision 0221).
 */

/**
 * Sign-off lessons (docs/SPEC.md §7): signing, versions and the sign-off report. The texts are the ones the
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

export const SIGNOFF_SUMMARY_MAX = 255;
