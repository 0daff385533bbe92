import type { SqlEntityManager } from "@mikro-orm/knex";
import { completedAmong, loadCourseOutline, type OutlineLesson } from "#server/course-outline.js";
import type { CourseStatus } from "#server/entities/course.js";
import type { Completion, Course, Lesson } from "#server/entities/index.js";
import { embedUrlFor } from "#shared/video-embed.js";
import { type LearnerQuizView, presentLearnerQuiz } from "./quizzes.js";

/** A lesson as its writes answer (lessons/create, update). */
export interface LessonView {
  id: number;
  moduleId: number;
  title: string;
  content: string | null;
  videoUrl: string | null;
  embedUrl: string | null;
  orderIndex: number;
  /** What lessons/update takes to refuse a stale save (server/versions.ts). */
  version: number;
  /** Completed by signing (issue 12); lessons/signoff tells the caller's standing. */
  requiresSignoff: boolean;
}

export interface LessonLinkView {
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
  /** The lesson's knowledge check without its answers (issue 13), or null. */
  quiz: LearnerQuizView | null;
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

export function presentLesson(lesson: Lesson): LessonView {
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

function link(lesson: OutlineLesson | undefined): LessonLinkView | null {
  return lesson ? { id: lesson.id, title: lesson.title } : null;
}

/** The lesson (its module loaded) in its course, as `userId` sees it: three queries. */
export async function presentLessonPage(
  em: SqlEntityManager,
  lesson: Lesson,
  course: Course,
  userId: number,
): Promise<LessonPageView> {
  const { lessons } = await loadCourseOutline(em, course.id);
  const at = lessons.findIndex((each) => each.id === lesson.id);
  const done = await completedAmong(em, userId, [lesson.id]);
  const { moduleId: _moduleId, ...view } = presentLesson(lesson);
  return {
    ...view,
    isCompleted: done.has(lesson.id),
    module: { id: lesson.module.id, title: lesson.module.title },
    course: { id: course.id, title: course.title, status: course.status },
    prevLesson: link(at > 0 ? lessons[at - 1] : undefined),
    nextLesson: link(at >= 0 ? lessons[at + 1] : undefined),
    quiz: await presentLearnerQuiz(em, lesson.id, userId),
  };
}

export function presentCompletion(completion: Completion): CompletionView {
  return { lessonId: completion.lesson.id, completedAt: completion.completedAt };
}

export function presentCompletedLessons(completions: readonly Pick<Completion, "lesson">[]): CompletedLessonsView {
  return { lessonIds: completions.map((completion) => completion.lesson.id) };
}
