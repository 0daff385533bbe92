import { type CourseContext, findCourse, findLesson } from "#server/modules/courses/index.js";
import { fail } from "#server/platform/http/errors.js";
import { REVISION_MESSAGES } from "#shared/schemas/revisions.js";
import { CourseRevision, type DraftLessonText, type LessonText } from "./revision.entity.js";
import { currentDraft, liveLessons } from "./revision-drafts.js";
import { sameText, textOf } from "./revisions.rules.js";

/** Reads of document control: a course's revisions, one with its diff, a lesson's draft for the editor. */

/** The course's revisions: its draft first, then its versions, newest first. */
export async function courseRevisions(ctx: CourseContext, courseId: number): Promise<CourseRevision[]> {
  await findCourse(ctx, courseId);
  const rows = await ctx.em.find(CourseRevision, { course: courseId }, { orderBy: { id: "desc" } });
  return rows.sort((a, b) => (a.number ?? Number.MAX_SAFE_INTEGER) - (b.number ?? Number.MAX_SAFE_INTEGER)).reverse();
}

/** One lesson's change in a revision: its text before and after, in reading order. */
export interface LessonChangeRow {
  lessonId: number;
  requiresSignoff: boolean;
  before: LessonText;
  after: LessonText;
  /** A published revision's class of the change; null while a draft. */
  material: boolean | null;
}

/**
 * The revision and what it changes: a draft against the live lessons now, a published revision against
 * the text it replaced (kept with it, so the diff reads the same after later versions).
 */
export async function revisionWithChanges(
  ctx: CourseContext,
  id: number,
): Promise<{ revision: CourseRevision; lessons: LessonChangeRow[] }> {
  const revision = await ctx.em.findOne(CourseRevision, { id });
  if (!revision?.course) throw fail.notFound(REVISION_MESSAGES.revisionNotFound);
  const live = await liveLessons(ctx.em, revision.course.id);
  const lessons: LessonChangeRow[] = [];
  for (const lesson of live) {
    const after = revision.lessons[lesson.id];
    if (!after) continue;
    const before = revision.state === "draft" ? textOf(lesson) : revision.previous[lesson.id];
    if (!before || (revision.state === "draft" && sameText(before, after))) continue;
    const change = revision.changes.find((each) => each.lessonId === lesson.id);
    lessons.push({
      lessonId: lesson.id,
      requiresSignoff: lesson.requiresSignoff,
      before,
      after: textOf(after),
      material: change ? change.material : null,
    });
  }
  return { revision, lessons };
}

/** The editor's starting point for a lesson of a course with a draft: the draft's text, or null. */
export async function lessonDraft(
  ctx: CourseContext,
  lessonId: number,
): Promise<{ revisionId: number; entry: DraftLessonText } | null> {
  const lesson = await findLesson(ctx, lessonId);
  const draft = await currentDraft(ctx.em, lesson.module.course.id);
  const entry = draft?.lessons[lesson.id];
  return draft && entry ? { revisionId: draft.id, entry } : null;
}
