import { z } from "zod";
import { router } from "#server/platform/api/trpc.js";
import { permittedProcedure } from "#server/platform/api/trpc-org.js";
import {
  approveRevisionInput,
  courseRevisionsInput,
  documentControlSettingsInput,
  lessonDraftInput,
  rejectRevisionInput,
  revisionIdInput,
  submitRevisionInput,
} from "#shared/schemas/revisions.js";
import { documentControlSettings, saveDocumentControlSettings } from "./document-control-settings.js";
import { submitRevision } from "./revision-publishing.js";
import { approveRevision, rejectRevision } from "./revision-review.js";
import { courseRevisions, lessonDraft, revisionWithChanges } from "./revisions.data.js";
import {
  documentControlSettingsAnswer,
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

  /**
   * Approves a revision in review and publishes it (docs/decisions/0391-approval-of-revisions.md): the
   * typed name is recorded like a signature. Its submitter gets 403 and nothing changes.
   */
  approve: permittedProcedure("revisions.approve")
    .meta({ rest: { method: "POST", path: "/revisions/approve" }, answer: revisionSummaryAnswer })
    .input(approveRevisionInput)
    .mutation(async ({ ctx, input }) => presentRevisionSummary(await approveRevision(ctx, input))),

  /** Sends a revision in review back to the draft, with what should change. */
  reject: permittedProcedure("revisions.approve")
    .meta({ rest: { method: "POST", path: "/revisions/reject" }, answer: revisionSummaryAnswer })
    .input(rejectRevisionInput)
    .mutation(async ({ ctx, input }) => presentRevisionSummary(await rejectRevision(ctx, input))),

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

/** The organization's document-control settings: read by those who edit, changed by admins. */
export const documentControlRouter = router({
  settings: editorProcedure
    .meta({ rest: { method: "GET", path: "/document-control/settings" }, answer: documentControlSettingsAnswer })
    .query(({ ctx }) => documentControlSettings(ctx.em)),

  updateSettings: permittedProcedure("org.manage")
    .meta({
      rest: { method: "POST", path: "/document-control/update-settings" },
      answer: documentControlSettingsAnswer,
    })
    .input(documentControlSettingsInput)
    .mutation(({ ctx, input }) => saveDocumentControlSettings(ctx, input)),
});
