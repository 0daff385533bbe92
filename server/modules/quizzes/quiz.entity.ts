import { EntitySchema, OptionalProps } from "@mikro-orm/core";
import type { Lesson } from "#server/modules/courses/index.js";
import type { User } from "#server/modules/identity/index.js";
import type { Organization } from "#server/modules/organizations/index.js";
import { type QuestionKind, REVEAL_ANSWERS_DEFAULT, type RevealAnswers } from "#shared/schemas/quizzes.js";

/**
 * A lesson's knowledge check (decision 0110): at most one per lesson. A lesson with one is completed only by
 * passing it (server/modules/quizzes/quiz-submit.ts writes the same completion row as lessons/complete).
 */
export class Quiz {
  [OptionalProps]?: "passPercent" | "maxAttempts" | "shuffle" | "revealAnswers";
  id!: number;
  organization!: Organization;
  lesson!: Lesson;
  /** The lowest score, in whole percent, that passes. */
  passPercent = 80;
  /** Null: as many attempts as the learner likes. */
  maxAttempts: number | null = null;
  /** Options (and questions) come in a new order every time the check is shown. */
  shuffle = false;
  /** When a learner's result shows the correct options (docs/decisions/0278-quiz-answers-revealed-late.md). */
  revealAnswers: RevealAnswers = REVEAL_ANSWERS_DEFAULT;
}

export const QuizSchema = new EntitySchema<Quiz>({
  class: Quiz,
  tableName: "quizzes",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade" },
    lesson: { kind: "m:1", entity: "Lesson", deleteRule: "cascade" },
    passPercent: { type: "integer", default: 80 },
    maxAttempts: { type: "integer", nullable: true },
    shuffle: { type: "boolean", default: false },
    revealAnswers: { type: "string", length: 30, default: REVEAL_ANSWERS_DEFAULT },
  },
  uniques: [{ name: "quizzes_lesson_unique", properties: ["lesson"] }],
});

export class QuizQuestion {
  [OptionalProps]?: "explanation";
  id!: number;
  organization!: Organization;
  quiz!: Quiz;
  kind!: QuestionKind;
  prompt!: string;
  /** Shown with the result of an attempt, never before. */
  explanation: string | null = null;
  position!: number;
}

export const QuizQuestionSchema = new EntitySchema<QuizQuestion>({
  class: QuizQuestion,
  tableName: "quiz_questions",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade" },
    quiz: { kind: "m:1", entity: () => Quiz, deleteRule: "cascade", index: "quiz_questions_quiz_idx" },
    kind: { type: "string", length: 20 },
    prompt: { type: "text" },
    explanation: { type: "text", nullable: true },
    position: { type: "integer" },
  },
});

export class QuizOption {
  id!: number;
  organization!: Organization;
  question!: QuizQuestion;
  text!: string;
  correct!: boolean;
  position!: number;
}

export const QuizOptionSchema = new EntitySchema<QuizOption>({
  class: QuizOption,
  tableName: "quiz_options",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade" },
    question: {
      kind: "m:1",
      entity: () => QuizQuestion,
      deleteRule: "cascade",
      index: "quiz_options_question_idx",
    },
    text: { type: "text" },
    correct: { type: "boolean" },
    position: { type: "integer" },
  },
});

/** One question as an attempt answered it: kept with the attempt, so later edits do not rewrite history. */
export interface AttemptAnswer {
  questionId: number;
  optionIds: number[];
  correct: boolean;
}

/** One submission of a check by one member, graded on the server. */
export class QuizAttempt {
  [OptionalProps]?: "createdAt";
  id!: number;
  organization!: Organization;
  user!: User;
  lesson!: Lesson;
  answers!: AttemptAnswer[];
  scorePercent!: number;
  passed!: boolean;
  createdAt: Date = new Date();
}

export const QuizAttemptSchema = new EntitySchema<QuizAttempt>({
  class: QuizAttempt,
  tableName: "quiz_attempts",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade" },
    user: { kind: "m:1", entity: "User", deleteRule: "cascade", index: "quiz_attempts_user_idx" },
    lesson: { kind: "m:1", entity: "Lesson", deleteRule: "cascade" },
    answers: { type: "json" },
    scorePercent: { type: "integer" },
    passed: { type: "boolean" },
    createdAt: { type: "datetime", onCreate: () => new Date() },
  },
  indexes: [{ name: "quiz_attempts_org_lesson_user_idx", properties: ["organization", "lesson", "user"] }],
});
