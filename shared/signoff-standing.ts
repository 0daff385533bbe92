import { SIGNOFF_STATUS_LABELS, type SignoffStatus } from "./signoff-texts.js";

/**
 * How the progress reports word a member's sign-off standing (decision 0103): the member report's column,
 * the matrix cell's description and both CSV files say the same.
 */

/** An outdated signature is named for what it asks of the member. */
export function signoffStandingLabel(status: SignoffStatus): string {
  return status === "outdated" ? `${SIGNOFF_STATUS_LABELS.outdated} — needs re-signing` : SIGNOFF_STATUS_LABELS[status];
}

/** One matrix cell's sign-off lessons: how many of the course's are signed, outdated, not signed. */
export interface SignoffCounts {
  signed: number;
  outdated: number;
  total: number;
}

/** "1 of 3 signed, 1 needs re-signing". */
export function signoffCountsText({ signed, outdated, total }: SignoffCounts): string {
  const text = `${signed} of ${total} signed`;
  return outdated === 0 ? text : `${text}, ${outdated} ${outdated === 1 ? "needs" : "need"} re-signing`;
}
