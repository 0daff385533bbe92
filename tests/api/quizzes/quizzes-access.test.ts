import { describe, expect, it } from "vitest";
import type { CourseReport, MemberReportCourse } from "#server/modules/reports/reports.presenter.js";
import { COURSE_MESSAGES } from "#shared/schemas/courses.js";
import type { ApiResponse } from "../support/client.js";
import { staffedOrganization } from "../support/course-fixtures.js";
import { ok, orgWithMembers, refusal, rowsOfOrganization } from "../support/org-fixtures.js";
import {
  answersTo,
  courseWithCheck,
  lessonPage,
  saveCheck,
  submit,
  submitOk,
  THREE_QUESTIONS,
} from "../support/quiz-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/** Knowledge checks (decision 0110): answers stay secret, who may do what, isolation, and the reports. */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "quiz-access"));

/** A learner's response leaks the answers when its text names correctness or an explanation anywhere. */
function expectNoAnswers(response: ApiResponse, what: string): void {
  expect(response.text, what).not.toMatch(/correct|explanation/i);
  for (const question of THREE_QUESTIONS) expect(response.text, what).not.toContain(question.explanation);
}

describe("the answers stay secret until an attempt is submitted", () => {
  it("lessons/get, courses/structure and refused submissions carry no correctness, for every role", async () => {
    const { course, lesson, check } = await courseWithCheck(staff.admin.api, { shuffle: true, maxAttempts: 1 });
    for (const member of [staff.admin, staff.manager, staff.teacher, staff.learner, staff.user]) {
      const page = await lessonPage(member.api, lesson.id);
      expect(page.status).toBe(200);
      expectNoAnswers(page, `lessons/get as ${member.role}`);
      const structure = await member.api.get("/_api/courses/structure", { courseId: String(course.id) });
      expectNoAnswers(structure, `courses/structure as ${member.role}`);
    }
    const stale = await submit(staff.learner.api, lesson.id, [{ questionId: 2_000_000, optionIds: [] }]);
    expect(stale.status).toBe(409);
    expectNoAnswers(stale, "a stale submission");
    const invalid = await submit(staff.learner.api, lesson.id, [{ questionId: -1, optionIds: [] }]);
    expect(invalid.status).toBe(400);
    expectNoAnswers(invalid, "an invalid submission");
    // The only answer that carries them is the result of an attempt.
    const result = await submit(staff.learner.api, lesson.id, answersTo(check, [0]));
    expect(result.text).toContain("correctOptionIds");
    const spent = await submit(staff.learner.api, lesson.id, answersTo(check));
    expect(spent.status).toBe(403);
    expectNoAnswers(spent, "a submission after the last attempt");
  });

  it("with shuffle on, shows the same questions and options, each with its id and text only", async () => {
    const { lesson, check } = await courseWithCheck(staff.admin.api, { shuffle: true });
    const page = ok<{ quiz: { questions: { id: number; options: object[] }[] } }>(
      await lessonPage(staff.learner.api, lesson.id),
    );
    const shown = [...page.quiz.questions].sort((a, b) => a.id - b.id);
    expect(shown.map((question) => question.id)).toEqual(check.questions.map((question) => question.id).sort());
    for (const question of shown) {
      const stored = check.questions.find((each) => each.id === question.id);
      expect(question.options.map((option) => Object.keys(option).sort())).toEqual(
        stored?.options.map(() => ["id", "text"]),
      );
    }
  });
});

describe("who may do what", () => {
  it("building and statistics are for content creators; taking a check is for every member", async () => {
    const { lesson, check } = await courseWithCheck(staff.admin.api);
    const query = { lessonId: String(lesson.id) };
    for (const member of [staff.learner, staff.user]) {
      const refused = { status: 403, error: "You don't have permission to do that." };
      expect(refusal(await member.api.get("/_api/quizzes/get", query)), member.role).toEqual(refused);
      expect(refusal(await member.api.get("/_api/quizzes/stats", query)), member.role).toEqual(refused);
      expect(refusal(await saveCheck(member.api, { lessonId: lesson.id, questions: [] })), member.role).toEqual(
        refused,
      );
      expect((await submitOk(member.api, lesson.id, answersTo(check))).passed).toBe(true);
    }
    for (const member of [staff.manager, staff.teacher]) {
      ok(await member.api.get("/_api/quizzes/get", query));
      ok(await member.api.get("/_api/quizzes/stats", query));
      ok(await saveCheck(member.api, { lessonId: lesson.id, questions: THREE_QUESTIONS.slice(0, 2) }));
    }
    expect(refusal(await app.newAgent().get("/_api/quizzes/get", query)).status).toBe(401);
  });

  it("another organization's member gets 'not found' from every endpoint, and nothing changes", async () => {
    const { org } = staff;
    const { lesson, check } = await courseWithCheck(staff.admin.api);
    await submitOk(staff.learner.api, lesson.id, answersTo(check, [1]));
    const before = await rowsOfOrganization(app, org.id);
    const editorView = ok(await staff.admin.api.get("/_api/quizzes/get", { lessonId: String(lesson.id) }));

    const stranger = (await orgWithMembers(app, { label: "quiz-stranger" })).admin.api;
    const notFound = { status: 404, error: COURSE_MESSAGES.lessonNotFound };
    const query = { lessonId: String(lesson.id) };
    expect(refusal(await stranger.get("/_api/quizzes/get", query))).toEqual(notFound);
    expect(refusal(await stranger.get("/_api/quizzes/stats", query))).toEqual(notFound);
    expect(refusal(await lessonPage(stranger, lesson.id))).toEqual(notFound);
    expect(refusal(await saveCheck(stranger, { lessonId: lesson.id, questions: [] }))).toEqual(notFound);
    expect(refusal(await saveCheck(stranger, { lessonId: lesson.id, questions: THREE_QUESTIONS }))).toEqual(notFound);
    expect(refusal(await submit(stranger, lesson.id, answersTo(check)))).toEqual(notFound);

    expect(await rowsOfOrganization(app, org.id)).toEqual(before);
    expect(ok(await staff.admin.api.get("/_api/quizzes/get", { lessonId: String(lesson.id) }))).toEqual(editorView);
  });
});

describe("reports", () => {
  it("show each member's best score and attempts in the course and member reports and their CSV", async () => {
    const { course, lesson, check } = await courseWithCheck(staff.admin.api, {}, "published");
    await submitOk(staff.learner.api, lesson.id, answersTo(check, [0, 1]));
    await submitOk(staff.learner.api, lesson.id, answersTo(check, [0]));
    const query = { courseId: String(course.id) };
    const report = ok<CourseReport>(await staff.manager.api.get("/_api/reports/course", query));
    expect(report.course.checks).toEqual([{ lessonId: lesson.id, title: "Forklift quiz" }]);
    const learner = report.members.find((member) => member.userId === staff.learner.id);
    expect(learner?.checks).toEqual([
      { lessonId: lesson.id, title: "Forklift quiz", attempts: 2, bestScorePercent: 66, passed: false },
    ]);
    const teacher = report.members.find((member) => member.userId === staff.teacher.id);
    expect(teacher?.checks).toEqual([
      { lessonId: lesson.id, title: "Forklift quiz", attempts: 0, bestScorePercent: null, passed: false },
    ]);
    const csv = (await staff.manager.api.get("/_api/reports/course", { ...query, format: "csv" })).text
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(csv[0]).toMatch(/,Forklift quiz: best score,Forklift quiz: attempts$/);
    expect(csv.find((line) => line.includes(staff.learner.email))).toMatch(/,66,2$/);

    const member = ok<{ courses: MemberReportCourse[] }>(
      await staff.admin.api.get("/_api/reports/member", { userId: String(staff.learner.id) }),
    );
    expect(member.courses.find((each) => each.courseId === course.id)?.checks).toEqual(learner?.checks);
    const memberCsv = (
      await staff.admin.api.get("/_api/reports/member", { userId: String(staff.learner.id), format: "csv" })
    ).text
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(memberCsv[0]).toMatch(/,Best check score,Check attempts,Certificate,Certificate expires$/);
    // Earlier tests of this file left other "Forklift licence" courses: this one is the one tried twice.
    expect(memberCsv.filter((line) => /^Forklift licence,.*,66%,2,,$/.test(line))).toHaveLength(1);
  });
});
