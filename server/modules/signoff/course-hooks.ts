import type { CourseContentHook } from "#server/modules/courses/index.js";
import { recordCopiedSignoffVersions } from "./signoff-copy.js";
import { recordedChangeOf, recordLessonVersion } from "./signoffs.js";

/**
 * A sign-off lesson's save records a version (decision 0102), and a duplicated course's sign-off lessons
 * start their history afresh (decision 0104).
 */
export const signoffCourseHook: CourseContentHook = {
  lessonSaved(scope, lesson, before, request) {
    const recorded = recordedChangeOf(before, lesson, request);
    if (!recorded) return null;
    return async () => {
      await recordLessonVersion(scope, lesson, recorded);
    };
  },
  copying: async (scope, source, lessonCopies) => recordCopiedSignoffVersions(scope, source, lessonCopies),
};
