import type { SqlEntityManager } from "@mikro-orm/knex";
import { Hooks } from "#server/platform/api/hooks.js";
import type { ContentLanguage } from "#shared/content-languages.js";
import type { CourseView } from "./courses.presenter.js";
import type { LessonPageView } from "./lessons.presenter.js";

/**
 * lessons/get and courses/get asked for a language (docs/decisions/0410-translations-as-versions.md): the
 * translations module answers in it where a current translation exists, registered by server/router.ts.
 * Called only when the caller names a language: without one, the answers and their queries are as before.
 */

/** What an answer in a language adds: which language its text is in, and which translations exist. */
interface ContentLanguageView {
  /** The language of the text answered; null: the source, as without a language. */
  language: ContentLanguage | null;
  /** The translation into the language asked for, if there is one; `outdated`: the source changed since. */
  translation: { language: ContentLanguage; version: number; outdated: boolean } | null;
  /** Every translation of this lesson or course, for a switch between them and the source. */
  translations: { language: ContentLanguage; outdated: boolean }[];
}

export type LessonPageInLanguage = LessonPageView & ContentLanguageView;
/** lessons/get's answer: with a language asked for, the fields above too. */
export type LessonPageAnswer = LessonPageView & Partial<ContentLanguageView>;
export type CourseViewAnswer = CourseView & Partial<ContentLanguageView>;
export type CourseViewInLanguage = CourseView & ContentLanguageView;

export interface ContentTranslations {
  lessonPageIn(em: SqlEntityManager, page: LessonPageView, language: ContentLanguage): Promise<LessonPageInLanguage>;
  courseIn(em: SqlEntityManager, course: CourseView, language: ContentLanguage): Promise<CourseViewInLanguage>;
}

export const contentTranslations = new Hooks<ContentTranslations>("contentTranslations");
