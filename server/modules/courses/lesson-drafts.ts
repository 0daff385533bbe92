import { Hooks } from "#server/platform/api/hooks.js";
import type { CourseWriteScope } from "./content-hooks.js";
import type { Course, Lesson } from "./course.entity.js";

/**
 * Where the editor's saves of a published course go (docs/decisions/0390-course-drafts.md): lessons/update
 * with `draft: true` asks the document-control module, registered by server/router.ts, to keep the text
 * in the course's draft revision instead of the live lesson, so learners go on reading the published text.
 */

/** A lesson as a save answers it: the live row, or the draft's text over it. */
export type SavedLesson = Pick<
  Lesson,
  "id" | "title" | "content" | "videoUrl" | "orderIndex" | "version" | "requiresSignoff"
> & {
  module: { id: number };
};

/** The text a draft save sets (undefined: left as the draft or lesson has it) and the version it names. */
interface LessonDraftFields {
  title: string | undefined;
  content: string | null | undefined;
  videoUrl: string | null | undefined;
  version: number | undefined;
}

export interface LessonDraftStore {
  /**
   * Whether this save goes to the course's draft: asked for (`draft: true`) on a course learners have
   * seen, or required of every save by the organization (approval on). A course never published: false.
   */
  takesDraft(scope: CourseWriteScope, course: Course, requested: boolean): Promise<boolean>;
  /** The course and lesson are locked. Answers the lesson as its draft now reads. */
  savedToDraft(
    scope: CourseWriteScope,
    course: Course,
    lesson: Lesson,
    fields: LessonDraftFields,
  ): Promise<SavedLesson>;
}

export const lessonDrafts = new Hooks<LessonDraftStore>("lessonDrafts");
