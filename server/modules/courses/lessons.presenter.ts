import { type ScormVersion, scormLaunchPathOf } from "#shared/schemas/scorm.js";
import { embedUrlFor } from "#shared/video-embed.js";
import type { CourseStatus } from "./course.entity.js";
import type { SavedLesson } from "./lesson-drafts.js";
import type { LessonPageQuiz } from "./lesson-page-parts.js";
import type { LessonPageRow } from "./lessons.data.js";

/** A lesson as its writes answer (lessons/create, update). */
export interface LessonView {
  id: number;
  moduleId: number;
  title: string;
  content: string | null;
  videoUrl: string | null;
  embedUrl: string | null;
  orderIndex: number;
  /** What lessons/update takes to refuse a stale save (server/modules/courses/versions.rules.ts). */
  version: number;
  /** Completed by signing (decision 0101); lessons/signoff tells the caller's standing. */
  requiresSignoff: boolean;
}

interface LessonLinkView {
  id: number;
  title: string;
}

/** The lesson page (lessons/get): the lesson, where it sits, and its neighbours across module boundaries. */
export interface LessonPageView extends Omit<LessonView, "moduleId"> {
  isCompleted: boolean;
  module: { id: number; title: string };
  course: { id: number; title: string; status: CourseStatus };
  prevLesson: LessonLinkView | null;
  nextLesson: LessonLinkView | null;
  /** The lesson's knowledge check without its answers (docs/SPEC.md §7), or null. */
  quiz: LessonPageQuiz | null;
  /** A SCORM lesson: its package's version and where the page asks for its launch (docs/decisions/0333). */
  scorm: { version: ScormVersion; launchPath: string } | null;
}

/** lessons/complete: when the caller first completed it. */
export interface CompletionView {
  lessonId: number;
  completedAt: Date;
}

/** users/completions: every lesson the caller completed in the organization. */
export interface CompletedLessonsView {
  lessonIds: number[];
}

export function presentLesson(lesson: SavedLesson): LessonView {
  return {
    id: lesson.id,
    moduleId: lesson.module.id,
    title: lesson.title,
    // Sanitized once, when saved (prepareLessonContent); the browser sanitizes again when it shows it.
    content: lesson.content,
    videoUrl: lesson.videoUrl,
    embedUrl: embedUrlFor(lesson.videoUrl),
    orderIndex: lesson.orderIndex,
    version: lesson.version,
    requiresSignoff: lesson.requiresSignoff,
  };
}

/**
 * The lesson page from its row and its knowledge check as the quizzes module filled it (lessonPageParts,
 * server/modules/courses/lesson-page-parts.ts; plain rows, decision 0150).
 */
export function presentLessonPage(page: LessonPageRow, quiz: LessonPageQuiz | null): LessonPageView {
  const { quiz: _settings, scormVersion, ...lesson } = page;
  const scorm = scormVersion ? { version: scormVersion, launchPath: scormLaunchPathOf(page.id) } : null;
  return { ...lesson, embedUrl: embedUrlFor(lesson.videoUrl), quiz, scorm };
}
