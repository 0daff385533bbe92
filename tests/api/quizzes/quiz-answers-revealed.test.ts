import { describe, expect, it } from "vitest";
import type { EditorQuizView, SubmitResultView } from "#server/modules/quizzes/quizzes.presenter.js";
import { QUIZ_MESSAGES as Q } from "#shared/schemas/quizzes.js";
import { staffedOrganization } from "../support/course-fixtures.js";
import { ok, refusal } from "../support/org-fixtures.js";
import { answersTo, courseWithCheck, saveCheck, submitOk, THREE_QUESTIONS } from "../support/quiz-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/**
 * A result shows the correct options only once the learner has passed or used their last attempt, or
 * never when the check says so (docs/decisions/0278-quiz-answers-revealed-late.md). Before, an empty
 * attempt answered every question's correct options and explanation, and the second attempt scored 100%.
 */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "reveal"));

const EXPLANATIONS = THREE_QUESTIONS.map((question) => question.explanation ?? null);

function correctOptionsOf(check: EditorQuizView): number[][] {
  return check.questions.map((question) => question.options.filter((o) => o.correct).map((o) => o.id));
}

function revealedIn(result: SubmitResultView) {
  return result.results.map(({ correctOptionIds, explanation }) => ({ correctOptionIds, explanation }));
}

describe("what a knowledge check's result reveals", () => {
  it("an empty attempt reveals no correct option and no explanation", async () => {
    const { lesson } = await courseWithCheck(staff.admin.api);
    const empty = await submitOk(staff.learner.api, lesson.id, []);
    expect(empty).toMatchObject({ scorePercent: 0, passed: false, attemptsLeft: null, answersRevealed: false });
    expect(revealedIn(empty)).toEqual(THREE_QUESTIONS.map(() => ({ correctOptionIds: [], explanation: null })));
    expect(empty.results.map((result) => result.correct)).toEqual([false, false, false]);
  });

  it("before a pass, explains only the questions answered wrongly, without their correct options", async () => {
    const { lesson, check } = await courseWithCheck(staff.admin.api);
    const failed = await submitOk(staff.learner.api, lesson.id, answersTo(check, [0, 2]));
    expect(failed).toMatchObject({ scorePercent: 33, passed: false, answersRevealed: false });
    expect(revealedIn(failed)).toEqual([
      { correctOptionIds: [], explanation: EXPLANATIONS[0] },
      { correctOptionIds: [], explanation: null },
      { correctOptionIds: [], explanation: EXPLANATIONS[2] },
    ]);
  });

  it("reveals everything once passed, and in every attempt after a pass", async () => {
    const { lesson, check } = await courseWithCheck(staff.admin.api);
    const whole = correctOptionsOf(check).map((ids, index) => ({
      correctOptionIds: ids,
      explanation: EXPLANATIONS[index],
    }));
    const passed = await submitOk(staff.learner.api, lesson.id, answersTo(check));
    expect(passed).toMatchObject({ passed: true, answersRevealed: true });
    expect(revealedIn(passed)).toEqual(whole);
    const afterwards = await submitOk(staff.learner.api, lesson.id, []);
    expect(afterwards).toMatchObject({ passed: false, answersRevealed: true });
    expect(revealedIn(afterwards)).toEqual(whole);
  });

  it("reveals everything with the last attempt, failed or not", async () => {
    const { lesson, check } = await courseWithCheck(staff.admin.api, { maxAttempts: 2 });
    const first = await submitOk(staff.learner.api, lesson.id, answersTo(check, [0, 1]));
    expect(first).toMatchObject({ attemptsLeft: 1, answersRevealed: false });
    expect(first.results.flatMap((result) => result.correctOptionIds)).toEqual([]);
    const last = await submitOk(staff.learner.api, lesson.id, answersTo(check, [0, 1]));
    expect(last).toMatchObject({ passed: false, attemptsLeft: 0, answersRevealed: true });
    expect(revealedIn(last)).toEqual(
      correctOptionsOf(check).map((ids, index) => ({ correctOptionIds: ids, explanation: EXPLANATIONS[index] })),
    );
  });

  it('with "never", reveals no correct option even after a pass or the last attempt', async () => {
    const { lesson, check } = await courseWithCheck(staff.admin.api, { maxAttempts: 2, revealAnswers: "never" });
    expect(check.revealAnswers).toBe("never");
    const failed = await submitOk(staff.learner.api, lesson.id, answersTo(check, [1]));
    expect(failed).toMatchObject({ answersRevealed: false, revealAnswers: "never" });
    expect(revealedIn(failed)).toEqual([
      { correctOptionIds: [], explanation: null },
      { correctOptionIds: [], explanation: EXPLANATIONS[1] },
      { correctOptionIds: [], explanation: null },
    ]);
    const passed = await submitOk(staff.learner.api, lesson.id, answersTo(check));
    expect(passed).toMatchObject({ passed: true, attemptsLeft: 0, answersRevealed: false });
    expect(passed.results.flatMap((result) => result.correctOptionIds)).toEqual([]);
  });

  it("is the check's setting: saved, kept when a save leaves it out, copied with the course, and checked", async () => {
    const { course, lesson, check } = await courseWithCheck(staff.admin.api);
    expect(check.revealAnswers).toBe("after_pass_or_last_attempt");
    const questions = check.questions.map(({ id, kind, prompt, explanation, options }) => ({
      id,
      kind,
      prompt,
      explanation,
      options,
    }));
    const never = ok<EditorQuizView>(
      await saveCheck(staff.teacher.api, { lessonId: lesson.id, questions, revealAnswers: "never" }),
    );
    expect(never.revealAnswers).toBe("never");
    const kept = ok<EditorQuizView>(await saveCheck(staff.teacher.api, { lessonId: lesson.id, questions }));
    expect(kept.revealAnswers).toBe("never");
    expect(
      ok<EditorQuizView>(await staff.teacher.api.get("/_api/quizzes/get", { lessonId: String(lesson.id) })),
    ).toEqual(kept);
    const copy = ok<{ id: number }>(await staff.admin.api.post("/_api/courses/duplicate", { id: course.id }));
    const structure = ok<{ lessons: { id: number; title: string }[] }[]>(
      await staff.admin.api.get("/_api/courses/structure", { courseId: String(copy.id) }),
    );
    const copiedLesson = structure.flatMap((module) => module.lessons).find((each) => each.title === lesson.title);
    const copied = ok<EditorQuizView>(
      await staff.admin.api.get("/_api/quizzes/get", { lessonId: String(copiedLesson?.id ?? 0) }),
    );
    expect(copied.revealAnswers).toBe("never");
    const invalid = await saveCheck(staff.teacher.api, {
      lessonId: lesson.id,
      questions,
      revealAnswers: "always" as "never",
    });
    expect(refusal(invalid)).toEqual({ status: 400, error: Q.revealAnswersInvalid });
  });
});
