import type { z } from "zod";
import {
  type Course,
  type CourseWriteScope,
  type Lesson,
  lockCourse,
  updateLiveLesson,
} from "#server/modules/courses/index.js";
import { managedUser } from "#server/modules/identity/index.js";
import { recordTrainingEvent } from "#server/platform/api/training-events.js";
import type { Config } from "#server/platform/http/config.js";
import { fail } from "#server/platform/http/errors.js";
import type { Role } from "#shared/roles.js";
import { REVISION_MESSAGES, type submitRevisionInput } from "#shared/schemas/revisions.js";
import { SIGNOFF_SUMMARY_MAX } from "#shared/schemas/signoffs.js";
import { approvalRequired } from "./document-control-settings.js";
import type { CourseRevision, LessonText, RevisionChange } from "./revision.entity.js";
import { currentDraft, lastNumber, liveLessons } from "./revision-drafts.js";
import { classifiedChanges, courseContentHash, sameText, textOf } from "./revisions.rules.js";

/**
 * revisions/submit where the organization publishes without approval (docs/decisions/0390-course-drafts.md):
 * the draft's lessons become the live lessons, through the live save (so sign-off versions, the search
 * index and progress follow as for any save), and the draft becomes the next version.
 */
export type PublishScope = CourseWriteScope & { config: Config; role: Role };

/** The course's lessons the revision changes: deleted ones drop out, and so do drafts that put back the live text. */
export async function revisionChanges(ctx: PublishScope, courseId: number, revision: CourseRevision) {
  const lessons = await liveLessons(ctx.em, courseId);
  return lessons.filter((lesson) => {
    const entry = revision.lessons[lesson.id];
    return entry !== undefined && !sameText(entry, lesson);
  });
}

/**
 * revisions/submit: where the organization requires approval, the draft goes to review with its reason
 * and classes (docs/decisions/0391-approval-of-revisions.md); otherwise it is published at once.
 */
export async function submitRevision(
  ctx: PublishScope,
  input: z.output<typeof submitRevisionInput>,
): Promise<CourseRevision> {
  const course = await lockCourse(ctx, input.courseId);
  const draft = await currentDraft(ctx.em, course.id);
  const changed = draft ? await revisionChanges(ctx, course.id, draft) : [];
  if (!draft || changed.length === 0) throw fail.badRequest(REVISION_MESSAGES.noDraft);
  const changes = classifiedChanges(changed, input.changes);
  if (await approvalRequired(ctx.em)) {
    draft.state = "in_review";
    draft.reason = input.reason;
    draft.changes = changes;
    draft.submittedBy = managedUser(ctx.em, ctx.user);
    draft.submittedAt = new Date();
    draft.reviewComment = null;
    await ctx.em.flush();
    return draft;
  }
  return publishRevision(ctx, course, draft, changed, changes, input.reason);
}

/**
 * Makes the revision's changed lessons the live lessons, through the live save (so sign-off versions,
 * the search index and progress follow as for any save), and the revision the course's next version.
 */
export async function publishRevision(
  ctx: PublishScope,
  course: Course,
  draft: CourseRevision,
  changed: readonly Lesson[],
  changes: readonly RevisionChange[],
  reason: string,
): Promise<CourseRevision> {
  const summary = reason.slice(0, SIGNOFF_SUMMARY_MAX);
  const previous: Record<string, LessonText> = {};
  for (const lesson of changed) {
    const entry = draft.lessons[lesson.id];
    if (!entry) continue;
    previous[lesson.id] = textOf(lesson);
    const material = changes.some((change) => change.lessonId === lesson.id && change.material);
    await updateLiveLesson(
      { ...ctx, content: entry.content },
      {
        id: lesson.id,
        title: entry.title,
        content: entry.content,
        videoUrl: entry.videoUrl,
        change: material ? "material" : undefined,
        changeSummary: lesson.requiresSignoff ? summary : undefined,
      },
      lesson,
    );
  }
  const publishedAt = new Date();
  const number = (await lastNumber(ctx.em, course.id)) + 1;
  draft.state = "published";
  draft.number = number;
  draft.reason = reason;
  draft.changes = [...changes];
  draft.previous = previous;
  draft.lessons = Object.fromEntries(
    changed.flatMap((lesson) => {
      const entry = draft.lessons[lesson.id];
      return entry ? [[lesson.id, entry]] : [];
    }),
  );
  draft.publishedAt = publishedAt;
  draft.publishedBy = managedUser(ctx.em, ctx.user);
  draft.publishedByName = ctx.user.name;
  draft.contentHash = courseContentHash(await liveLessons(ctx.em, course.id));
  await ctx.em.flush();
  await recordTrainingEvent(ctx, {
    organizationId: ctx.organization.id,
    kind: "course.published",
    occurredAt: publishedAt,
    actorId: ctx.user.id,
    courseId: course.id,
    facts: {
      courseTitle: course.title,
      revision: number,
      reason,
      materialLessons: changes.filter((change) => change.material).length,
      contentHash: draft.contentHash,
    },
  });
  return draft;
}
