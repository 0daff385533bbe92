import type { LearnerQuizRows, LessonPageQuiz } from "#server/modules/courses/index.js";
import type { QuestionKind, RevealAnswers } from "#shared/schemas/quizzes.js";
import type { LoadedQuiz, QuizStatsRows } from "./quiz.data.js";
import { attemptsLeftOf, type QuestionResult, shuffled } from "./quiz-grading.rules.js";

/**
 * Knowledge checks as each side sees them (docs/SPEC.md §7). What a learner gets carries no option's
 * correctness and no explanation: those come only with the result of a submitted attempt.
 */

/** The lesson page's shape of a check (server/modules/courses/lesson-page-parts.ts), which this fills. */
export type LearnerQuizView = LessonPageQuiz;

export interface EditorQuizView {
  lessonId: number;
  passPercent: number;
  maxAttempts: number | null;
  shuffle: boolean;
  revealAnswers: RevealAnswers;
  questions: {
    id: number;
    kind: QuestionKind;
    prompt: string;
    explanation: string | null;
    options: { id: number; text: string; correct: boolean }[];
  }[];
}

/**
 * quizzes/submit. Until the answers are revealed (`answersRevealed`, decision 0278) each result's
 * `correctOptionIds` is empty and its `explanation` is there only for a question answered wrongly.
 */
export interface SubmitResultView {
  scorePercent: number;
  passed: boolean;
  attemptsLeft: number | null;
  answersRevealed: boolean;
  /** The check's setting, so the result can say when (or that never) the answers show. */
  revealAnswers: RevealAnswers;
  results: Omit<QuestionResult, "optionIds">[];
}

export interface QuizStatsView {
  lessonId: number;
  attempts: number;
  members: number;
  questions: { questionId: number; prompt: string; answered: number; wrong: number; wrongPercent: number }[];
}

/**
 * lessons/get's `quiz` (the rows of server/modules/courses/lessons.data.ts, learnerQuizRows): null for a lesson
 * without a check or whose check has no question yet. With shuffle on, a new order on every load.
 */
export function presentLearnerQuiz(rows: LearnerQuizRows | null): LearnerQuizView | null {
  if (!rows) return null;
  const { settings, questions, summary } = rows;
  const order = <T>(items: T[]) => (settings.shuffle ? shuffled(items) : items);
  return {
    passPercent: settings.passPercent,
    maxAttempts: settings.maxAttempts,
    questions: order(questions).map((question) => ({ ...question, options: order(question.options) })),
    attempts: summary.attempts,
    attemptsLeft: attemptsLeftOf(settings.maxAttempts, summary.attempts),
    bestScorePercent: summary.bestScorePercent,
    passed: summary.passed,
  };
}

export function presentEditorQuiz(lessonId: number, loaded: LoadedQuiz | null): EditorQuizView | null {
  if (!loaded) return null;
  return {
    lessonId,
    passPercent: loaded.quiz.passPercent,
    maxAttempts: loaded.quiz.maxAttempts,
    shuffle: loaded.quiz.shuffle,
    revealAnswers: loaded.quiz.revealAnswers,
    questions: loaded.questions.map(({ question, options }) => ({
      id: question.id,
      kind: question.kind,
      prompt: question.prompt,
      explanation: question.explanation,
      options: options.map((option) => ({ id: option.id, text: option.text, correct: option.correct })),
    })),
  };
}

/** Per question of the check as it stands: of the attempts that answered it, how many got it wrong. */
export function presentQuizStats({ lessonId, loaded, attempts }: QuizStatsRows): QuizStatsView {
  const tally = new Map<number, { answered: number; wrong: number }>();
  for (const attempt of attempts) {
    for (const answer of attempt.answers) {
      const counts = tally.get(answer.questionId) ?? { answered: 0, wrong: 0 };
      counts.answered += 1;
      if (!answer.correct) counts.wrong += 1;
      tally.set(answer.questionId, counts);
    }
  }
  return {
    lessonId,
    attempts: attempts.length,
    members: new Set(attempts.map((attempt) => attempt.userId)).size,
    questions: (loaded?.questions ?? []).map(({ question }) => {
      const { answered, wrong } = tally.get(question.id) ?? { answered: 0, wrong: 0 };
      return {
        questionId: question.id,
        prompt: question.prompt,
        answered,
        wrong,
        wrongPercent: answered === 0 ? 0 : Math.round((wrong * 100) / answered),
      };
    }),
  };
}
