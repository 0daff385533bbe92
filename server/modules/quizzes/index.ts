/** The quizzes module's public face: the only file of it that other modules and the app may import. */

export { quizCourseHook } from "./course-hooks.js";
export type { LearnerQuizView } from "./quizzes.presenter.js";
export { presentLearnerQuiz } from "./quizzes.presenter.js";
