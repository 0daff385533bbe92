/** The courses module's public face: the only file of it that other modules and the app may import. */

export type { CourseContentHook, CourseSearch, CourseWriteScope, LessonBefore } from "./content-hooks.js";
export { contentWritten, courseContentHooks, courseSearch } from "./content-hooks.js";
export { contentSaveProcedure } from "./content-save-procedure.js";
export type {
  ContentTranslations,
  CourseViewInLanguage,
  LessonPageInLanguage,
} from "./content-translations.js";
export { contentTranslations } from "./content-translations.js";
export { Assignment, Completion, Course, Lesson } from "./course.entity.js";
export type { CourseContext } from "./course-access.js";
export {
  assertCourseVisible,
  canSeeDrafts,
  findCourse,
  findLesson,
  findVisibleCourse,
  lockCourse,
  lockLesson,
  lockLessonCourse,
} from "./course-access.js";
export type { CourseViewParts, ViewerCourseTraining } from "./course-view-parts.js";
export { courseViewParts } from "./course-view-parts.js";
export type { CourseFields, CourseRecord } from "./courses.data.js";
export { COURSE_COLUMNS, completedLessonIds, courseById, courseFromRecord } from "./courses.data.js";
export type { CourseView } from "./courses.presenter.js";
export type { StorageView } from "./image-storage.js";
export { registerLessonContentPool } from "./lesson-content.js";
export type { LessonDraftStore, SavedLesson } from "./lesson-drafts.js";
export { lessonDrafts } from "./lesson-drafts.js";
export type { LessonPageParts, LessonPageQuiz } from "./lesson-page-parts.js";
export { lessonPageParts } from "./lesson-page-parts.js";
export { updateLiveLesson } from "./lesson-writes.js";
export type { LearnerQuizRows, LessonCompletionRow } from "./lessons.data.js";
export { learnerQuizRows, lessonCompletionRow } from "./lessons.data.js";
export type { CompletedLessonsView, CompletionView, LessonPageView } from "./lessons.presenter.js";
