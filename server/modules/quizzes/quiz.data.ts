import type { EntityManager } from "@mikro-orm/core";
import { Quiz, QuizAttempt, QuizOption, QuizQuestion } from "./quiz.entity.js";

/** A lesson's knowledge check with its questions and options, each list in its stored order. */
export interface LoadedQuiz {
  quiz: Quiz;
  questions: { question: QuizQuestion; options: QuizOption[] }[];
}

/** Three queries; null when the lesson has no check. The tenant filter keeps it to the request's organization. */
export async function loadQuiz(
  em: EntityManager,
  lessonId: number,
  options: { refresh?: boolean } = {},
): Promise<LoadedQuiz | null> {
  const refresh = options.refresh ?? false;
  const quiz = await em.findOne(Quiz, { lesson: lessonId }, { refresh });
  if (!quiz) return null;
  const questions = await em.find(
    QuizQuestion,
    { quiz: quiz.id },
    { orderBy: { position: "asc", id: "asc" }, refresh },
  );
  const allOptions =
    questions.length === 0
      ? []
      : await em.find(
          QuizOption,
          { question: { $in: questions.map((question) => question.id) } },
          { orderBy: { position: "asc", id: "asc" }, refresh },
        );
  return {
    quiz,
    questions: questions.map((question) => ({
      question,
      options: allOptions.filter((option) => option.question.id === question.id),
    })),
  };
}

/** What quizzes/stats counts: the check as it stands, and every attempt's answers and who made it. */
export interface QuizStatsRows {
  lessonId: number;
  loaded: LoadedQuiz | null;
  attempts: { userId: number; answers: QuizAttempt["answers"] }[];
}

/** loadQuiz's three queries, and the lesson's attempts in one more. */
export async function quizStatsRows(em: EntityManager, lessonId: number): Promise<QuizStatsRows> {
  const loaded = await loadQuiz(em, lessonId);
  const attempts = await em.find(QuizAttempt, { lesson: lessonId }, { fields: ["answers", "user"] });
  return {
    lessonId,
    loaded,
    attempts: attempts.map((attempt) => ({ userId: attempt.user.id, answers: attempt.answers })),
  };
}
