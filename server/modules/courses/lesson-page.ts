import { plainJson } from "#server/platform/api/wire-format.js";
import { fail } from "#server/platform/http/errors.js";
import type { ContentLanguage } from "#shared/content-languages.js";
import { COURSE_MESSAGES } from "#shared/schemas/courses.js";
import { contentTranslations, type LessonPageAnswer } from "./content-translations.js";
import { assertCourseVisible, type CourseContext } from "./course-access.js";
import { lessonPageParts } from "./lesson-page-parts.js";
import { lessonPageRow } from "./lessons.data.js";
import { presentLessonPage } from "./lessons.presenter.js";

/**
 * lessons/get: the lesson with its place in the course (Previous and Next run across module boundaries).
 * Its rows and its answer in one function, so the hot read awaits no more than before.
 */
export async function lessonPage(
  ctx: CourseContext & { user: { id: number } },
  lessonId: number,
  language?: ContentLanguage,
): Promise<LessonPageAnswer> {
  const page = await lessonPageRow(ctx.em, lessonId, ctx.user.id);
  if (!page) throw fail.notFound(COURSE_MESSAGES.lessonNotFound);
  assertCourseVisible(page.course, ctx.role);
  // The check's part is the quizzes module's (decision 0290): its queries, none when the lesson has no check.
  const view = presentLessonPage(page, await lessonPageParts.one.quizOf(ctx.em, page.id, ctx.user.id, page.quiz));
  // In a language only when one is asked for (decision 0410): the translations module's part.
  if (language) return plainJson(await contentTranslations.one.lessonPageIn(ctx.em, view, language));
  return plainJson(view);
}
