import { z } from "zod";
import { offlineActionFields } from "./client-actions.js";
import { id, text } from "./common.js";
import { COURSE_MESSAGES, lessonIdField } from "./courses.js";

/** Knowledge checks (docs/SPEC.md §7): what a content creator saves and a learner submits. */

export const QUESTION_KINDS = ["single", "multiple", "true_false"] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  single: "Single choice",
  multiple: "Multiple choice",
  true_false: "True / false",
};

/**
 * When a learner sees which options were right (docs/decisions/0278-quiz-answers-revealed-late.md): once they
 * have passed or used their last attempt (the default), or never. Until then a result names only whether
 * each question was right, and explains the questions they answered wrongly.
 */
export const REVEAL_ANSWERS = ["after_pass_or_last_attempt", "never"] as const;
export type RevealAnswers = (typeof REVEAL_ANSWERS)[number];
export const REVEAL_ANSWERS_DEFAULT: RevealAnswers = "after_pass_or_last_attempt";

export const REVEAL_ANSWERS_LABELS: Record<RevealAnswers, string> = {
  after_pass_or_last_attempt: "After passing or last attempt",
  never: "Never",
};

export const QUIZ_LIMITS = {
  optionsMin: 2,
  optionsMax: 10,
  questionsMax: 50,
  promptMax: 1000,
  explanationMax: 2000,
  optionTextMax: 500,
  maxAttemptsMax: 100,
  passPercentDefault: 80,
} as const;

export const QUIZ_MESSAGES = {
  passPercentInvalid: "Pass mark must be a whole number from 1 to 100.",
  maxAttemptsInvalid: `Attempts must be a whole number from 1 to ${QUIZ_LIMITS.maxAttemptsMax}, or unlimited.`,
  shuffleInvalid: "Shuffle must be true or false.",
  revealAnswersInvalid: 'Show correct answers must be "after_pass_or_last_attempt" or "never".',
  questionsInvalid: `A knowledge check has up to ${QUIZ_LIMITS.questionsMax} questions.`,
  kindInvalid: "Question type must be single choice, multiple choice or true/false.",
  promptRequired: "Every question needs a question text.",
  promptTooLong: `A question can be up to ${QUIZ_LIMITS.promptMax} characters.`,
  explanationTooLong: `An explanation can be up to ${QUIZ_LIMITS.explanationMax} characters.`,
  optionEmpty: "Every option needs a text.",
  optionTooLong: `An option can be up to ${QUIZ_LIMITS.optionTextMax} characters.`,
  optionCount: `A question has ${QUIZ_LIMITS.optionsMin} to ${QUIZ_LIMITS.optionsMax} options.`,
  trueFalseOptions: "A true/false question has exactly two options.",
  noCorrect: "Mark at least one correct option.",
  oneCorrect: "Mark exactly one correct option: this question takes one answer.",
  correctInvalid: "Correct must be true or false.",
  questionIdInvalid: "Question ID must be a positive number.",
  optionIdInvalid: "Option ID must be a positive number.",
  answersInvalid: "Answers must be a list of questions with the options chosen.",
  duplicateAnswer: "Answer each question once.",
  checkNotFound: "This lesson has no knowledge check.",
  checkChanged: "This knowledge check was changed while you were answering. Reload the lesson and try again.",
  savedCheckChanged: "This knowledge check was changed by someone else while you were editing. Reload and try again.",
  noAttemptsLeft: "You have used all your attempts at this knowledge check.",
  completeByPassing: "This lesson has a knowledge check: pass it to complete the lesson.",
} as const;

const M = QUIZ_MESSAGES;

/** "Question 2: …": a message names the question, since the list may be long. */
export function questionMessage(index: number, message: string): string {
  return `Question ${index + 1}: ${message}`;
}

/** The message of an issue inside `questions[i]`, naming that question as questionProblem's do. */
const namingTheQuestion =
  (message: string) =>
  (issue: { path?: PropertyKey[] }): string => {
    const path = issue.path ?? [];
    const index = path[path.indexOf("questions") + 1];
    return typeof index === "number" ? questionMessage(index, message) : message;
  };

const optionInput = z.object(
  {
    id: id(M.optionIdInvalid).optional(),
    text: text({ error: M.optionEmpty }).trim().min(1, M.optionEmpty).max(QUIZ_LIMITS.optionTextMax, M.optionTooLong),
    correct: z.boolean({ error: M.correctInvalid }),
  },
  { error: M.optionEmpty },
);

const questionInput = z.object(
  {
    id: id(M.questionIdInvalid).optional(),
    kind: z.enum(QUESTION_KINDS, { error: M.kindInvalid }),
    prompt: text({ error: M.promptRequired }, { multiLine: true })
      .trim()
      .min(1, M.promptRequired)
      .max(QUIZ_LIMITS.promptMax, M.promptTooLong),
    explanation: text({ error: M.explanationTooLong }, { multiLine: true })
      .trim()
      .max(QUIZ_LIMITS.explanationMax, M.explanationTooLong)
      .nullable()
      .optional()
      .transform((value) => (value ? value : null)),
    // At most the limit, the message naming the question; the other rules across options are questionProblem's.
    options: z
      .array(optionInput, { error: M.optionCount })
      .max(QUIZ_LIMITS.optionsMax, { error: namingTheQuestion(M.optionCount) }),
  },
  { error: M.promptRequired },
);

/** The rules across a question's options, each message naming the question. */
function questionProblem(question: Pick<z.output<typeof questionInput>, "kind" | "options">): string | null {
  const { kind, options } = question;
  if (kind === "true_false" && options.length !== 2) return M.trueFalseOptions;
  if (options.length < QUIZ_LIMITS.optionsMin || options.length > QUIZ_LIMITS.optionsMax) return M.optionCount;
  const correct = options.filter((option) => option.correct).length;
  if (correct === 0) return M.noCorrect;
  if (kind !== "multiple" && correct > 1) return M.oneCorrect;
  return null;
}

function distinct(values: readonly number[]): boolean {
  return new Set(values).size === values.length;
}

export const saveQuizInput = z
  .object(
    {
      lessonId: lessonIdField,
      passPercent: z
        .number({ error: M.passPercentInvalid })
        .int(M.passPercentInvalid)
        .min(1, M.passPercentInvalid)
        .max(100, M.passPercentInvalid)
        .default(QUIZ_LIMITS.passPercentDefault),
      maxAttempts: z
        .number({ error: M.maxAttemptsInvalid })
        .int(M.maxAttemptsInvalid)
        .min(1, M.maxAttemptsInvalid)
        .max(QUIZ_LIMITS.maxAttemptsMax, M.maxAttemptsInvalid)
        .nullable()
        .default(null),
      shuffle: z.boolean({ error: M.shuffleInvalid }).default(false),
      /** Left out: the check keeps its setting (a new check: REVEAL_ANSWERS_DEFAULT). */
      revealAnswers: z.enum(REVEAL_ANSWERS, { error: M.revealAnswersInvalid }).optional(),
      /** An empty list removes the check: the lesson is completed with "Mark as Complete" again. */
      questions: z
        .array(questionInput, { error: M.questionsInvalid })
        .max(QUIZ_LIMITS.questionsMax, M.questionsInvalid),
    },
    { error: COURSE_MESSAGES.lessonIdInvalid },
  )
  .superRefine((input, context) => {
    input.questions.forEach((question, index) => {
      const problem = questionProblem(question);
      if (problem) context.addIssue({ code: "custom", message: questionMessage(index, problem), path: ["questions"] });
    });
    const questionIds = input.questions.flatMap((question) => (question.id ? [question.id] : []));
    const optionIds = input.questions.flatMap((question) => question.options.flatMap((o) => (o.id ? [o.id] : [])));
    if (!distinct(questionIds) || !distinct(optionIds))
      context.addIssue({ code: "custom", message: M.savedCheckChanged, path: ["questions"] });
  });
export type SaveQuizInput = z.input<typeof saveQuizInput>;

export const submitQuizInput = z.object(
  {
    lessonId: lessonIdField,
    answers: z
      .array(
        z.object(
          {
            questionId: id(M.questionIdInvalid),
            optionIds: z
              .array(id(M.optionIdInvalid), { error: M.answersInvalid })
              .max(QUIZ_LIMITS.optionsMax, M.answersInvalid)
              .transform((ids) => [...new Set(ids)]),
          },
          { error: M.answersInvalid },
        ),
        { error: M.answersInvalid },
      )
      .max(QUIZ_LIMITS.questionsMax, M.answersInvalid)
      .refine((answers) => distinct(answers.map((answer) => answer.questionId)), M.duplicateAnswer),
    ...offlineActionFields,
  },
  { error: COURSE_MESSAGES.lessonIdInvalid },
);

export const quizLessonInput = z.object({ lessonId: lessonIdField }, { error: COURSE_MESSAGES.lessonIdInvalid });
