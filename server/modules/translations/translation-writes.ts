import type { z } from "zod";
import { type CourseContext, lockCourse, lockLesson } from "#server/modules/courses/index.js";
import { managedUser, type SignedInUser } from "#server/modules/identity/index.js";
import { createOwned, type OrganizationScope } from "#server/platform/db/tenant-scope.js";
import type { saveCourseTranslationInput, saveLessonTranslationInput } from "#shared/schemas/translations.js";
import { CourseTranslation, LessonTranslation } from "./translation.entity.js";
import { translationWriteHooks } from "./translation-hooks.js";
import { lessonSourceTexts } from "./translations.data.js";
import {
  type CourseTranslationView,
  type LessonTranslationView,
  presentCourseTranslation,
  presentLessonTranslation,
} from "./translations.presenter.js";
import { checkedTranslatedQuestions, courseTextsHash, lessonTextsHash } from "./translations.rules.js";

/** What a translation's save is given by the procedure builders. */
type TranslationWriteContext = CourseContext & OrganizationScope & { user: SignedInUser };

/**
 * lessons/translations/save: the lesson's translation into the language, replaced whole and counted a
 * version, made from the lesson as it now stands (its course locked first, docs/DESIGN.md §4). `content`
 * is already converted and sanitized like the lesson's own.
 */
export async function saveLessonTranslation(
  ctx: TranslationWriteContext,
  input: z.output<typeof saveLessonTranslationInput>,
  content: string | null,
): Promise<LessonTranslationView> {
  const lesson = await lockLesson(ctx, input.lessonId);
  const source = await lessonSourceTexts(ctx.em, lesson);
  const fields = {
    title: input.title,
    content,
    questions: JSON.stringify(checkedTranslatedQuestions(input.questions, source.questions)),
    sourceVersion: lesson.version,
    sourceHash: lessonTextsHash(source),
    sourceTitle: lesson.title,
    sourceContent: lesson.content,
    author: managedUser(ctx.em, ctx.user),
  };
  let row = await ctx.em.findOne(LessonTranslation, { lesson: lesson.id, language: input.language });
  if (row) Object.assign(row, fields, { version: row.version + 1, updatedAt: new Date() });
  else row = createOwned(ctx, LessonTranslation, { lesson, language: input.language, ...fields });
  await ctx.em.flush();
  for (const hook of translationWriteHooks.all) await hook.written(ctx, { lessonIds: [lesson.id] });
  return presentLessonTranslation(row, false);
}

/** courses/translations/save: the course's title and description in the language, replaced whole. */
export async function saveCourseTranslation(
  ctx: TranslationWriteContext,
  input: z.output<typeof saveCourseTranslationInput>,
): Promise<CourseTranslationView> {
  const course = await lockCourse(ctx, input.courseId);
  const fields = {
    title: input.title,
    description: input.description ?? null,
    sourceHash: courseTextsHash(course),
    sourceTitle: course.title,
    sourceDescription: course.description,
  };
  let row = await ctx.em.findOne(CourseTranslation, { course: course.id, language: input.language });
  if (row) Object.assign(row, fields, { version: row.version + 1, updatedAt: new Date() });
  else row = createOwned(ctx, CourseTranslation, { course, language: input.language, ...fields });
  await ctx.em.flush();
  for (const hook of translationWriteHooks.all) await hook.written(ctx, { courseIds: [course.id] });
  return presentCourseTranslation(row, false);
}
