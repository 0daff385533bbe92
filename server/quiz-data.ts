import type { EntityManager } from "@mikro-orm/core";
import { Quiz, QuizAttempt, QuizOption, QuizQuestion } from "./entities/index.js";

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

/** Whether the lesson carries a knowledge check (then only passing it completes the lesson). */
export async function hasQuiz(em: EntityManager, lessonId: number): Promise<boolean> {
  return (await em.count(Quiz, { lesson: lessonId })) > 0;
}

/** How one member has done at one check so far. */
export interface AttemptSummary {
  attempts: number;
  bestScorePercent: number | null;
  passed: boolean;
}

export async function attemptSummary(em: EntityManager, lessonId: number, userId: number): Promise<AttemptSummary> {
  const attempts = await em.find(
    QuizAttempt,
    { lesson: lessonId, user: userId },
    { fields: ["scorePercent", "passed"], refresh: true },
  );
  return {
    attempts: attempts.length,
    bestScorePercent: attempts.length === 0 ? null : Math.max(...attempts.map((attempt) => attempt.scorePercent)),
    passed: attempts.some((attempt) => attempt.passed),
  };
}
