/** The search module's public face: the only file of it that other modules and the app may import. */

export { searchCourseHook, searchOfCourses } from "./course-hooks.js";
export { searchTranslationHook } from "./translation-search-index.js";
