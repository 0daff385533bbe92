import type { CourseContentHook } from "#server/modules/courses/index.js";
import { copyKnowledgeChecks } from "./quiz-copy.js";

/** A duplicated course's lessons gate completion as the originals do (decision 0110). */
export const quizCourseHook: CourseContentHook = {
  copying: (scope, _source, lessonCopies) => copyKnowledgeChecks(scope, lessonCopies),
};
