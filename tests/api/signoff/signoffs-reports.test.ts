import { describe, expect, it } from "vitest";
import type { LessonView } from "#server/modules/courses/lessons.presenter.js";
import type { MatrixSignoffs, MemberSignoffView } from "#server/modules/reports/signoff-standings.data.js";
import type { LessonVersionSummaryView, SignoffReport } from "#server/modules/signoff/signoff.presenter.js";
import type { ApiClient } from "../support/client.js";
import {
  createCourse,
  createLesson,
  createModule,
  staffedOrganization,
  structureOf,
} from "../support/course-fixtures.js";
import { ok, refusal } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/**
 * Sign-off lessons in the progress reports (decision 0103): the member report and the matrix say, per sign-off
 * lesson, signed at the current version, outdated (needs re-signing) or not signed, and so do their CSV
 * files; and duplicating a course keeps sign-off without the original's signatures (decision 0104).
 */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "signoff-reports"));
const stranger = suiteFixture(() => staffedOrganization(app, "signoff-reports-other"));

const sign = async (api: ApiClient, fullName: string, lessonId: number, version: number) =>
  ok(await api.post("/_api/lessons/sign", { lessonId, version, fullName, agreed: true }));

const requireSignoff = async (lessonId: number) =>
  ok<LessonView>(await staff.admin.api.post("/_api/lessons/update", { id: lessonId, requiresSignoff: true }));

/** A published course: a plain lesson, then two procedures that require sign-off (each at version 2). */
async function courseWithTwoProcedures(title: string) {
  const api = staff.admin.api;
  const course = await createCourse(api, { title, status: "published" });
  const module = await createModule(api, course.id, "Procedures");
  await createLesson(api, module.id, { title: "Welcome" });
  const lockout = await requireSignoff(
    (await createLesson(api, module.id, { title: "Lockout", content: "<p>A</p>" })).id,
  );
  const permits = await requireSignoff(
    (await createLesson(api, module.id, { title: "Permits", content: "<p>B</p>" })).id,
  );
  return { course, lockout, permits };
}

type ReportCourse = { courseId: number; status: string; percent: number; signoffs: MemberSignoffView[] };

async function memberCourse(userId: number, courseId: number): Promise<ReportCourse | undefined> {
  const report = ok<{ courses: ReportCourse[] }>(
    await staff.manager.api.get("/_api/reports/member", { userId: String(userId) }),
  );
  return report.courses.find((course) => course.courseId === courseId);
}

const csvLines = (text: string) =>
  text
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");

describe("sign-off in the progress reports", () => {
  it("the member report and its CSV name each procedure signed, outdated or not signed, with version and time", async () => {
    const { course, lockout, permits } = await courseWithTwoProcedures("Plant safety");
    const { learner, manager } = staff;
    await sign(learner.api, learner.name, lockout.id, 2);
    await sign(learner.api, learner.name, permits.id, 2);
    await sign(manager.api, manager.name, lockout.id, 2);
    ok(
      await staff.admin.api.post("/_api/lessons/update", {
        id: lockout.id,
        content: "<p>A, then test</p>",
        change: "material",
        changeSummary: "Test before work",
      }),
    );

    const learnerCourse = await memberCourse(learner.id, course.id);
    expect(learnerCourse).toMatchObject({ status: "in_progress", completedLessons: 1 });
    expect(learnerCourse?.signoffs).toEqual([
      {
        lessonId: lockout.id,
        lessonTitle: "Lockout",
        status: "outdated",
        signedVersion: 2,
        signedAt: expect.any(Date),
      },
      { lessonId: permits.id, lessonTitle: "Permits", status: "signed", signedVersion: 2, signedAt: expect.any(Date) },
    ]);
    expect((await memberCourse(manager.id, course.id))?.signoffs.map((row) => [row.status, row.signedVersion])).toEqual(
      [
        ["outdated", 2],
        ["unsigned", null],
      ],
    );
    expect((await memberCourse(staff.user.id, course.id))?.signoffs).toEqual([
      { lessonId: lockout.id, lessonTitle: "Lockout", status: "unsigned", signedVersion: null, signedAt: null },
      { lessonId: permits.id, lessonTitle: "Permits", status: "unsigned", signedVersion: null, signedAt: null },
    ]);
    // A course without procedures lists none.
    const plain = await createCourse(staff.admin.api, { title: "No procedures", status: "published" });
    expect((await memberCourse(learner.id, plain.id))?.signoffs).toEqual([]);

    const csv = await staff.manager.api.get("/_api/reports/member", { userId: String(learner.id), format: "csv" });
    const [header, ...rows] = csvLines(csv.text);
    expect(header).toContain(",Due at,Sign-off,Signed versions,Signed at,Best check score,");
    const row = rows.find((line) => line.startsWith("Plant safety,"));
    expect(row).toMatch(
      /,"Lockout: Outdated — needs re-signing; Permits: Signed \(current version\)","2; 2","\d{4}-\d\d-\d\d \d\d:\d\d; \d{4}-\d\d-\d\d \d\d:\d\d",/,
    );

    // Re-signing the current version makes it count again.
    await sign(learner.api, learner.name, lockout.id, 3);
    expect(
      (await memberCourse(learner.id, course.id))?.signoffs.map((each) => [each.status, each.signedVersion]),
    ).toEqual([
      ["signed", 3],
      ["signed", 2],
    ]);
    expect(await memberCourse(learner.id, course.id)).toMatchObject({ percent: 67, completedLessons: 2 });
  });

  it("the matrix counts per cell, only for courses with procedures, within its filters, and in its CSV", async () => {
    const { course, lockout, permits } = await courseWithTwoProcedures("Warehouse SOPs");
    const plain = await createCourse(staff.admin.api, { title: "Warehouse intro", status: "published" });
    const { learner, manager } = staff;
    await sign(learner.api, learner.name, lockout.id, 2);
    await sign(learner.api, learner.name, permits.id, 2);
    await sign(manager.api, manager.name, permits.id, 2);
    ok(
      await staff.admin.api.post("/_api/lessons/update", {
        id: permits.id,
        change: "material",
        changeSummary: "New form",
      }),
    );

    const query = { courseIds: `${course.id},${plain.id}` };
    const matrix = ok<MatrixSignoffs>(await staff.manager.api.get("/_api/reports/matrix", query));
    expect(matrix.signoffLessons).toEqual({ [course.id]: 2 });
    expect([...matrix.signoffs].sort((a, b) => a[0] - b[0])).toEqual(
      [
        [learner.id, course.id, 1, 1],
        [manager.id, course.id, 0, 1],
      ].sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)),
    );
    // The counts follow the status filter: nobody has completed this course, so no counts are left.
    const completed = ok<MatrixSignoffs>(
      await staff.manager.api.get("/_api/reports/matrix", { ...query, status: "completed" }),
    );
    expect(completed.signoffs).toEqual([]);

    const lines = csvLines((await staff.manager.api.get("/_api/reports/matrix", { ...query, format: "csv" })).text);
    expect(lines[0]).toBe(
      "Name,Email,Role,Assigned,Completed,Warehouse intro,Warehouse intro: percent,Warehouse SOPs,Warehouse SOPs: percent",
    );
    const rowOf = (email: string) => lines.find((line) => line.includes(`,${email},`));
    expect(rowOf(learner.email)).toMatch(/,"In progress; sign-off: 1 of 2 signed, 1 needs re-signing",33$/);
    expect(rowOf(manager.email)).toMatch(/,"Not started; sign-off: 0 of 2 signed, 1 needs re-signing",0$/);
    // Quoted for the `;` its text holds (decision 0262).
    expect(rowOf(staff.user.email)).toMatch(/,"Not started; sign-off: 0 of 2 signed",0$/);
  });

  it("another organization's matrix holds none of these signatures, and cannot ask for the course", async () => {
    const { course, lockout } = await courseWithTwoProcedures("Private SOPs");
    await sign(staff.learner.api, staff.learner.name, lockout.id, 2);
    const theirs = ok<MatrixSignoffs>(await stranger.admin.api.get("/_api/reports/matrix"));
    expect(theirs.signoffLessons).toEqual({});
    expect(theirs.signoffs).toEqual([]);
    expect(refusal(await stranger.admin.api.get("/_api/reports/matrix", { courseIds: String(course.id) })).status).toBe(
      404,
    );
    expect(
      refusal(await stranger.admin.api.get("/_api/reports/member", { userId: String(staff.learner.id) })).status,
    ).toBe(404);
  });
});

describe("duplicating a course with procedures", () => {
  it("the copy requires sign-off, starts its own history at version 1, and holds none of the original's signatures", async () => {
    const api = staff.admin.api;
    const { course, lockout } = await courseWithTwoProcedures("Forklift SOPs");
    await sign(staff.learner.api, staff.learner.name, lockout.id, 2);
    const copy = ok<{ id: number }>(await api.post("/_api/courses/duplicate", { id: course.id }));
    const lessons = (await structureOf(api, copy.id)).flatMap((module) => module.lessons);
    const copiedLockout = lessons.find((lesson) => lesson.title === "Lockout");
    const copiedWelcome = lessons.find((lesson) => lesson.title === "Welcome");
    const page = ok<LessonView>(await api.get("/_api/lessons/get", { id: String(copiedLockout?.id) }));
    expect(page).toMatchObject({ requiresSignoff: true, version: 1, content: "<p>A</p>" });
    const welcome = ok<LessonView>(await api.get("/_api/lessons/get", { id: String(copiedWelcome?.id) }));
    expect(welcome.requiresSignoff).toBe(false);

    const versions = ok<LessonVersionSummaryView[]>(
      await api.get("/_api/lessons/versions", { lessonId: String(copiedLockout?.id) }),
    );
    expect(versions).toMatchObject([
      { version: 1, change: "material", summary: 'Copied from "Forklift SOPs"', authorName: staff.admin.name },
    ]);
    const signoffs = ok<SignoffReport>(
      await api.get("/_api/reports/signoffs", { lessonId: String(copiedLockout?.id) }),
    );
    expect(signoffs.signatures).toEqual([]);
    // The original keeps its history and its signature.
    const original = ok<SignoffReport>(await api.get("/_api/reports/signoffs", { lessonId: String(lockout.id) }));
    expect(original.signatures.map((row) => row.signedName)).toEqual([staff.learner.name]);

    // Once published, the copy is signed on its own, at its own first version.
    ok(await api.post("/_api/courses/update", { id: copy.id, status: "published" }));
    expect((await memberCourse(staff.learner.id, copy.id))?.signoffs.map((row) => row.status)).toEqual([
      "unsigned",
      "unsigned",
    ]);
    await sign(staff.learner.api, staff.learner.name, copiedLockout?.id ?? 0, 1);
    expect((await memberCourse(staff.learner.id, copy.id))?.signoffs.map((row) => row.status)).toEqual([
      "signed",
      "unsigned",
    ]);
  });
});

type CourseSignoffReport = {
  course: { signoffLessons: { lessonId: number; title: string }[] };
  members: { userId: number; status: string; signoffs: MemberSignoffView[] }[];
};

/** Learner signed both; teacher both, then Permits changed materially; manager Lockout only; nobody else. */
async function signedInEveryWay(title: string) {
  const procedures = await courseWithTwoProcedures(title);
  const { learner, teacher, manager } = staff;
  for (const signer of [learner, teacher]) {
    await sign(signer.api, signer.name, procedures.lockout.id, 2);
    await sign(signer.api, signer.name, procedures.permits.id, 2);
  }
  await sign(manager.api, manager.name, procedures.lockout.id, 2);
  ok(
    await staff.admin.api.post("/_api/lessons/update", {
      id: procedures.permits.id,
      change: "material",
      changeSummary: "New permit form",
    }),
  );
  await sign(learner.api, learner.name, procedures.permits.id, 3);
  return procedures;
}

describe("the matrix's sign-off filter and the course report's sign-off column (decision 0103)", () => {
  it("signoff=needed keeps the cells of members who must sign or re-sign, and only courses with procedures", async () => {
    const { course } = await signedInEveryWay("Dock SOPs");
    const plain = await createCourse(staff.admin.api, { title: "Dock intro", status: "published" });
    const query = { courseIds: `${course.id},${plain.id}`, signoff: "needed" };
    const matrix = ok<MatrixSignoffs & { members: { userId: number }[]; courses: { courseId: number }[] }>(
      await staff.manager.api.get("/_api/reports/matrix", query),
    );
    const { admin, manager, teacher, user } = staff;
    expect(matrix.members.map((member) => member.userId).sort()).toEqual(
      [admin.id, manager.id, teacher.id, user.id].sort(),
    );
    expect(matrix.courses.map((each) => each.courseId)).toEqual([course.id]);
    expect(matrix.signoffLessons).toEqual({ [course.id]: 2 });
    expect([...matrix.signoffs].sort((a, b) => a[0] - b[0])).toEqual(
      [
        [teacher.id, course.id, 1, 1],
        [manager.id, course.id, 1, 0],
      ].sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)),
    );
    // With the status filter too: nobody has completed the course.
    const completed = ok<{ members: unknown[] }>(
      await staff.manager.api.get("/_api/reports/matrix", { ...query, status: "completed" }),
    );
    expect(completed.members).toEqual([]);
    const lines = csvLines((await staff.manager.api.get("/_api/reports/matrix", { ...query, format: "csv" })).text);
    expect(lines[0]).toBe("Name,Email,Role,Assigned,Completed,Dock SOPs,Dock SOPs: percent");
    expect(lines).toHaveLength(5);
    expect(lines.some((line) => line.includes(`,${staff.learner.email},`))).toBe(false);
  });

  it("signoff takes only 'needed', is for reports viewers only, and shows nobody of another organization", async () => {
    await signedInEveryWay("Yard SOPs");
    expect(refusal(await staff.manager.api.get("/_api/reports/matrix", { signoff: "yes" }))).toEqual({
      status: 400,
      error: "Sign-off must be needed.",
    });
    expect(refusal(await staff.learner.api.get("/_api/reports/matrix", { signoff: "needed" })).status).toBe(403);
    const theirs = ok<MatrixSignoffs & { members: unknown[] }>(
      await stranger.admin.api.get("/_api/reports/matrix", { signoff: "needed" }),
    );
    expect(theirs).toMatchObject({ members: [], signoffLessons: {}, signoffs: [] });
  });

  it("the course report and its CSV give each member's standing per procedure, with version and time", async () => {
    const { course, lockout, permits } = await signedInEveryWay("Crane SOPs");
    const report = ok<CourseSignoffReport>(
      await staff.manager.api.get("/_api/reports/course", { courseId: String(course.id) }),
    );
    expect(report.course.signoffLessons).toEqual([
      { lessonId: lockout.id, title: "Lockout" },
      { lessonId: permits.id, title: "Permits" },
    ]);
    const standing = (userId: number) =>
      report.members
        .find((member) => member.userId === userId)
        ?.signoffs.map((each) => [each.lessonTitle, each.status, each.signedVersion, each.signedAt !== null]);
    expect(standing(staff.learner.id)).toEqual([
      ["Lockout", "signed", 2, true],
      ["Permits", "signed", 3, true],
    ]);
    expect(standing(staff.teacher.id)).toEqual([
      ["Lockout", "signed", 2, true],
      ["Permits", "outdated", 2, true],
    ]);
    expect(standing(staff.user.id)).toEqual([
      ["Lockout", "unsigned", null, false],
      ["Permits", "unsigned", null, false],
    ]);

    const csv = await staff.manager.api.get("/_api/reports/course", { courseId: String(course.id), format: "csv" });
    const [header, ...rows] = csvLines(csv.text);
    expect(header).toMatch(
      /,Due at,Lockout: sign-off,Lockout: signed version,Lockout: signed at,Permits: sign-off,Permits: signed version,Permits: signed at$/,
    );
    const rowOf = (email: string) => rows.find((line) => line.includes(`,${email},`));
    expect(rowOf(staff.teacher.email)).toMatch(
      /,Signed \(current version\),2,\d{4}-\d\d-\d\d \d\d:\d\d,Outdated — needs re-signing,2,\d{4}-\d\d-\d\d \d\d:\d\d$/,
    );
    expect(rowOf(staff.user.email)).toMatch(/,Not signed,,,Not signed,,$/);

    // A course without procedures: no such columns.
    const plain = await createCourse(staff.admin.api, { title: "Crane intro", status: "published" });
    const plainReport = ok<CourseSignoffReport>(
      await staff.manager.api.get("/_api/reports/course", { courseId: String(plain.id) }),
    );
    expect(plainReport.course.signoffLessons).toEqual([]);
    expect(plainReport.members.every((member) => member.signoffs.length === 0)).toBe(true);
    const plainCsv = await staff.manager.api.get("/_api/reports/course", { courseId: String(plain.id), format: "csv" });
    expect(csvLines(plainCsv.text)[0]).toMatch(/,Due at$/);
    expect(refusal(await stranger.admin.api.get("/_api/reports/course", { courseId: String(course.id) })).status).toBe(
      404,
    );
  });
});
