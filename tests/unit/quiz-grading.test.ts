import { describe, expect, it } from "vitest";
import {
  answersRevealed,
  attemptsLeftOf,
  disclosedResult,
  type GradedQuestion,
  gradeAttempt,
  shuffled,
} from "#server/modules/quizzes/quiz-grading.rules.js";

/** Grading a knowledge check (docs/SPEC.md §7), without a server. */

const single: GradedQuestion = {
  id: 1,
  explanation: "Low is safe.",
  options: [
    { id: 11, correct: true },
    { id: 12, correct: false },
  ],
};
const multiple: GradedQuestion = {
  id: 2,
  explanation: null,
  options: [
    { id: 21, correct: true },
    { id: 22, correct: true },
    { id: 23, correct: false },
  ],
};
const trueFalse: GradedQuestion = {
  id: 3,
  explanation: "Never.",
  options: [
    { id: 31, correct: false },
    { id: 32, correct: true },
  ],
};
const questions = [single, multiple, trueFalse];

describe("gradeAttempt", () => {
  it("all right: 100%, with every question's correct options and explanation", () => {
    const grade = gradeAttempt(
      questions,
      [
        { questionId: 1, optionIds: [11] },
        { questionId: 2, optionIds: [22, 21] },
        { questionId: 3, optionIds: [32] },
      ],
      80,
    );
    expect(grade.scorePercent).toBe(100);
    expect(grade.passed).toBe(true);
    expect(grade.results).toEqual([
      { questionId: 1, correct: true, correctOptionIds: [11], explanation: "Low is safe.", optionIds: [11] },
      { questionId: 2, correct: true, correctOptionIds: [21, 22], explanation: null, optionIds: [22, 21] },
      { questionId: 3, correct: true, correctOptionIds: [32], explanation: "Never.", optionIds: [32] },
    ]);
  });

  it("multiple choice is right only with every correct option and no other", () => {
    const of = (optionIds: number[]) =>
      gradeAttempt([multiple], [{ questionId: 2, optionIds }], 50).results[0]?.correct;
    expect([of([21, 22]), of([21]), of([21, 22, 23]), of([]), of([21, 21, 22])]).toEqual([
      true,
      false,
      false,
      false,
      true,
    ]);
  });

  it("single choice and true/false: the one correct option; another, or two, is wrong", () => {
    const of = (question: GradedQuestion, optionIds: number[]) =>
      gradeAttempt([question], [{ questionId: question.id, optionIds }], 50).results[0]?.correct;
    expect([of(single, [11]), of(single, [12]), of(single, [11, 12])]).toEqual([true, false, false]);
    expect([of(trueFalse, [32]), of(trueFalse, [31])]).toEqual([true, false]);
  });

  it("an unanswered question is wrong", () => {
    const grade = gradeAttempt(questions, [{ questionId: 1, optionIds: [11] }], 30);
    expect(grade.results.map((result) => result.correct)).toEqual([true, false, false]);
    expect([grade.scorePercent, grade.passed]).toEqual([33, true]);
  });

  it("rounds down, so the pass mark is met exactly: 2 of 3 is 66%, passing 66 and failing 67", () => {
    const answers = [
      { questionId: 1, optionIds: [11] },
      { questionId: 2, optionIds: [21, 22] },
    ];
    expect(gradeAttempt(questions, answers, 66)).toMatchObject({ scorePercent: 66, passed: true });
    expect(gradeAttempt(questions, answers, 67)).toMatchObject({ scorePercent: 66, passed: false });
    expect(gradeAttempt(questions, [...answers, { questionId: 3, optionIds: [32] }], 100).passed).toBe(true);
  });

  it("a check without questions never passes", () => {
    expect(gradeAttempt([], [], 1)).toEqual({ scorePercent: 0, passed: false, results: [] });
  });
});

describe("attemptsLeftOf and shuffled", () => {
  it("counts down to zero, and null stays unlimited", () => {
    expect([attemptsLeftOf(3, 0), attemptsLeftOf(3, 2), attemptsLeftOf(3, 5), attemptsLeftOf(null, 9)]).toEqual([
      3,
      1,
      0,
      null,
    ]);
  });

  it("keeps every item and leaves the input alone", () => {
    const items = [1, 2, 3, 4, 5];
    const reversed = shuffled(items, () => 0.999);
    expect([...reversed].sort()).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5]);
    expect(shuffled(items, () => 0)).toEqual([2, 3, 4, 5, 1]);
  });
});

describe("what a result discloses (decision 0278)", () => {
  it("reveals the answers after a pass or the last attempt, and never with 'never'", () => {
    const later = "after_pass_or_last_attempt";
    expect(answersRevealed(later, { passed: false, attemptsLeft: null })).toBe(false);
    expect(answersRevealed(later, { passed: false, attemptsLeft: 2 })).toBe(false);
    expect(answersRevealed(later, { passed: true, attemptsLeft: null })).toBe(true);
    expect(answersRevealed(later, { passed: false, attemptsLeft: 0 })).toBe(true);
    expect(answersRevealed("never", { passed: true, attemptsLeft: 0 })).toBe(false);
  });

  it("until then, keeps the correct options back and explains only a question answered wrongly", () => {
    const result = { questionId: 1, correctOptionIds: [11], explanation: "Why.", optionIds: [12] };
    expect(disclosedResult({ ...result, correct: false }, true)).toEqual({
      questionId: 1,
      correct: false,
      correctOptionIds: [11],
      explanation: "Why.",
    });
    expect(disclosedResult({ ...result, correct: false }, false)).toEqual({
      questionId: 1,
      correct: false,
      correctOptionIds: [],
      explanation: "Why.",
    });
    expect(disclosedResult({ ...result, correct: false, optionIds: [] }, false).explanation).toBeNull();
    expect(disclosedResult({ ...result, correct: true, optionIds: [11] }, false)).toEqual({
      questionId: 1,
      correct: true,
      correctOptionIds: [],
      explanation: null,
    });
  });
});
