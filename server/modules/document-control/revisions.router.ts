import { z } from "zod";
import { router } from "#server/platform/api/trpc.js";
import { permittedProcedure } from "#server/platform/api/trpc-org.js";
import {
  courseRevisionsInput,
  lessonDraftInput,
  revisionIdInput,
  submitRevisionInput,
} from "#shared/schemas/revisions.js";
import { submitRevision } from "./revision-publishing.js";
import { courseRevisions, lessonDraft, revisionWithChanges } from "./revisions.data.js";
import {
  lessonDraftAnswer,
  presentLessonDraft,
  presentRevision,
  presentRevisionSummary,
  revisionAnswer,
  revisionSummaryAnswer,
} from "./revisions.presenter.js";

/**
 * A published course's revisions (docs/decisions/0390-course-drafts.md): its draft, published with a
 * reason as the next version. Reading them is for those who edit the course; publishing needs
 * "revisions.publish". A course, lesson or revision of another organization is "not found".
 */
const editorProcedure = permittedProcedure("courses.edit");

export const revisionsRouter = router({
  /** Publishes the course's draft now, as its next version; per sign-off lesson, material or not. */
  submit: permittedProcedure("revisions.publish")
    .meta({ rest: { method: "POST", path: "/revisions/submit" }, answer: revisionSummaryAnswer })
    .input(submitRevisionInput)
    .mutation(async ({ ctx, input }) => presentRevisionSummary(await submitRevision(ctx, input))),

  /** The draft (if any) and the published versions, newest first. */
  list: editorProcedure
    .meta({ rest: { method: "GET", path: "/revisions/list" }, answer: z.array(revisionSummaryAnswer) })
    .input(courseRevisionsInput)
    .query(async ({ ctx, input }) => (await courseRevisions(ctx, input.courseId)).map(presentRevisionSummary)),

  /** One revision with the lessons it changes, each before and after. */
  get: editorProcedure
    .meta({ rest: { method: "GET", path: "/revisions/get" }, answer: revisionAnswer })
    .input(revisionIdInput)
    .query(async ({ ctx, input }) => presentRevision(await revisionWithChanges(ctx, input.id))),

  /** Where the editor starts a lesson of a course with a draft: the draft's text and version, or null. */
  lessonDraft: editorProcedure
    .meta({ rest: { method: "GET", path: "/revisions/lesson-draft" }, answer: lessonDraftAnswer })
    .input(lessonDraftInput)
    .query(async ({ ctx, input }) => presentLessonDraft(await lessonDraft(ctx, input.lessonId))),
});
