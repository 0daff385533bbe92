import type { z } from "zod";
import { createOwned } from "#server/platform/db/tenant-scope.js";
import { fail } from "#server/platform/http/errors.js";
import { LIMITS } from "#shared/constants.js";
import {
  COURSE_MESSAGES,
  type createLessonInput,
  type reorderLessonsInput,
  type updateLessonInput,
} from "#shared/schemas/courses.js";
import {
  type CourseWriteScope,
  contentRemoved,
  contentWritten,
  lessonBefore,
  lessonSaveWrites,
} from "./content-hooks.js";
import { Lesson } from "./course.entity.js";
import { type CourseContext, lockLessonCourse, lockModule, lockModuleCourse } from "./course-access.js";
import { matchesExpectedOrder, planLessonReorder } from "./course-order.rules.js";
import { loadCourseOutline } from "./course-outline.js";
import { type OutlineRow, outlineRows } from "./courses.data.js";
import { lessonDrafts, type SavedLesson } from "./lesson-drafts.js";
import { assertCurrentVersion, countVersion, setChangedFields } from "./versions.rules.js";

/**
 * The lesson writes (lessons/create, update, delete, reorder), each in the mutation's transaction. Their
 * `orderIndex` is 0..n-1 within the module, changed only with the course locked (docs/decisions/0004-ordering.md).
 */

/** What a lesson write is given by the procedure builders. */
type LessonWriteContext = CourseContext & CourseWriteScope;

/** A save's content, converted before the transaction began (lessons.router.ts `contentSaveProcedure`). */
type ContentSaveContext = LessonWriteContext & { content: string | null | undefined };

/** Appends to the module. */
export async function createLesson(
  ctx: ContentSaveContext,
  input: z.output<typeof createLessonInput>,
): Promise<Lesson> {
  const module = await lockModule(ctx, input.moduleId);
  const count = await ctx.em.count(Lesson, { module: module.id });
  // A reorder names every lesson of the module, and names at most this many (decision 0261).
  if (count >= LIMITS.lessonsPerModuleMax) throw fail.badRequest(COURSE_MESSAGES.lessonsTooMany);
  const lesson = createOwned(ctx, Lesson, {
    module,
    title: input.title,
    content: ctx.content ?? null,
    videoUrl: input.videoUrl ?? null,
    orderIndex: count,
  });
  await ctx.em.flush();
  await contentWritten(ctx, { lessonIds: [lesson.id] });
  return lesson;
}

/**
 * lessons/update. With `draft` on a published course, or on any published course of an organization that
 * requires approval, the lesson's text goes to the course's draft revision (lesson-drafts.ts); otherwise
 * the live lesson changes as always.
 */
export async function updateLesson(
  ctx: ContentSaveContext,
  input: z.output<typeof updateLessonInput>,
): Promise<SavedLesson> {
  const { course, lesson } = await lockLessonCourse(ctx, input.id);
  const store = lessonDrafts.all[0];
  if (!store || !(await store.takesDraft(ctx, course, input.draft === true))) {
    return updateLiveLesson(ctx, input, lesson);
  }
  if (input.requiresSignoff !== undefined || input.change !== undefined) {
    throw fail.badRequest(COURSE_MESSAGES.draftTextOnly);
  }
  const fields = { title: input.title, content: ctx.content, videoUrl: input.videoUrl, version: input.version };
  return store.savedToDraft(ctx, course, lesson, fields);
}

/** Sets the live lesson's fields (it is locked), with the sign-off version and the hooks a save runs. */
export async function updateLiveLesson(
  ctx: ContentSaveContext,
  input: z.output<typeof updateLessonInput>,
  lesson: Lesson,
): Promise<Lesson> {
  assertCurrentVersion(lesson, input.version, COURSE_MESSAGES.lessonChanged);
  const before = lessonBefore(lesson);
  const changed = setChangedFields(lesson, {
    title: input.title,
    content: ctx.content,
    videoUrl: input.videoUrl,
    requiresSignoff: input.requiresSignoff,
  });
  // A sign-off lesson's save records a version (signoff), which counts even when no field changed.
  const writes = lessonSaveWrites(ctx, lesson, before, input);
  countVersion(lesson, changed || writes.length > 0);
  for (const write of writes) await write();
  await ctx.em.flush();
  await contentWritten(ctx, { lessonIds: [lesson.id] });
  return lesson;
}

/** Its completions go with it; its signatures and versions stay (decision 0100); the module's other lessons close up. */
export async function deleteLesson(ctx: LessonWriteContext, id: number): Promise<{ message: string }> {
  const { course, lesson } = await lockLessonCourse(ctx, id);
  const moduleId = lesson.module.id;
  await ctx.em.nativeDelete(Lesson, { id: lesson.id });
  await contentRemoved(ctx, [course.id]);
  const remaining = await ctx.em.find(
    Lesson,
    { module: moduleId },
    { fields: ["orderIndex"], orderBy: { orderIndex: "asc", id: "asc" }, refresh: true },
  );
  remaining.forEach((each, index) => {
    each.orderIndex = index;
  });
  return { message: "Lesson deleted." };
}

/**
 * Moves the lessons named into the target module in their order (their old modules close up); a stale list
 * is refused whole. Answers with the rows of the course structure as it now stands.
 */
export async function reorderLessons(
  ctx: LessonWriteContext,
  input: z.output<typeof reorderLessonsInput>,
): Promise<OutlineRow[]> {
  const { course, module } = await lockModuleCourse(ctx, input.moduleId);
  const { lessons } = await loadCourseOutline(ctx.em, course.id, { refresh: true });
  const plan = planLessonReorder(
    module.id,
    lessons.map((lesson) => ({ id: lesson.id, moduleId: lesson.module.id })),
    input.lessons,
  );
  const currentTarget = lessons.filter((lesson) => lesson.module.id === module.id).map((lesson) => lesson.id);
  if (!plan || !matchesExpectedOrder(currentTarget, input.expectedOrder)) {
    throw fail.conflict(COURSE_MESSAGES.lessonsStale);
  }
  const byId = new Map(lessons.map((lesson) => [lesson.id, lesson]));
  plan.target.forEach((id, index) => {
    const lesson = byId.get(id);
    if (!lesson) return;
    lesson.module = module;
    lesson.orderIndex = index;
  });
  for (const ids of plan.sources.values()) {
    ids.forEach((id, index) => {
      const lesson = byId.get(id);
      if (lesson) lesson.orderIndex = index;
    });
  }
  await ctx.em.flush();
  return outlineRows(ctx.em, course.id, ctx.user.id, { refresh: true });
}
