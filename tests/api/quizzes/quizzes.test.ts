import { describe, expect, it } from "vitest";
import type { EditorQuizView, QuizStatsView } from "#server/modules/quizzes/quizzes.presenter.js";
import { COURSE_MESSAGES } from "#shared/schemas/courses.js";
import { QUIZ_MESSAGES as Q, questionMessage } from "#shared/schemas/quizzes.js";
import type { ApiClient } from "../support/client.js";
import { staffedOrganization, structureOf } from "../support/course-fixtures.js";
import { ok, refusal } from "../support/org-fixtures.js";
import {
  answersTo,
  courseWithCheck,
  learnerCheck,
  saveCheck,
  submit,
  submitOk,
  THREE_QUESTIONS,
} from "../support/quiz-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/** Knowledge checks (docs/SPEC.md §7): building them, grading, the pass mark, attempts and completion. */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "quizzes"));

const completions = async (api: ApiClient) =>
  ok<{ lessonIds: number[] }>(await api.get("/_api/users/completions")).lessonIds;

describe("quizzes/save", () => {
  const option = (text: string, correct = false) => ({ text, correct });
  const cases: [string, (typeof THREE_QUESTIONS)[number], string][] = [
    ["no correct option", { kind: "single", prompt: "Pick one", options: [option("A"), option("B")] }, Q.noCorrect],
    [
      "a single-choice question with two",
      { kind: "single", prompt: "Pick one", options: [option("A", true), option("B", true)] },
      Q.oneCorrect,
    ],
    [
      "a true/false question with two",
      { kind: "true_false", prompt: "Yes?", options: [option("True", true), option("False", true)] },
      Q.oneCorrect,
    ],
    [
      "a true/false question with three options",
      { kind: "true_false", prompt: "Yes?", options: [option("True", true), option("False"), option("Maybe")] },
      Q.trueFalseOptions,
    ],
    ["one option", { kind: "multiple", prompt: "Pick", options: [option("A", true)] }, Q.optionCount],
    [
      "eleven options",
      { kind: "multiple", prompt: "Pick", options: Array.from({ length: 11 }, (_, at) => option(`O${at}`, at === 0)) },
      Q.optionCount,
    ],
  ];
  for (const [name, question, problem] of cases) {
    it(`refuses ${name}, naming the question`, async () => {
      const { lesson } = await courseWithCheck(staff.admin.api);
      const response = await saveCheck(staff.teacher.api, {
        lessonId: lesson.id,
        questions: [THREE_QUESTIONS[0] as (typeof THREE_QUESTIONS)[number], question],
      });
      expect(refusal(response)).toEqual({ status: 400, error: questionMessage(1, problem) });
    });
  }

  it("refuses an empty option and an empty question text", async () => {
    const { lesson } = await courseWithCheck(staff.admin.api);
    const emptyOption = { kind: "single" as const, prompt: "Pick", options: [option("A", true), option("  ")] };
    expect(refusal(await saveCheck(staff.teacher.api, { lessonId: lesson.id, questions: [emptyOption] }))).toEqual({
      status: 400,
      error: Q.optionEmpty,
    });
    const noPrompt = { kind: "single" as const, prompt: " ", options: [option("A", true), option("B")] };
    expect(refusal(await saveCheck(staff.teacher.api, { lessonId: lesson.id, questions: [noPrompt] }))).toEqual({
      status: 400,
      error: Q.promptRequired,
    });
    expect(refusal(await saveCheck(staff.teacher.api, { lessonId: lesson.id, passPercent: 0, questions: [] }))).toEqual(
      { status: 400, error: Q.passPercentInvalid },
    );
  });

  it("keeps the ids of questions and options it edits, deletes those left out, and refuses a foreign id", async () => {
    const { lesson, check } = await courseWithCheck(staff.admin.api, { passPercent: 70, maxAttempts: 3 });
    expect(check).toMatchObject({ lessonId: lesson.id, passPercent: 70, maxAttempts: 3, shuffle: false });
    const [first, second] = check.questions as [
      EditorQuizView["questions"][number],
      EditorQuizView["questions"][number],
    ];
    const edited = ok<EditorQuizView>(
      await saveCheck(staff.teacher.api, {
        lessonId: lesson.id,
        questions: [
          { ...second, prompt: "Reworded", options: second.options.slice(0, 2) },
          { ...first, options: [...first.options, { text: "New", correct: false }] },
        ],
      }),
    );
    expect(edited.questions.map((question) => question.id)).toEqual([second.id, first.id]);
    expect(edited.questions[0]?.prompt).toBe("Reworded");
    expect(edited.questions[0]?.options.map((each) => each.id)).toEqual(second.options.slice(0, 2).map((o) => o.id));
    expect(edited.questions[1]?.options.slice(0, 3).map((each) => each.id)).toEqual(first.options.map((o) => o.id));
    expect(ok(await staff.teacher.api.get("/_api/quizzes/get", { lessonId: String(lesson.id) }))).toEqual(edited);

    const other = await courseWithCheck(staff.admin.api);
    const foreign = { ...first, id: other.check.questions[0]?.id };
    expect(refusal(await saveCheck(staff.teacher.api, { lessonId: lesson.id, questions: [foreign] }))).toEqual({
      status: 409,
      error: Q.savedCheckChanged,
    });
  });
});

describe("quizzes/submit", () => {
  it("grades each kind: only exactly the correct options count", async () => {
    const { lesson, check } = await courseWithCheck(staff.admin.api);
    const [single, multiple, trueFalse] = check.questions as EditorQuizView["questions"];
    const all = await submitOk(staff.learner.api, lesson.id, answersTo(check));
    expect(all).toEqual({
      scorePercent: 100,
      passed: true,
      attemptsLeft: null,
      // Passed: the correct options and every explanation are shown (decision 0278).
      answersRevealed: true,
      revealAnswers: "after_pass_or_last_attempt",
      results: check.questions.map((question, index) => ({
        questionId: question.id,
        correct: true,
        correctOptionIds: question.options.filter((option) => option.correct).map((option) => option.id),
        explanation: THREE_QUESTIONS[index]?.explanation,
      })),
    });
    for (const [index, question] of [single, multiple, trueFalse].entries()) {
      const result = await submitOk(staff.learner.api, lesson.id, answersTo(check, [index]));
      expect(result.scorePercent, question?.prompt).toBe(66);
      expect(result.results.map((each) => each.correct)).toEqual([0, 1, 2].map((at) => at !== index));
    }
    // Multiple choice: one of two correct options, or both plus a wrong one, is wrong; unanswered is wrong.
    const [brakes, horn, radio] = multiple?.options.map((option) => option.id) ?? [];
    for (const optionIds of [[brakes], [brakes, horn, radio], []]) {
      const answers = answersTo(check).map((answer) =>
        answer.questionId === multiple?.id ? { ...answer, optionIds: optionIds as number[] } : answer,
      );
      const result = await submitOk(staff.learner.api, lesson.id, answers);
      expect(result.results[1]?.correct).toBe(false);
    }
    const onlyFirst = await submitOk(staff.learner.api, lesson.id, answersTo(check).slice(0, 1));
    expect([onlyFirst.scorePercent, onlyFirst.passed]).toEqual([33, false]);
  });

  it("passes exactly at the pass mark: 2 of 3 is 66%, which passes 66 and fails 67", async () => {
    for (const [passPercent, passed] of [
      [66, true],
      [67, false],
    ] as const) {
      const { lesson, check } = await courseWithCheck(staff.admin.api, { passPercent });
      const result = await submitOk(staff.learner.api, lesson.id, answersTo(check, [2]));
      expect([passPercent, result.scorePercent, result.passed]).toEqual([passPercent, 66, passed]);
    }
  });

  it("counts attempts down and refuses one after the last", async () => {
    const { lesson, check } = await courseWithCheck(staff.admin.api, { maxAttempts: 2 });
    expect((await learnerCheck(staff.learner.api, lesson.id))?.attemptsLeft).toBe(2);
    expect((await submitOk(staff.learner.api, lesson.id, answersTo(check, [0, 1]))).attemptsLeft).toBe(1);
    expect((await submitOk(staff.learner.api, lesson.id, answersTo(check, [0]))).attemptsLeft).toBe(0);
    expect(refusal(await submit(staff.learner.api, lesson.id, answersTo(check)))).toEqual({
      status: 403,
      error: Q.noAttemptsLeft,
    });
    expect(await learnerCheck(staff.learner.api, lesson.id)).toMatchObject({
      attempts: 2,
      attemptsLeft: 0,
      bestScorePercent: 66,
      passed: false,
    });
    expect(await completions(staff.learner.api)).not.toContain(lesson.id);
    // Another member's attempts are their own.
    expect((await submitOk(staff.user.api, lesson.id, answersTo(check))).attemptsLeft).toBe(1);
  });

  it("refuses answers to questions of another check, or options of another question", async () => {
    const { lesson, check } = await courseWithCheck(staff.admin.api);
    const other = await courseWithCheck(staff.admin.api);
    const stale = [{ questionId: other.check.questions[0]?.id ?? 0, optionIds: [] }];
    expect(refusal(await submit(staff.learner.api, lesson.id, stale))).toEqual({ status: 409, error: Q.checkChanged });
    const crossed = [{ questionId: check.questions[0]?.id ?? 0, optionIds: [check.questions[1]?.options[0]?.id ?? 0] }];
    expect(refusal(await submit(staff.learner.api, lesson.id, crossed))).toEqual({
      status: 409,
      error: Q.checkChanged,
    });
    expect((await learnerCheck(staff.learner.api, lesson.id))?.attempts).toBe(0);
  });
});

describe("completion", () => {
  it("comes only from passing: Mark as Complete is refused, a failed attempt records none", async () => {
    const { course, lesson, reading, check } = await courseWithCheck(staff.admin.api);
    expect(refusal(await staff.learner.api.post("/_api/lessons/complete", { lessonId: lesson.id }))).toEqual({
      status: 403,
      error: Q.completeByPassing,
    });
    ok(await staff.learner.api.post("/_api/lessons/complete", { lessonId: reading.id }));
    expect((await submitOk(staff.learner.api, lesson.id, answersTo(check, [0, 1]))).passed).toBe(false);
    expect(await completions(staff.learner.api)).not.toContain(lesson.id);
    expect((await submitOk(staff.learner.api, lesson.id, answersTo(check))).passed).toBe(true);
    expect(await completions(staff.learner.api)).toContain(lesson.id);
    const lessons = (await structureOf(staff.learner.api, course.id)).flatMap((module) => module.lessons);
    expect(lessons.map((each) => [each.title, each.isCompleted])).toEqual([
      ["Reading", true],
      ["Forklift quiz", true],
    ]);
    // A failed retry after passing takes nothing away.
    await submitOk(staff.learner.api, lesson.id, answersTo(check, [0, 1, 2]));
    expect(await completions(staff.learner.api)).toContain(lesson.id);
  });

  it("stays when the check is edited, or removed, after the member passed", async () => {
    const { lesson, check } = await courseWithCheck(staff.admin.api);
    await submitOk(staff.learner.api, lesson.id, answersTo(check));
    const flipped = check.questions.map((question) => ({
      ...question,
      options: question.options.map((option) => ({ ...option, correct: !option.correct })),
    }));
    ok(await saveCheck(staff.teacher.api, { lessonId: lesson.id, questions: flipped.slice(1) }));
    expect(await completions(staff.learner.api)).toContain(lesson.id);
    expect(ok(await saveCheck(staff.teacher.api, { lessonId: lesson.id, questions: [] }))).toBeNull();
    expect(await completions(staff.learner.api)).toContain(lesson.id);
    expect(await learnerCheck(staff.learner.api, lesson.id)).toBeNull();
    // Without its check the lesson is completed with Mark as Complete again.
    ok(await staff.user.api.post("/_api/lessons/complete", { lessonId: lesson.id }));
  });

  it("is refused for a lesson the member cannot see (a draft course): not found", async () => {
    const { lesson, check } = await courseWithCheck(staff.admin.api, {}, "draft");
    expect(refusal(await submit(staff.learner.api, lesson.id, answersTo(check)))).toEqual({
      status: 404,
      error: COURSE_MESSAGES.courseNotFound,
    });
    expect(refusal(await submit(staff.learner.api, check.questions[0]?.id ?? 0, []))).toMatchObject({ status: 404 });
  });
});

describe("quizzes/stats", () => {
  it("counts, per question, how often it was answered wrongly", async () => {
    const { lesson, check } = await courseWithCheck(staff.admin.api);
    await submitOk(staff.learner.api, lesson.id, answersTo(check, [0, 2]));
    await submitOk(staff.learner.api, lesson.id, answersTo(check, [0]));
    await submitOk(staff.user.api, lesson.id, answersTo(check));
    const stats = ok<QuizStatsView>(
      await staff.teacher.api.get("/_api/quizzes/stats", { lessonId: String(lesson.id) }),
    );
    expect(stats).toEqual({
      lessonId: lesson.id,
      attempts: 3,
      members: 2,
      questions: check.questions.map((question, index) => ({
        questionId: question.id,
        prompt: question.prompt,
        answered: 3,
        wrong: [2, 0, 1][index],
        wrongPercent: [67, 0, 33][index],
      })),
    });
  });
});
