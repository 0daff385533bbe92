import { describe, expect, it } from "vitest";
import type { CourseReport, MatrixReport, MemberReportCourse } from "#server/modules/reports/reports.presenter.js";
import type { AssignmentView } from "#server/modules/training/training.presenter.js";
import { readMatrixCell } from "#shared/matrix-cells.js";
import { departmentWithRoles } from "../../support/people.js";
import type { ApiClient, ApiResponse } from "../support/client.js";
import { createCourse, staffedOrganization } from "../support/course-fixtures.js";
import { joinOrg, ok, orgWithMembers, refusal, rowsOfOrganization } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";
import { completeLessons, courseWithLessons, myItem } from "../support/training-fixtures.js";

/** Named assignments and the progress reports (matrix, course, member; JSON and CSV). */

const app = suiteApp();

/**
 * Operations (Driver) and Sales; a driver who finished "Forklift", a seller who started "Pitch", a
 * learner with no tags. "Forklift" is for Operations, required within 14 days; "Pitch" for Sales;
 * "Welcome" for everyone; "Draft" unpublished.
 */
const world = suiteFixture(async () => {
  const staff = await staffedOrganization(app, "reports");
  const admin = staff.admin.api;
  const operations = await departmentWithRoles(admin, { name: "Operations" }, ["Driver"]);
  const sales = await departmentWithRoles(admin, { name: "Sales" }, []);
  const driver = await joinOrg(app, staff, "learner", { tagIds: [operations.roleIds[0] ?? 0], label: "driver" });
  const seller = await joinOrg(app, staff, "learner", { tagIds: [sales.id], label: "seller" });
  const forklift = await courseWithLessons(admin, {
    title: "Forklift",
    tagIds: [operations.id],
    required: true,
    dueDays: 14,
  });
  const pitch = await courseWithLessons(admin, { title: "Pitch", tagIds: [sales.id] }, 4);
  const welcome = await courseWithLessons(admin, { title: "Welcome" }, 1);
  const draft = await createCourse(admin, { title: "Draft", status: "draft" });
  await completeLessons(driver.api, forklift.lessons);
  await completeLessons(seller.api, pitch.lessons.slice(0, 1));
  // The seller also looked into Forklift, outside their audience.
  await completeLessons(seller.api, forklift.lessons.slice(0, 1));
  const other = await orgWithMembers(app, { label: "reports-other" });
  const otherCourse = await courseWithLessons(other.admin.api, { title: "Elsewhere" }, 1);
  return { staff, admin, operations, sales, driver, seller, forklift, pitch, welcome, draft, other, otherCourse };
});

const matrix = async (api: ApiClient, query: Record<string, string> = {}) =>
  ok<MatrixReport>(await api.get("/_api/reports/matrix", query));
const cellsOf = (report: MatrixReport) => report.cells.tuples.map(readMatrixCell);
const cellOf = (report: MatrixReport, userId: number, courseId: number) =>
  cellsOf(report).find((cell) => cell.userId === userId && cell.courseId === courseId);

describe("reports/matrix", () => {
  it("members × published courses, a cell where in the audience or started, with totals", async () => {
    const w = world;
    const report = await matrix(w.admin);
    expect(report.courses.map((course) => course.title)).toEqual(["Forklift", "Pitch", "Welcome"]);
    expect(report.members).toHaveLength(7);
    expect(cellOf(report, w.driver.id, w.forklift.course.id)).toMatchObject({
      status: "completed",
      percent: 100,
      completedAt: expect.any(Date),
      dueAt: expect.any(Date),
      assigned: true,
    });
    // On the wire a cell is a tuple with the dates as epoch milliseconds (decision 0041).
    const driverForklift = report.cells.tuples.find(
      ([userId, courseId]) => userId === w.driver.id && courseId === w.forklift.course.id,
    );
    expect(driverForklift).toEqual([
      w.driver.id,
      w.forklift.course.id,
      true,
      "completed",
      100,
      expect.any(Number),
      expect.any(Number),
    ]);
    expect(cellOf(report, w.driver.id, w.pitch.course.id)).toBeUndefined();
    expect(cellOf(report, w.seller.id, w.pitch.course.id)).toMatchObject({
      status: "in_progress",
      percent: 25,
      dueAt: null,
    });
    // Started outside the audience: a cell, but not an assigned one.
    expect(cellOf(report, w.seller.id, w.forklift.course.id)).toMatchObject({ status: "in_progress", assigned: false });
    expect(cellOf(report, w.staff.learner.id, w.welcome.course.id)).toMatchObject({
      status: "not_started",
      percent: 0,
    });
    expect(report.members.find((member) => member.userId === w.driver.id)).toMatchObject({
      role: "learner",
      email: w.driver.email,
      assignedCount: 2,
      completedCount: 1,
    });
    expect(report.courses.find((course) => course.title === "Forklift")).toMatchObject({
      required: true,
      assignedCount: 1,
      completedCount: 1,
    });
    expect(report.courses.find((course) => course.title === "Welcome")?.assignedCount).toBe(7);
  });

  it("filters by status, by tags (a department with its roles) and by courses", async () => {
    const w = world;
    const completed = await matrix(w.admin, { status: "completed" });
    expect(cellsOf(completed).map((cell) => [cell.userId, cell.courseId])).toEqual([
      [w.driver.id, w.forklift.course.id],
    ]);
    expect(completed.members.map((member) => member.userId)).toEqual([w.driver.id]);
    expect(completed.courses.map((course) => course.title)).toEqual(["Forklift"]);
    const operations = await matrix(w.admin, { tagIds: String(w.operations.id) });
    expect(operations.members.map((member) => member.userId)).toEqual([w.driver.id]);
    const both = await matrix(w.admin, { tagIds: `${w.operations.id},${w.sales.id}` });
    expect(both.members.map((member) => member.userId).sort()).toEqual([w.driver.id, w.seller.id].sort());
    const courses = await matrix(w.admin, { courseIds: `${w.pitch.course.id},${w.draft.id}` });
    expect(courses.courses.map((course) => course.title)).toEqual(["Pitch"]);
    expect(new Set(cellsOf(courses).map((cell) => cell.courseId))).toEqual(new Set([w.pitch.course.id]));
    expect(refusal(await w.admin.get("/_api/reports/matrix", { status: "late" })).status).toBe(400);
  });

  it("another organization's course or tag is not found", async () => {
    const w = world;
    expect(refusal(await w.admin.get("/_api/reports/matrix", { courseIds: String(w.otherCourse.course.id) }))).toEqual({
      status: 404,
      error: "Course not found.",
    });
    const otherTag = await departmentWithRoles(w.other.admin.api, { name: "Elsewhere" }, []);
    expect(refusal(await w.admin.get("/_api/reports/matrix", { tagIds: String(otherTag.id) }))).toEqual({
      status: 404,
      error: "Tag not found.",
    });
  });
});

describe("reports/course and reports/member", () => {
  it("a course: its audience and whoever started it, with completion and due dates", async () => {
    const w = world;
    const report = ok<CourseReport>(
      await w.staff.manager.api.get("/_api/reports/course", { courseId: String(w.forklift.course.id) }),
    );
    expect(report.course).toEqual({
      id: w.forklift.course.id,
      title: "Forklift",
      required: true,
      dueDate: null,
      dueDays: 14,
      checks: [],
      certified: false,
      signoffLessons: [],
    });
    expect(report.members.map((member) => [member.name, member.status])).toEqual(
      [
        [w.driver.name, "completed"],
        [w.seller.name, "in_progress"],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]), undefined, { sensitivity: "base" })),
    );
    expect(report.members.find((member) => member.userId === w.driver.id)).toMatchObject({
      email: w.driver.email,
      percent: 100,
      completedLessons: 2,
      totalLessons: 2,
      completedAt: expect.any(Date),
      dueAt: expect.any(Date),
    });
  });

  it("a member: every published course, theirs first, with status and dates", async () => {
    const w = world;
    const report = ok<{ member: { name: string; tags: { name: string }[] }; courses: MemberReportCourse[] }>(
      await w.admin.get("/_api/reports/member", { userId: String(w.driver.id) }),
    );
    expect(report.member).toMatchObject({ name: w.driver.name, role: "learner", tags: [{ name: "Driver" }] });
    expect(report.courses.map((course) => [course.title, course.assigned, course.status])).toEqual([
      ["Forklift", true, "completed"],
      ["Welcome", true, "not_started"],
      ["Pitch", false, "not_started"],
    ]);
  });

  it("another organization's course or member is not found", async () => {
    const w = world;
    expect(refusal(await w.admin.get("/_api/reports/course", { courseId: String(w.otherCourse.course.id) }))).toEqual({
      status: 404,
      error: "Course not found.",
    });
    expect(refusal(await w.admin.get("/_api/reports/member", { userId: String(w.other.admin.id) }))).toEqual({
      status: 404,
      error: "Member not found.",
    });
  });
});

describe("permissions", () => {
  it("reports and assignments are for admins and managers; everyone else gets 403", async () => {
    const w = world;
    const courseId = String(w.welcome.course.id);
    const calls: ((api: ApiClient) => Promise<ApiResponse>)[] = [
      (api) => api.get("/_api/reports/matrix"),
      (api) => api.get("/_api/reports/matrix", { format: "csv" }),
      (api) => api.get("/_api/reports/course", { courseId }),
      (api) => api.get("/_api/reports/member", { userId: String(w.driver.id) }),
      (api) => api.get("/_api/assignments/list", { courseId }),
      (api) => api.post("/_api/assignments/create", { courseId: w.welcome.course.id, userIds: [w.driver.id] }),
      (api) => api.post("/_api/assignments/delete", { courseId: w.welcome.course.id, userId: w.driver.id }),
    ];
    for (const person of [w.staff.teacher, w.staff.learner, w.staff.user]) {
      for (const call of calls) expect([person.role, (await call(person.api)).status]).toEqual([person.role, 403]);
    }
    for (const person of [w.staff.admin, w.staff.manager]) {
      for (const call of calls) expect([person.role, (await call(person.api)).status]).toEqual([person.role, 200]);
    }
  });
});

describe("assignments", () => {
  it("names people for a course; naming again keeps the first assignment; delete removes it", async () => {
    const w = world;
    const { course } = await courseWithLessons(w.admin, {
      title: "Named",
      tagIds: [w.sales.id],
      required: true,
      dueDays: 5,
    });
    const courseId = course.id;
    const created = ok<{ assignments: AssignmentView[] }>(
      await w.admin.post("/_api/assignments/create", {
        courseId,
        userIds: [w.driver.id, w.staff.user.id, w.driver.id],
      }),
    );
    expect(created.assignments.map((a) => a.userId).sort()).toEqual([w.driver.id, w.staff.user.id].sort());
    const first = created.assignments.find((a) => a.userId === w.driver.id);
    expect(first).toMatchObject({ name: w.driver.name, email: w.driver.email, assignedAt: expect.any(Date) });
    const again = ok<{ assignments: AssignmentView[] }>(
      await w.admin.post("/_api/assignments/create", { courseId, userIds: [w.driver.id] }),
    );
    expect(again.assignments.find((a) => a.userId === w.driver.id)?.assignedAt).toEqual(first?.assignedAt);
    expect((await myItem(w.driver.api, courseId))?.dueAt?.getTime()).toBe(
      (first?.assignedAt.getTime() ?? 0) + 5 * 86_400_000,
    );
    expect(ok(await w.admin.post("/_api/assignments/delete", { courseId, userId: w.driver.id }))).toEqual({
      success: true,
    });
    const listed = ok<{ assignments: AssignmentView[] }>(
      await w.admin.get("/_api/assignments/list", { courseId: String(courseId) }),
    );
    expect(listed.assignments.map((a) => a.userId)).toEqual([w.staff.user.id]);
  });

  it("another organization's course or member is not found, and nothing changes", async () => {
    const w = world;
    const before = await rowsOfOrganization(app, w.other.org.id);
    const mine = await rowsOfOrganization(app, w.staff.org.id);
    const otherCourse = w.otherCourse.course.id;
    for (const response of [
      await w.admin.post("/_api/assignments/create", { courseId: otherCourse, userIds: [w.driver.id] }),
      await w.admin.post("/_api/assignments/delete", { courseId: otherCourse, userId: w.driver.id }),
      await w.admin.get("/_api/assignments/list", { courseId: String(otherCourse) }),
    ]) {
      expect(refusal(response)).toEqual({ status: 404, error: "Course not found." });
    }
    for (const response of [
      await w.admin.post("/_api/assignments/create", {
        courseId: w.welcome.course.id,
        userIds: [w.driver.id, w.other.admin.id],
      }),
      await w.admin.post("/_api/assignments/delete", { courseId: w.welcome.course.id, userId: w.other.admin.id }),
    ]) {
      expect(refusal(response)).toEqual({ status: 404, error: "Member not found." });
    }
    expect(await rowsOfOrganization(app, w.other.org.id)).toEqual(before);
    expect(await rowsOfOrganization(app, w.staff.org.id)).toEqual(mine);
  });
});

describe("CSV exports", () => {
  it("RFC 4180 with a BOM and CRLF, as an attachment; formulas defused", async () => {
    const w = world;
    const { course } = await courseWithLessons(w.admin, { title: '=HYPERLINK("http://x", "Zoë")' }, 1);
    const response = await w.admin.get("/_api/reports/matrix", { format: "csv", courseIds: String(course.id) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="training-matrix.csv"');
    const bytes = new Uint8Array(
      await (
        await fetch(new URL("/_api/reports/matrix?format=csv", app.url), {
          headers: { cookie: w.admin.jar.header() ?? "" },
        })
      ).arrayBuffer(),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = response.text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      `Name,Email,Role,Assigned,Completed,"'=HYPERLINK(""http://x"", ""Zoë"")","'=HYPERLINK(""http://x"", ""Zoë""): percent"`,
    );
    expect(lines.at(-1)).toBe("");
    expect(lines).toHaveLength(1 + 7 + 1);
    expect(response.text).not.toMatch(/[^\r]\n/);
  });

  it("writes times in the asker's time zone (tz), deadlines as plain dates, and refuses an unknown zone", async () => {
    const w = world;
    const completedAtIn = async (tz: string) => {
      const query = { courseId: String(w.forklift.course.id), format: "csv", tz };
      const row = (await w.admin.get("/_api/reports/course", query)).text
        .split("\r\n")
        .find((line) => line.startsWith(`${w.driver.name},`));
      const [completedAt, dueAt] = row?.split(",").slice(-2) ?? [];
      return { completedAt: Date.parse(`${completedAt?.replace(" ", "T")}:00Z`), dueAt };
    };
    const utc = await completedAtIn("UTC");
    const tokyo = await completedAtIn("Asia/Tokyo");
    // Tokyo is nine hours ahead of UTC all year; the deadline's day is the same for both.
    expect(tokyo.completedAt - utc.completedAt).toBe(9 * 60 * 60 * 1000);
    expect(tokyo.dueAt).toBe(utc.dueAt);
    expect(utc.dueAt).toMatch(/^\d{4}-\d\d-\d\d$/);
    const refused = await w.admin.get("/_api/reports/course", {
      courseId: String(w.forklift.course.id),
      format: "csv",
      tz: "Mars/Olympus",
    });
    expect(refusal(refused)).toEqual({
      status: 400,
      error: "Time zone must be an IANA time zone name, such as Europe/Paris.",
    });
  });

  it("the course and member reports as CSV, and a format that is neither csv nor json refused", async () => {
    const w = world;
    const course = await w.admin.get("/_api/reports/course", { courseId: String(w.forklift.course.id), format: "csv" });
    expect(course.headers.get("content-disposition")).toBe('attachment; filename="course-forklift.csv"');
    const [header, ...rows] = course.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(header).toBe("Name,Email,Assigned,Status,Percent,Completed lessons,Total lessons,Completed at,Due at");
    const driverRow = rows.find((row) => row.startsWith(`${w.driver.name},`));
    expect(driverRow).toMatch(
      new RegExp(
        `^${w.driver.name},${w.driver.email},yes,Completed,100,2,2,\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d,\\d{4}-\\d\\d-\\d\\d$`,
      ),
    );
    const member = await w.admin.get("/_api/reports/member", { userId: String(w.driver.id), format: "csv" });
    expect(member.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(member.text.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
      "Course,Required,Assigned,Status,Percent,Completed lessons,Total lessons,Completed at,Due at,Sign-off,Signed versions,Signed at,Best check score,Check attempts,Certificate,Certificate expires",
    );
    const json = await w.admin.get("/_api/reports/member", { userId: String(w.driver.id), format: "json" });
    expect(json.headers.get("content-type")).toMatch(/^application\/json/);
    expect(refusal(await w.admin.get("/_api/reports/member", { userId: String(w.driver.id), format: "xml" }))).toEqual({
      status: 400,
      error: "Format must be csv or json.",
    });
  });
});
