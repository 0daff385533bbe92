import { z } from "zod";
import { id, text } from "./common.js";

/** Document control (docs/decisions/0390-course-drafts.md): a course's draft revision, published with a reason. */

export const REVISION_MESSAGES = {
  courseIdInvalid: "Course ID must be a positive number.",
  lessonIdInvalid: "Lesson ID must be a positive number.",
  revisionIdInvalid: "Revision ID must be a positive number.",
  reasonRequired: "Say why the course changes.",
  reasonTooLong: "The reason must be at most 1000 characters.",
  changesTooMany: "Name each changed lesson once.",
  noDraft: "This course has no draft changes to publish.",
  revisionNotFound: "Revision not found.",
  materialNeedsSignoff: "Only a sign-off lesson's change can be material.",
  notInDraft: "Name only lessons the draft changes.",
  inReview: "This course's changes are in review: they can be edited again once approved or sent back.",
  notInReview: "This revision is not waiting for review.",
  ownRevision: "Nobody approves their own revision: another approver must.",
  fullNameRequired: "Type your full name to approve.",
  nameMismatch: "Type your full name as it is on your account.",
  commentRequired: "Say what should change before it is approved.",
  commentTooLong: "The comment must be at most 1000 characters.",
} as const;

const M = REVISION_MESSAGES;

/** The longest reason for a change; a sentence or a short paragraph. */
export const REVISION_REASON_MAX = 1000;

/** At most this many lessons change in one revision: a course's lessons, generously. */
const CHANGES_MAX = 500;

export const courseRevisionsInput = z.object({ courseId: id(M.courseIdInvalid) }, { error: M.courseIdInvalid });
export const revisionIdInput = z.object({ id: id(M.revisionIdInvalid) }, { error: M.revisionIdInvalid });
export const lessonDraftInput = z.object({ lessonId: id(M.lessonIdInvalid) }, { error: M.lessonIdInvalid });

export const submitRevisionInput = z.object(
  {
    courseId: id(M.courseIdInvalid),
    reason: text({ error: M.reasonRequired }, { multiLine: true })
      .trim()
      .min(1, M.reasonRequired)
      .max(REVISION_REASON_MAX, M.reasonTooLong),
    /** Per changed sign-off lesson, whether everyone signs again (material) or the signatures stay. */
    changes: z
      .array(z.object({ lessonId: id(M.lessonIdInvalid), material: z.boolean() }), { error: M.changesTooMany })
      .max(CHANGES_MAX, M.changesTooMany)
      .default([])
      .refine((changes) => new Set(changes.map((change) => change.lessonId)).size === changes.length, M.changesTooMany),
  },
  { error: M.courseIdInvalid },
);

export const approveRevisionInput = z.object(
  {
    revisionId: id(M.revisionIdInvalid),
    fullName: text({ error: M.fullNameRequired }).trim().min(1, M.fullNameRequired).max(255, M.nameMismatch),
  },
  { error: M.revisionIdInvalid },
);

export const rejectRevisionInput = z.object(
  {
    revisionId: id(M.revisionIdInvalid),
    comment: text({ error: M.commentRequired }, { multiLine: true })
      .trim()
      .min(1, M.commentRequired)
      .max(REVISION_REASON_MAX, M.commentTooLong),
  },
  { error: M.revisionIdInvalid },
);

export const documentControlSettingsInput = z.object(
  { approvalRequired: z.boolean({ error: "Approval required must be true or false." }) },
  { error: "Approval required must be true or false." },
);
