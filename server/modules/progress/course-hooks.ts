import type { CourseContentHook } from "#server/modules/courses/index.js";
import { recountCourseProgress } from "./course-progress.js";

/** Deleting lessons or modules takes their completions with them: the courses' counts are made again. */
export const progressCourseHook: CourseContentHook = {
  removed: recountCourseProgress,
};
