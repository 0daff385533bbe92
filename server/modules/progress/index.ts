/** The progress module's public face: the only file of it that other modules and the app may import. */
export {
  assertCompletableBySigning,
  type CompletionStatementHook,
  completionStatementHooks,
  completionWayOf,
  recordCompletion,
} from "./completions.js";
export { progressCourseHook } from "./course-hooks.js";
export { recountCourseProgress, recountLessonCourseProgress } from "./course-progress.js";
