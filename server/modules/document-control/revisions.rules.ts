import { createHash } from "node:crypto";
import { fail } from "#server/platform/http/errors.js";
import { REVISION_MESSAGES } from "#shared/schemas/revisions.js";
import type { DraftLessonText, LessonText, RevisionChange } from "./revision.entity.js";

/** Document control's pure rules (docs/decisions/0390-course-drafts.md): what a draft changes, how it is classed. */

/** What a recorded revision says when it is the text found in force when the course's first draft began. */
export const BASELINE_REASON = "In force when document control began";

export function sameText(a: LessonText, b: LessonText): boolean {
  return (
    a.title === b.title && (a.content ?? null) === (b.content ?? null) && (a.videoUrl ?? null) === (b.videoUrl ?? null)
  );
}

/** The text fields of a lesson or draft entry, nothing else. */
export function textOf(lesson: LessonText): LessonText {
  return { title: lesson.title, content: lesson.content ?? null, videoUrl: lesson.videoUrl ?? null };
}

/** A draft save: the entry with the given fields set; its version counts one more when any changed. */
export function savedDraftEntry(
  entry: DraftLessonText,
  fields: { title: string | undefined; content: string | null | undefined; videoUrl: string | null | undefined },
): DraftLessonText {
  const next: DraftLessonText = {
    title: fields.title ?? entry.title,
    content: fields.content === undefined ? entry.content : fields.content,
    videoUrl: fields.videoUrl === undefined ? entry.videoUrl : fields.videoUrl,
    version: entry.version,
  };
  return sameText(next, entry) ? entry : { ...next, version: entry.version + 1 };
}

/** SHA-256 (hex) of a course's lessons in their order: what a published version's text was. */
export function courseContentHash(lessons: readonly ({ id: number } & LessonText)[]): string {
  const rows = lessons.map((lesson) => [lesson.id, lesson.title, lesson.content ?? "", lesson.videoUrl ?? ""]);
  return createHash("sha256").update(JSON.stringify(rows)).digest("hex");
}

/**
 * Every lesson a publication changes, with its class: material only where the author said so, and
 * only a sign-off lesson's change may be (everyone signs again); naming a lesson the draft does not
 * change is refused, so a reviewer's choice never lands on the wrong lesson.
 */
export function classifiedChanges(
  changed: readonly { id: number; requiresSignoff: boolean }[],
  requested: readonly RevisionChange[],
): RevisionChange[] {
  const byId = new Map(changed.map((lesson) => [lesson.id, lesson]));
  for (const change of requested) {
    const lesson = byId.get(change.lessonId);
    if (!lesson) throw fail.badRequest(REVISION_MESSAGES.notInDraft);
    if (change.material && !lesson.requiresSignoff) throw fail.badRequest(REVISION_MESSAGES.materialNeedsSignoff);
  }
  const material = new Set(requested.filter((change) => change.material).map((change) => change.lessonId));
  return changed.map((lesson) => ({ lessonId: lesson.id, material: material.has(lesson.id) }));
}
