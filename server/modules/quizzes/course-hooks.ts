import { type CourseContentHook, type LessonPageParts, learnerQuizRows } from "#server/modules/courses/index.js";
import { copyKnowledgeChecks } from "./quiz-copy.js";
import { presentLearnerQuiz } from "./quizzes.presenter.js";

/** A duplicated course's lessons gate completion as the originals do (decision 0110). */
export const quizCourseHook: CourseContentHook = {
  copying: (scope, _source, lessonCopies) => copyKnowledgeChecks(scope, lessonCopies),
};

/** The lesson page carries the lesson's check, as the learner sees it: its rows, then their answer. */
export const quizLessonPageParts: LessonPageParts = {
  quizOf: async (em, lessonId, userId, settings) =>
    presentLearnerQuiz(await learnerQuizRows(em, lessonId, userId, settings)),
};
