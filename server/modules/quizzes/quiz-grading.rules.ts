/**
 * Grading a knowledge check (docs/SPEC.md §7): pure, so every rule of it is tested without a server.
 * A question counts as right only when exactly its correct options were chosen (for multiple choice: all
 * of them and nothing else). The score is the share of right questions in whole percent, rounded down,
 * so that a score shown as the pass mark always passes and one below it never does.
 */

interface GradedOption {
  id: number;
  correct: boolean;
}

export interface GradedQuestion {
  id: number;
  explanation: string | null;
  options: readonly GradedOption[];
}

export interface Answer {
  questionId: number;
  optionIds: readonly number[];
}

export interface QuestionResult {
  questionId: number;
  correct: boolean;
  correctOptionIds: number[];
  explanation: string | null;
  /** What was chosen, as stored with the attempt. */
  optionIds: number[];
}

export interface Grade {
  scorePercent: number;
  passed: boolean;
  results: QuestionResult[];
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  const left = new Set(a);
  return left.size === new Set(b).size && b.every((id) => left.has(id));
}

/** Unanswered questions are wrong. Answers must name only the check's questions (checked by the caller). */
export function gradeAttempt(
  questions: readonly GradedQuestion[],
  answers: readonly Answer[],
  passPercent: number,
): Grade {
  const chosen = new Map(answers.map((answer) => [answer.questionId, answer.optionIds]));
  const results = questions.map((question) => {
    const optionIds = [...new Set(chosen.get(question.id) ?? [])];
    const correctOptionIds = question.options.filter((option) => option.correct).map((option) => option.id);
    return {
      questionId: question.id,
      correct: correctOptionIds.length > 0 && sameSet(optionIds, correctOptionIds),
      correctOptionIds,
      explanation: question.explanation,
      optionIds,
    };
  });
  const right = results.filter((result) => result.correct).length;
  const scorePercent = questions.length === 0 ? 0 : Math.floor((right * 100) / questions.length);
  return { scorePercent, passed: questions.length > 0 && scorePercent >= passPercent, results };
}

/**
 * Whether a learner's result shows the correct options (docs/decisions/0278-quiz-answers-revealed-late.md):
 * with "after_pass_or_last_attempt", once they have passed (this attempt or an earlier one) or have no
 * attempt left; with "never", never. Until then the score and each question's right or wrong are all a
 * second attempt could learn from.
 */
export function answersRevealed(
  reveal: "after_pass_or_last_attempt" | "never",
  progress: { passed: boolean; attemptsLeft: number | null },
): boolean {
  return reveal === "after_pass_or_last_attempt" && (progress.passed || progress.attemptsLeft === 0);
}

/**
 * A graded question as the learner gets it: whole once the answers are revealed; else without the
 * correct options, and with the explanation only of a question they answered, and wrongly (it explains
 * their own choice; an unanswered question, as in an empty attempt, gets none).
 */
export function disclosedResult(result: QuestionResult, revealed: boolean): Omit<QuestionResult, "optionIds"> {
  const { optionIds, ...shown } = result;
  if (revealed) return shown;
  const explainsOwnMistake = !result.correct && optionIds.length > 0;
  return { ...shown, correctOptionIds: [], explanation: explainsOwnMistake ? result.explanation : null };
}

/** Attempts left after `used` of them; null when the check allows any number. */
export function attemptsLeftOf(maxAttempts: number | null, used: number): number | null {
  return maxAttempts === null ? null : Math.max(0, maxAttempts - used);
}

/** A new order of `items` (Fisher–Yates); `random` is injectable so tests can fix it. */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let at = copy.length - 1; at > 0; at -= 1) {
    const other = Math.floor(random() * (at + 1));
    [copy[at], copy[other]] = [copy[other] as T, copy[at] as T];
  }
  return copy;
}
