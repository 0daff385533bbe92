import type { Course, Lesson } from "#server/modules/courses/index.js";
import { SIGNOFF_SUMMARY_MAX } from "#shared/schemas/signoffs.js";
import { createVersionRow, type SignoffScope } from "./signoffs.js";

/**
 * courses/duplicate and sign-off lessons (docs/decisions/0104-duplicating-signoff-lessons.md):
 * a copied lesson keeps "requires sign-off", and its history starts afresh with one material version of
 * the text as copied, by whoever duplicated. The original's versions and signatures stay with the
 * original: nobody agreed to the copy.
 */
export function recordCopiedSignoffVersions(
  scope: SignoffScope,
  source: Course,
  lessonCopies: ReadonlyMap<number, Lesson>,
): void {
  const summary = copiedSummary(source.title);
  for (const copy of lessonCopies.values()) {
    if (copy.requiresSignoff) createVersionRow(scope, copy, { change: "material", summary });
  }
}

/** Where the copy came from, cut to fit the summary column. */
function copiedSummary(courseTitle: string): string {
  const text = `Copied from "${courseTitle}"`;
  return text.length <= SIGNOFF_SUMMARY_MAX ? text : `${text.slice(0, SIGNOFF_SUMMARY_MAX - 1)}…`;
}
