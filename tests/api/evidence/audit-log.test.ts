import { describe, expect, it } from "vitest";
import type { LessonView } from "#server/modules/courses/lessons.presenter.js";
import { createCourse, createLesson, createModule, staffedOrganization } from "../support/course-fixtures.js";
import { ok, refusal, rowsOfOrganization } from "../support/org-fixtures.js";
import { answersTo, courseWithCheck, submitOk } from "../support/quiz-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";
import { auditPage, chainState, expectIntact, kindsOf, sequenced } from "./support.js";

/**
 * The evidence log (docs/decisions/0300-evidence-log.md): each training event appended in its own
 * transaction, chained by the sequencer, listed and verified through audit/list and audit/verify, admins
 * only, one organization's log never another's. Tampering is in tampering.test.ts.
 */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "evidence"));
const other = suiteFixture(() => staffedOrganization(app, "evidence-other"));

async function signoffLesson(title: string) {
  const api = staff.admin.api;
  const course = await createCourse(api, { title, status: "published" });
  const module = await createModule(api, course.id, "Procedures");
  const created = await createLesson(api, module.id, { title: "Lockout", content: "<p>Lock it out.</p>" });
  const lesson = ok<LessonView>(await api.post("/_api/lessons/update", { id: created.id, requiresSignoff: true }));
  return { course, lesson };
}

describe("the evidence log", () => {
  it("records each training event in order, chained gap-free, and verifies intact", async () => {
    const { admin, learner, manager } = staff;
    const course = await createCourse(admin.api, { title: "Ladders", status: "draft" });
    const module = await createModule(admin.api, course.id, "Basics");
    const lesson = await createLesson(admin.api, module.id, { title: "Three points" });
    ok(await admin.api.post("/_api/courses/update", { id: course.id, version: course.version, status: "published" }));
    ok(await admin.api.post("/_api/assignments/create", { courseId: course.id, userIds: [learner.id] }));
    ok(await learner.api.post("/_api/lessons/complete", { lessonId: lesson.id }));
    // Completing again records nothing: the first completion stays.
    ok(await learner.api.post("/_api/lessons/complete", { lessonId: lesson.id }));
    ok(await admin.api.post("/_api/assignments/delete", { courseId: course.id, userId: learner.id }));
    ok(await admin.api.post("/_api/team/update-role", { userId: manager.id, newRole: "teacher" }));
    ok(await admin.api.post("/_api/team/update-role", { userId: manager.id, newRole: "manager" }));

    const before = await chainState(admin.api);
    expect(before.pending).toBeGreaterThan(0);
    await sequenced(app);
    const kinds = await kindsOf(admin.api);
    // The organization's creation and the four members joining come first.
    expect(kinds.slice(0, 5)).toEqual(Array(5).fill("member.joined"));
    expect(kinds.slice(5)).toEqual([
      "course.published",
      "assignment.made",
      "lesson.completed",
      // Its one lesson was the course's last to complete.
      "course.completed",
      "assignment.removed",
      "member.accessChanged",
      "member.accessChanged",
    ]);
    const state = await expectIntact(admin.api);
    expect(state.entries).toBe(kinds.length);

    const [newest] = (await auditPage(admin.api)).entries;
    expect(newest).toMatchObject({
      seq: kinds.length,
      kind: "member.accessChanged",
      actor: { id: admin.id, name: admin.name },
      subject: { id: manager.id, name: manager.name },
      facts: { from: "teacher", to: "manager" },
    });
    const completed = (await auditPage(admin.api, { kind: "lesson.completed" })).entries;
    expect(completed).toEqual([
      expect.objectContaining({
        kind: "lesson.completed",
        subject: { id: learner.id, name: learner.name },
        course: { id: course.id, title: "Ladders" },
        lessonId: lesson.id,
        facts: { lessonTitle: "Three points", version: 1 },
      }),
    ]);
  });

  it("records checks passed and failed with their scores, and signatures with version, hash and name", async () => {
    const { admin, learner } = staff;
    const { course, lesson, check } = await courseWithCheck(admin.api, { passPercent: 100 });
    await submitOk(learner.api, lesson.id, answersTo(check, [0]));
    await submitOk(learner.api, lesson.id, answersTo(check));
    const signoff = await signoffLesson("Plant safety");
    ok(
      await learner.api.post("/_api/lessons/sign", {
        lessonId: signoff.lesson.id,
        version: signoff.lesson.version,
        fullName: learner.name,
        agreed: true,
      }),
    );
    await sequenced(app);

    const checks = (await auditPage(admin.api, { courseId: String(course.id) })).entries;
    expect(checks.map((entry) => [entry.kind, entry.facts.scorePercent ?? null])).toEqual([
      ["lesson.completed", null],
      ["check.passed", 100],
      ["check.failed", 66],
      ["course.published", null],
    ]);
    const signed = (await auditPage(admin.api, { courseId: String(signoff.course.id), kind: "lesson.signed" })).entries;
    expect(signed).toEqual([
      expect.objectContaining({
        subject: { id: learner.id, name: learner.name },
        facts: expect.objectContaining({ version: signoff.lesson.version, signedName: learner.name }),
      }),
    ]);
    expect(signed[0]?.facts.contentHash).toMatch(/^[0-9a-f]{64}$/);
    await expectIntact(admin.api);
  });

  it("filters by person and by dates, and pages newest first", async () => {
    const { admin, learner } = staff;
    const mine = await auditPage(admin.api, { userId: String(learner.id) });
    expect(mine.entries.length).toBeGreaterThan(0);
    expect(mine.entries.every((entry) => entry.subject?.id === learner.id || entry.actor?.id === learner.id)).toBe(
      true,
    );
    const today = new Date().toISOString().slice(0, 10);
    expect((await auditPage(admin.api, { from: today, to: today })).entries.length).toBeGreaterThan(0);
    expect((await auditPage(admin.api, { to: "2000-01-01" })).entries).toEqual([]);
    const seqs = (await auditPage(admin.api)).entries.map((entry) => entry.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect(refusal(await admin.api.get("/_api/audit/list", { from: "2026-02-30x" })).status).toBe(400);
    expect(refusal(await admin.api.get("/_api/audit/list", { kind: "lesson.deleted" })).status).toBe(400);
  });

  it("is for admins only", async () => {
    for (const member of [staff.manager, staff.teacher, staff.learner, staff.user]) {
      expect(refusal(await member.api.get("/_api/audit/list")).status).toBe(403);
      expect(refusal(await member.api.get("/_api/audit/verify")).status).toBe(403);
    }
  });

  it("never shows another organization's log: its people and courses are not found, and nothing changes", async () => {
    const course = await createCourse(staff.admin.api, { title: "Cranes", status: "published" });
    await sequenced(app);
    const rowsBefore = await rowsOfOrganization(app, staff.org.id);
    const stranger = other.admin.api;
    expect(refusal(await stranger.get("/_api/audit/list", { courseId: String(course.id) }))).toEqual({
      status: 404,
      error: "That course is not in this organization's audit trail.",
    });
    expect(refusal(await stranger.get("/_api/audit/list", { userId: String(staff.learner.id) })).status).toBe(404);
    const theirs = await kindsOf(stranger);
    expect(theirs).toEqual(Array(5).fill("member.joined"));
    expect((await chainState(stranger)).entries).toBe(5);
    expect(await rowsOfOrganization(app, staff.org.id)).toEqual(rowsBefore);
  });
});

describe("a course completed", () => {
  it("is recorded with the completion of the course's last lesson, once, on either way of completing", async () => {
    const { admin, learner, teacher } = staff;
    const course = await createCourse(admin.api, { title: "Forklifts", status: "published" });
    const module = await createModule(admin.api, course.id, "Driving");
    const first = await createLesson(admin.api, module.id, { title: "Mast" });
    const created = await createLesson(admin.api, module.id, { title: "Forks", content: "<p>Sign here.</p>" });
    const signoff = ok<LessonView>(
      await admin.api.post("/_api/lessons/update", { id: created.id, requiresSignoff: true }),
    );
    const courseKinds = async () =>
      (await auditPage(admin.api, { courseId: String(course.id) })).entries.map((entry) => entry.kind).reverse();

    ok(await learner.api.post("/_api/lessons/complete", { lessonId: first.id }));
    ok(await teacher.api.post("/_api/lessons/complete", { lessonId: first.id }));
    await sequenced(app);
    expect(await courseKinds()).toEqual(["course.published", "lesson.completed", "lesson.completed"]);

    ok(
      await learner.api.post("/_api/lessons/sign", {
        lessonId: signoff.id,
        version: signoff.version,
        fullName: learner.name,
        agreed: true,
      }),
    );
    // Completing again changes nothing: the course was completed once.
    ok(await learner.api.post("/_api/lessons/complete", { lessonId: first.id }));
    await sequenced(app);
    const entries = (await auditPage(admin.api, { courseId: String(course.id) })).entries;
    expect(entries.map((entry) => entry.kind).reverse()).toEqual([
      "course.published",
      "lesson.completed",
      "lesson.completed",
      "lesson.signed",
      "lesson.completed",
      "course.completed",
    ]);
    const completedCourse = entries.find((entry) => entry.kind === "course.completed");
    expect(completedCourse).toMatchObject({
      actor: { id: learner.id, name: learner.name },
      subject: { id: learner.id, name: learner.name },
      course: { id: course.id, title: "Forklifts" },
      lessonId: null,
      facts: { courseTitle: "Forklifts", version: course.version, lessons: 2 },
    });
    const signedCompletion = entries.find(
      (entry) => entry.kind === "lesson.completed" && entry.lessonId === signoff.id,
    );
    expect(completedCourse?.occurredAt).toBe(signedCompletion?.occurredAt);
    await expectIntact(admin.api);
  });
});
