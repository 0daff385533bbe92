import {
  QUIZ_LIMITS,
  type QuestionKind,
  REVEAL_ANSWERS_DEFAULT,
  type RevealAnswers,
  type SaveQuizInput,
} from "#shared/schemas/quizzes.js";
import type { EditorCheck } from "./queries.js";

/**
 * The builder's working copy of a check. Every question and option has a `key` of its own for React and
 * for moving it, and keeps the `id` it was loaded with, so that saving edits it in place on the server.
 */
export interface DraftOption {
  key: string;
  id?: number;
  text: string;
  correct: boolean;
}

export interface DraftQuestion {
  key: string;
  id?: number;
  kind: QuestionKind;
  prompt: string;
  explanation: string;
  options: DraftOption[];
}

export interface DraftCheck {
  passPercent: string;
  /** Blank: unlimited. */
  maxAttempts: string;
  shuffle: boolean;
  /** When learners see the correct options (decision 0278). */
  revealAnswers: RevealAnswers;
  questions: DraftQuestion[];
}

let nextKey = 0;
const newKey = () => {
  nextKey += 1;
  return `draft-${nextKey}`;
};

export function newOption(text = "", correct = false): DraftOption {
  return { key: newKey(), text, correct };
}

const TRUE_FALSE = () => [newOption("True", true), newOption("False")];

export function newQuestion(kind: QuestionKind = "single"): DraftQuestion {
  const options = kind === "true_false" ? TRUE_FALSE() : [newOption(), newOption()];
  return { key: newKey(), kind, prompt: "", explanation: "", options };
}

/** A change of kind: true/false gets its two fixed options; single choice keeps only the first correct mark. */
export function withKind(question: DraftQuestion, kind: QuestionKind): DraftQuestion {
  if (kind === "true_false") return { ...question, kind, options: TRUE_FALSE() };
  let seenCorrect = false;
  const options =
    kind === "single"
      ? question.options.map((option) => {
          const keep = option.correct && !seenCorrect;
          if (option.correct) seenCorrect = true;
          return { ...option, correct: keep };
        })
      : question.options;
  return { ...question, kind, options };
}

/** Marks an option correct (or not): single choice and true/false have exactly one. */
export function withCorrect(question: DraftQuestion, key: string, correct: boolean): DraftQuestion {
  const only = question.kind !== "multiple";
  return {
    ...question,
    options: question.options.map((option) =>
      option.key === key ? { ...option, correct } : only && correct ? { ...option, correct: false } : option,
    ),
  };
}

export function canAddOption(question: DraftQuestion): boolean {
  return question.kind !== "true_false" && question.options.length < QUIZ_LIMITS.optionsMax;
}

export function canRemoveOption(question: DraftQuestion): boolean {
  return question.kind !== "true_false" && question.options.length > QUIZ_LIMITS.optionsMin;
}

/** `items` with the one at `from` moved to `to` (both within the list). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const copy = [...items];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

export function draftOf(check: EditorCheck | null): DraftCheck {
  return {
    passPercent: String(check?.passPercent ?? QUIZ_LIMITS.passPercentDefault),
    maxAttempts: check?.maxAttempts == null ? "" : String(check.maxAttempts),
    shuffle: check?.shuffle ?? false,
    revealAnswers: check?.revealAnswers ?? REVEAL_ANSWERS_DEFAULT,
    questions: (check?.questions ?? []).map((question) => ({
      key: newKey(),
      id: question.id,
      kind: question.kind,
      prompt: question.prompt,
      explanation: question.explanation ?? "",
      options: question.options.map((option) => ({ key: newKey(), ...option })),
    })),
  };
}

/** Numbers as typed: what is not a number goes through as NaN, and the schema says what is wrong. */
function typedNumber(value: string): number {
  return value.trim() === "" ? Number.NaN : Number(value);
}

export function saveInputOf(lessonId: number, draft: DraftCheck): SaveQuizInput {
  return {
    lessonId,
    passPercent: typedNumber(draft.passPercent),
    maxAttempts: draft.maxAttempts.trim() === "" ? null : typedNumber(draft.maxAttempts),
    shuffle: draft.shuffle,
    revealAnswers: draft.revealAnswers,
    questions: draft.questions.map(({ id, kind, prompt, explanation, options }) => ({
      ...(id ? { id } : {}),
      kind,
      prompt,
      explanation: explanation.trim() === "" ? null : explanation,
      options: options.map((option) => ({
        ...(option.id ? { id: option.id } : {}),
        text: option.text,
        correct: option.correct,
      })),
    })),
  };
}
