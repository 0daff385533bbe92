/** The quizzes module's public face: the only file of it that other modules and the app may import. */

export { quizCourseHook, quizLessonPageParts } from "./course-hooks.js";
