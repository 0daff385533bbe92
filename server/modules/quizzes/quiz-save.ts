import type { z } from "zod";
import { type CourseContext, lockLessonCourse } from "#server/modules/courses/index.js";
import { createOwned, type OrganizationScope } from "#server/platform/db/tenant-scope.js";
import { fail } from "#server/platform/http/errors.js";
import { QUIZ_MESSAGES, type saveQuizInput } from "#shared/schemas/quizzes.js";
import { loadQuiz } from "./quiz.data.js";
import { Quiz, QuizOption, QuizQuestion } from "./quiz.entity.js";
import { type EditorQuizView, presentEditorQuiz } from "./quizzes.presenter.js";

type SaveInput = z.output<typeof saveQuizInput>;

/**
 * quizzes/save: the check as the editor now has it replaces the stored one. Questions and options that
 * name their id are updated in place (so the statistics of a reworded question carry on); those left out
 * are deleted; new ones are added. An id that is not this check's is a stale editor: refused whole.
 * Completions are never touched: editing a check after people passed keeps their completion.
 */
export async function saveQuiz(
  ctx: CourseContext & OrganizationScope,
  input: SaveInput,
): Promise<EditorQuizView | null> {
  const { lesson } = await lockLessonCourse(ctx, input.lessonId);
  const loaded = await loadQuiz(ctx.em, lesson.id, { refresh: true });
  if (input.questions.length === 0) {
    if (loaded) await ctx.em.nativeDelete(Quiz, { id: loaded.quiz.id });
    return null;
  }
  const quiz = loaded?.quiz ?? createOwned(ctx, Quiz, { lesson });
  quiz.passPercent = input.passPercent;
  quiz.maxAttempts = input.maxAttempts;
  quiz.shuffle = input.shuffle;
  if (input.revealAnswers !== undefined) quiz.revealAnswers = input.revealAnswers;

  const stored = new Map((loaded?.questions ?? []).map((entry) => [entry.question.id, entry]));
  const keptQuestions = new Set<number>();
  const keptOptions = new Set<number>();
  input.questions.forEach((questionInput, position) => {
    const existing = questionInput.id === undefined ? undefined : stored.get(questionInput.id);
    if (questionInput.id !== undefined && !existing) throw fail.conflict(QUIZ_MESSAGES.savedCheckChanged);
    const fields = {
      kind: questionInput.kind,
      prompt: questionInput.prompt,
      explanation: questionInput.explanation,
      position,
    };
    const question = existing
      ? Object.assign(existing.question, fields)
      : createOwned(ctx, QuizQuestion, { quiz, ...fields });
    keptQuestions.add(question.id);
    const storedOptions = new Map((existing?.options ?? []).map((option) => [option.id, option]));
    questionInput.options.forEach((optionInput, optionPosition) => {
      const option = optionInput.id === undefined ? undefined : storedOptions.get(optionInput.id);
      if (optionInput.id !== undefined && !option) throw fail.conflict(QUIZ_MESSAGES.savedCheckChanged);
      const optionFields = { text: optionInput.text, correct: optionInput.correct, position: optionPosition };
      if (option) {
        Object.assign(option, optionFields);
        keptOptions.add(option.id);
      } else createOwned(ctx, QuizOption, { question, ...optionFields });
    });
  });
  for (const { question, options } of stored.values()) {
    if (!keptQuestions.has(question.id)) {
      ctx.em.remove(options);
      ctx.em.remove(question);
      continue;
    }
    for (const option of options) if (!keptOptions.has(option.id)) ctx.em.remove(option);
  }
  await ctx.em.flush();
  return presentEditorQuiz(lesson.id, await loadQuiz(ctx.em, lesson.id, { refresh: true }));
}
