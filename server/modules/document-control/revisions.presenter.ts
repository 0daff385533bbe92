import { z } from "zod";
import { dateAnswer } from "#server/platform/api/wire-format.js";
import type { CourseRevision, DraftLessonText, RevisionState } from "./revision.entity.js";
import type { LessonChangeRow } from "./revisions.data.js";

/** Document control's answers (docs/decisions/0390-course-drafts.md): mappings of rows, no query. */

export interface RevisionSummaryView {
  id: number;
  courseId: number | null;
  state: RevisionState;
  /** The version number once published; null for the draft. */
  number: number | null;
  reason: string | null;
  authorName: string;
  publishedAt: Date | null;
  publishedByName: string | null;
  contentHash: string | null;
  /** How many lessons it changes (a draft: lessons saved in it so far). */
  lessonCount: number;
  materialCount: number;
  updatedAt: Date;
  /** Sent for review: by whom (their id), when. */
  submittedById: number | null;
  submittedAt: Date | null;
  /** The approval as recorded: the name typed, when, and the SHA-256 of the text approved. */
  approvedName: string | null;
  approvedAt: Date | null;
  approvedHash: string | null;
  /** Why the last review sent it back, and who did. */
  reviewComment: string | null;
  reviewedByName: string | null;
}

export interface RevisionView extends RevisionSummaryView {
  lessons: LessonChangeRow[];
}

export interface LessonDraftView {
  revisionId: number;
  title: string;
  content: string | null;
  videoUrl: string | null;
  version: number;
}

export function presentRevisionSummary(revision: CourseRevision): RevisionSummaryView {
  return {
    id: revision.id,
    courseId: revision.course?.id ?? null,
    state: revision.state,
    number: revision.number,
    reason: revision.reason,
    authorName: revision.authorName,
    publishedAt: revision.publishedAt,
    publishedByName: revision.publishedByName,
    contentHash: revision.contentHash,
    lessonCount: Object.keys(revision.lessons).length,
    materialCount: revision.changes.filter((change) => change.material).length,
    updatedAt: revision.updatedAt,
    submittedById: revision.submittedBy?.id ?? null,
    submittedAt: revision.submittedAt,
    approvedName: revision.approvedName,
    approvedAt: revision.approvedAt,
    approvedHash: revision.approvedHash,
    reviewComment: revision.reviewComment,
    reviewedByName: revision.reviewedByName,
  };
}

export function presentRevision(found: { revision: CourseRevision; lessons: LessonChangeRow[] }): RevisionView {
  return { ...presentRevisionSummary(found.revision), lessons: found.lessons };
}

export function presentLessonDraft(
  found: { revisionId: number; entry: DraftLessonText } | null,
): LessonDraftView | null {
  if (!found) return null;
  const { title, content, videoUrl, version } = found.entry;
  return { revisionId: found.revisionId, title, content, videoUrl, version };
}

/** The answers as declared (the OpenAPI document, its contract test). */
export const revisionSummaryAnswer = z.object({
  id: z.number().int(),
  courseId: z.number().int().nullable(),
  state: z.enum(["draft", "in_review", "published"]),
  number: z.number().int().nullable(),
  reason: z.string().nullable(),
  authorName: z.string(),
  publishedAt: dateAnswer().nullable(),
  publishedByName: z.string().nullable(),
  contentHash: z.string().nullable(),
  lessonCount: z.number().int(),
  materialCount: z.number().int(),
  updatedAt: dateAnswer(),
  submittedById: z.number().int().nullable(),
  submittedAt: dateAnswer().nullable(),
  approvedName: z.string().nullable(),
  approvedAt: dateAnswer().nullable(),
  approvedHash: z.string().nullable(),
  reviewComment: z.string().nullable(),
  reviewedByName: z.string().nullable(),
});

export const documentControlSettingsAnswer = z.object({ approvalRequired: z.boolean() });

const lessonTextAnswer = z.object({
  title: z.string(),
  content: z.string().nullable(),
  videoUrl: z.string().nullable(),
});

export const revisionAnswer = revisionSummaryAnswer.extend({
  lessons: z.array(
    z.object({
      lessonId: z.number().int(),
      requiresSignoff: z.boolean(),
      before: lessonTextAnswer,
      after: lessonTextAnswer,
      material: z.boolean().nullable(),
    }),
  ),
});

export const lessonDraftAnswer = z
  .object({
    revisionId: z.number().int(),
    title: z.string(),
    content: z.string().nullable(),
    videoUrl: z.string().nullable(),
    version: z.number().int(),
  })
  .nullable();
