import type { SqlEntityManager } from "@mikro-orm/knex";
import type { Lesson } from "#server/modules/courses/index.js";
import { createOwned, type OrganizationScope } from "#server/platform/db/tenant-scope.js";
import { Quiz, QuizOption, QuizQuestion } from "./quiz.entity.js";

/**
 * courses/duplicate copies the knowledge checks (decision 0110) with their lessons: a copied course must gate
 * completion the same way. Attempts are people's history of the original and stay with it.
 * `lessonCopies` maps each source lesson id to its copy.
 */
export async function copyKnowledgeChecks(
  scope: OrganizationScope & { em: SqlEntityManager },
  lessonCopies: ReadonlyMap<number, Lesson>,
): Promise<void> {
  if (lessonCopies.size === 0) return;
  const quizzes = await scope.em.find(Quiz, { lesson: { $in: [...lessonCopies.keys()] } }, { orderBy: { id: "asc" } });
  if (quizzes.length === 0) return;
  const questions = await scope.em.find(
    QuizQuestion,
    { quiz: { $in: quizzes.map((quiz) => quiz.id) } },
    { orderBy: { position: "asc", id: "asc" } },
  );
  const options =
    questions.length === 0
      ? []
      : await scope.em.find(
          QuizOption,
          { question: { $in: questions.map((question) => question.id) } },
          { orderBy: { position: "asc", id: "asc" } },
        );

  const quizCopies = new Map<number, Quiz>();
  for (const quiz of quizzes) {
    const lesson = lessonCopies.get(quiz.lesson.id);
    if (!lesson) continue;
    const { passPercent, maxAttempts, shuffle, revealAnswers } = quiz;
    quizCopies.set(quiz.id, createOwned(scope, Quiz, { lesson, passPercent, maxAttempts, shuffle, revealAnswers }));
  }
  const questionCopies = new Map<number, QuizQuestion>();
  for (const question of questions) {
    const quiz = quizCopies.get(question.quiz.id);
    if (!quiz) continue;
    const { kind, prompt, explanation, position } = question;
    questionCopies.set(question.id, createOwned(scope, QuizQuestion, { quiz, kind, prompt, explanation, position }));
  }
  for (const option of options) {
    const question = questionCopies.get(option.question.id);
    if (!question) continue;
    const { text, correct, position } = option;
    createOwned(scope, QuizOption, { question, text, correct, position });
  }
}
