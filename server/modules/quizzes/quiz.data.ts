import type { EntityManager } from "@mikro-orm/core";
import { Quiz, QuizOption, QuizQuestion } from "./quiz.entity.js";

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
