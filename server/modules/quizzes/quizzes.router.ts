import { findLesson } from "#server/modules/courses/index.js";
import { router } from "#server/platform/api/trpc.js";
import { memberProcedure, permittedProcedure } from "#server/platform/api/trpc-org.js";
import { quizLessonInput, saveQuizInput, submitQuizInput } from "#shared/schemas/quizzes.js";
import { loadQuiz, quizStatsRows } from "./quiz.data.js";
import { saveQuiz } from "./quiz-save.js";
import { submitQuiz } from "./quiz-submit.js";
import { presentEditorQuiz, presentQuizStats } from "./quizzes.presenter.js";

/**
 * Knowledge checks (docs/SPEC.md §7, docs/decisions/0110-knowledge-checks.md). Building one and reading it
 * with its answers is for content creators; a learner sees it in lessons/get without them, and submits
 * here. A lesson of another organization is "not found" (the tenant filter), as everywhere.
 */
export const quizzesRouter = router({
  /** The check with its correct options and explanations, for the lesson editor; null when there is none. */
  get: permittedProcedure("quizzes.manage")
    .meta({ rest: { method: "GET", path: "/quizzes/get" } })
    .input(quizLessonInput)
    .query(async ({ ctx, input }) => {
      const lesson = await findLesson(ctx, input.lessonId);
      return presentEditorQuiz(lesson.id, await loadQuiz(ctx.em, lesson.id));
    }),

  /** Replaces the check; an empty question list removes it. Answers as quizzes/get. */
  save: permittedProcedure("quizzes.manage")
    .meta({ rest: { method: "POST", path: "/quizzes/save" } })
    .input(saveQuizInput)
    .mutation(({ ctx, input }) => saveQuiz(ctx, input)),

  submit: memberProcedure
    .meta({ rest: { method: "POST", path: "/quizzes/submit" }, inPerson: true })
    .input(submitQuizInput)
    .mutation(({ ctx, input }) => submitQuiz(ctx, input)),

  /** Per question: of the attempts that answered it, how many were wrong. */
  stats: permittedProcedure("quizzes.viewStats")
    .meta({ rest: { method: "GET", path: "/quizzes/stats" } })
    .input(quizLessonInput)
    .query(async ({ ctx, input }) => {
      const lesson = await findLesson(ctx, input.lessonId);
      return presentQuizStats(await quizStatsRows(ctx.em, lesson.id));
    }),
});
