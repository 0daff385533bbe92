import type { CourseContentHook, CourseSearch } from "#server/modules/courses/index.js";
import { courseIdsMatching } from "./search.data.js";
import { indexCourseContent, refreshSearchIndex } from "./search-index.js";

/** The index follows every course write, in its transaction (server/modules/courses/content-hooks.ts). */
export const searchCourseHook: CourseContentHook = {
  written: (scope, change) => refreshSearchIndex(scope.em, change),
  copied: (scope, copy) => indexCourseContent(scope.em, copy.id),
};

/** courses/list's search text is matched by the search endpoint's engine. */
export const searchOfCourses: CourseSearch = { courseIdsMatching };
