import type { ContentLanguage } from "#shared/content-languages.js";
import type { TranslatedQuestion } from "#shared/schemas/translations.js";
import type { CourseTranslation, LessonTranslation } from "./translation.entity.js";
import { storedQuestions } from "./translations.rules.js";

/** The answers of the translations paths (docs/decisions/0410-translations-as-versions.md): mappings, no query. */

/** A lesson's translation as its author edits it, with the source it was made from. */
export interface LessonTranslationView {
  lessonId: number;
  language: ContentLanguage;
  title: string;
  content: string | null;
  questions: TranslatedQuestion[];
  /** Counted from 1 by each save; lessons/sign names it when signing this translation. */
  version: number;
  /** The lesson's edit version it was made from. */
  sourceVersion: number;
  /** The source changed since: learners are shown the source with a note, and cannot sign this. */
  outdated: boolean;
  /** The source's title and content as they were when translated: compared with today's, what changed. */
  sourceThen: { title: string; content: string | null };
  updatedAt: Date;
}

export interface CourseTranslationView {
  courseId: number;
  language: ContentLanguage;
  title: string;
  description: string | null;
  version: number;
  outdated: boolean;
  sourceThen: { title: string; description: string | null };
  updatedAt: Date;
}

export function presentLessonTranslation(row: LessonTranslation, outdated: boolean): LessonTranslationView {
  return {
    lessonId: row.lesson.id,
    language: row.language,
    title: row.title,
    content: row.content,
    questions: storedQuestions(row.questions),
    version: row.version,
    sourceVersion: row.sourceVersion,
    outdated,
    sourceThen: { title: row.sourceTitle, content: row.sourceContent },
    updatedAt: row.updatedAt,
  };
}

export function presentCourseTranslation(row: CourseTranslation, outdated: boolean): CourseTranslationView {
  return {
    courseId: row.course.id,
    language: row.language,
    title: row.title,
    description: row.description,
    version: row.version,
    outdated,
    sourceThen: { title: row.sourceTitle, description: row.sourceDescription },
    updatedAt: row.updatedAt,
  };
}
