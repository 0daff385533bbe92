import {
  type ContentTranslations,
  type CourseContext,
  type CourseView,
  type CourseViewInLanguage,
  findLesson,
  findVisibleCourse,
  type LessonPageInLanguage,
  type LessonPageView,
} from "#server/modules/courses/index.js";
import type { ContentLanguage } from "#shared/content-languages.js";
import {
  courseTranslationsOf,
  currentLessonTitlesIn,
  lessonSourceTexts,
  lessonTranslationsOf,
} from "./translations.data.js";
import {
  type CourseTranslationView,
  type LessonTranslationView,
  presentCourseTranslation,
  presentLessonTranslation,
} from "./translations.presenter.js";
import {
  courseTextsHash,
  isOutdated,
  lessonTextsHash,
  storedQuestions,
  translatedCheck,
} from "./translations.rules.js";

/** lessons/translations/list: every translation of the lesson, each saying whether its source changed since. */
export async function lessonTranslationList(ctx: CourseContext, lessonId: number): Promise<LessonTranslationView[]> {
  const lesson = await findLesson(ctx, lessonId);
  const rows = await lessonTranslationsOf(ctx.em, lesson.id);
  if (rows.length === 0) return [];
  const hash = lessonTextsHash(await lessonSourceTexts(ctx.em, lesson));
  return rows.map((row) => presentLessonTranslation(row, isOutdated(row, hash)));
}

/** courses/translations/list: every translation of the course. */
export async function courseTranslationList(ctx: CourseContext, courseId: number): Promise<CourseTranslationView[]> {
  const course = await findVisibleCourse(ctx, courseId);
  const hash = courseTextsHash(course);
  return (await courseTranslationsOf(ctx.em, course.id)).map((row) =>
    presentCourseTranslation(row, isOutdated(row, hash)),
  );
}

/**
 * lessons/get and courses/get in a language (courses' contentTranslations, decision 0410): the translation's
 * texts where it is current; the source, saying so, where it is out of date or missing.
 */
export const translationsContentPart: ContentTranslations = {
  async lessonPageIn(em, page: LessonPageView, language: ContentLanguage): Promise<LessonPageInLanguage> {
    const rows = await lessonTranslationsOf(em, page.id);
    const hash = lessonTextsHash({ title: page.title, content: page.content, questions: page.quiz?.questions ?? [] });
    const translations = rows.map((row) => ({ language: row.language, outdated: isOutdated(row, hash) }));
    const asked = rows.find((row) => row.language === language);
    if (!asked) return { ...page, language: null, translation: null, translations };
    const outdated = isOutdated(asked, hash);
    const translation = { language: asked.language, version: asked.version, outdated };
    // An outdated translation is not shown: the learner reads the current source, with a note.
    if (outdated) return { ...page, language: null, translation, translations };
    const quiz = page.quiz && {
      ...page.quiz,
      questions: translatedCheck(page.quiz.questions, storedQuestions(asked.questions)),
    };
    return { ...page, title: asked.title, content: asked.content, quiz, language, translation, translations };
  },

  async courseIn(em, course: CourseView, language: ContentLanguage): Promise<CourseViewInLanguage> {
    const rows = await courseTranslationsOf(em, course.id);
    const hash = courseTextsHash(course);
    const translations = rows.map((row) => ({ language: row.language, outdated: isOutdated(row, hash) }));
    const titles = course.modules ? await currentLessonTitlesIn(em, course.id, language) : new Map<number, string>();
    const modules = course.modules?.map((module) => ({
      ...module,
      lessons: module.lessons.map((lesson) => ({ ...lesson, title: titles.get(lesson.id) ?? lesson.title })),
    }));
    const inLanguage = { ...course, ...(modules ? { modules } : {}) };
    const asked = rows.find((row) => row.language === language);
    if (!asked) return { ...inLanguage, language: null, translation: null, translations };
    const outdated = isOutdated(asked, hash);
    const translation = { language: asked.language, version: asked.version, outdated };
    if (outdated) return { ...inLanguage, language: null, translation, translations };
    return { ...inLanguage, title: asked.title, description: asked.description, language, translation, translations };
  },
};
