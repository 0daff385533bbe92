import { afterEach, describe, expect, it } from "vitest";
import type { CourseView } from "#server/modules/courses/courses.presenter.js";
import { DAY_MS } from "#shared/constants.js";
import { COURSE_MESSAGES as M } from "#shared/schemas/courses.js";
import { departmentWithRoles } from "../../support/people.js";
import { startTestApp } from "../support/app.js";
import type { ApiClient } from "../support/client.js";
import { createCourse } from "../support/course-fixtures.js";
import { joinOrg, ok, orgWithMembers, refusal } from "../support/org-fixtures.js";
import { suiteFixture } from "../support/suite.js";
import {
  completeLessons,
  courseWithLessons,
  myItem,
  myTitles,
  myTraining,
  setTags,
} from "../support/training-fixtures.js";

/** Audiences, due dates, statuses and "My training"; the due fields of the course form. */

/** The server's "now": real time unless a test sets it (and afterEach puts it back). */
let frozenNow: number | null = null;
const app = suiteFixture(
  () => startTestApp({}, { clock: () => frozenNow ?? Date.now() }),
  (started) => started.close(),
);
afterEach(() => {
  frozenNow = null;
});

/** An organization with Operations (Driver, Forklift) and Sales (Account Manager), and tagged members. */
const world = suiteFixture(async () => {
  const team = await orgWithMembers(app, { label: "training", roles: ["manager", "teacher"] });
  const admin = team.admin.api;
  const operations = await departmentWithRoles(admin, { name: "Operations" }, ["Driver", "Forklift"]);
  const sales = await departmentWithRoles(admin, { name: "Sales" }, ["Account Manager"]);
  const [driverRole = 0, forkliftRole = 0] = operations.roleIds;
  const [accountManagerRole = 0] = sales.roleIds;
  const driver = await joinOrg(app, team, "learner", { tagIds: [driverRole], label: "driver" });
  const opsHead = await joinOrg(app, team, "learner", { tagIds: [operations.id], label: "ops-head" });
  const seller = await joinOrg(app, team, "user", { tagIds: [accountManagerRole], label: "seller" });
  const untagged = await joinOrg(app, team, "learner", { label: "untagged" });
  return {
    team,
    admin,
    operations,
    sales,
    driverRole,
    forkliftRole,
    accountManagerRole,
    driver,
    opsHead,
    seller,
    untagged,
  };
});

const listed = async (api: ApiClient) => ok<CourseView[]>(await api.get("/_api/courses/list"));
const assignedTo = async (api: ApiClient, courseId: number) =>
  (await listed(api)).find((course) => course.id === courseId)?.assignedToMe;

describe("audiences", () => {
  it("a department tag reaches its members and its roles' members; a role tag only that role's", async () => {
    const w = world;
    const { course: forOperations } = await courseWithLessons(w.admin, {
      title: "Operations audience",
      tagIds: [w.operations.id],
    });
    const { course: forDrivers } = await courseWithLessons(w.admin, {
      title: "Drivers audience",
      tagIds: [w.driverRole],
    });
    for (const [person, department, role] of [
      [w.driver, true, true],
      [w.opsHead, true, false],
      [w.seller, false, false],
      [w.untagged, false, false],
    ] as const) {
      expect([person.name, await assignedTo(person.api, forOperations.id)]).toEqual([person.name, department]);
      expect([person.name, await assignedTo(person.api, forDrivers.id)]).toEqual([person.name, role]);
      expect(Boolean(await myItem(person.api, forOperations.id))).toBe(department);
    }
  });

  it("an untagged published course is for everyone; a draft for nobody, though creators still list it", async () => {
    const w = world;
    const { course: forAll } = await courseWithLessons(w.admin, { title: "Everyone audience" });
    const draft = await createCourse(w.admin, { title: "Draft audience", status: "draft" });
    for (const person of [w.driver, w.seller, w.untagged, w.team.members.teacher]) {
      expect(await assignedTo(person.api, forAll.id)).toBe(true);
      expect(await myItem(person.api, draft.id)).toBeUndefined();
    }
    expect(await assignedTo(w.team.members.teacher.api, draft.id)).toBe(false);
    // Members outside an audience still find the course in the library, marked as not theirs.
    const { course: salesOnly } = await courseWithLessons(w.admin, { title: "Sales library", tagIds: [w.sales.id] });
    expect(await assignedTo(w.driver.api, salesOnly.id)).toBe(false);
    expect(ok<CourseView>(await w.driver.api.get("/_api/courses/get", { id: String(salesOnly.id) })).assignedToMe).toBe(
      false,
    );
  });

  it("named people are in the audience whatever their tags, until unassigned", async () => {
    const w = world;
    const { course } = await courseWithLessons(w.admin, { title: "Named audience", tagIds: [w.accountManagerRole] });
    expect(await myItem(w.untagged.api, course.id)).toBeUndefined();
    ok(await w.admin.post("/_api/assignments/create", { courseId: course.id, userIds: [w.untagged.id] }));
    expect(await assignedTo(w.untagged.api, course.id)).toBe(true);
    expect((await myTitles(w.untagged.api)).optional).toContain("Named audience");
    ok(await w.admin.post("/_api/assignments/delete", { courseId: course.id, userId: w.untagged.id }));
    expect(await myItem(w.untagged.api, course.id)).toBeUndefined();
  });

  it("leaving an audience drops the course; joining again starts a new deadline from then", async () => {
    const w = world;
    const member = await joinOrg(app, w.team, "learner", { tagIds: [w.forkliftRole], label: "mover" });
    const { course } = await courseWithLessons(w.admin, {
      title: "Forklift refresher",
      tagIds: [w.forkliftRole],
      required: true,
      dueDays: 14,
    });
    const first = await myItem(member.api, course.id);
    expect(first?.dueAt).toBeInstanceOf(Date);
    // Another change to the member that keeps the tag keeps the deadline.
    await setTags(w.admin, member, [w.forkliftRole, w.accountManagerRole]);
    expect((await myItem(member.api, course.id))?.dueAt).toEqual(first?.dueAt);
    await setTags(w.admin, member, [w.accountManagerRole]);
    expect(await myItem(member.api, course.id)).toBeUndefined();
    expect(await assignedTo(member.api, course.id)).toBe(false);
    await setTags(w.admin, member, [w.forkliftRole]);
    const again = await myItem(member.api, course.id);
    expect(again?.dueAt?.getTime()).toBeGreaterThan(first?.dueAt?.getTime() ?? Number.POSITIVE_INFINITY);
  });
});

describe("due dates", () => {
  it("relative: each member's own days after joining the audience, so a later joiner is due later", async () => {
    const w = world;
    const before = Date.now();
    const { course } = await courseWithLessons(w.admin, {
      title: "Relative deadline",
      tagIds: [w.operations.id],
      required: true,
      dueDays: 7,
    });
    const early = (await myItem(w.driver.api, course.id))?.dueAt;
    // The driver was tagged when the world was made, before this course existed.
    expect(early?.getTime()).toBeLessThan(before + 7 * DAY_MS);
    const newcomer = await joinOrg(app, w.team, "learner", { tagIds: [w.driverRole], label: "newcomer" });
    const late = (await myItem(newcomer.api, course.id))?.dueAt;
    expect(late?.getTime()).toBeGreaterThanOrEqual(before + 7 * DAY_MS);
    expect(late?.getTime()).toBeGreaterThan(early?.getTime() ?? Number.POSITIVE_INFINITY);
    // courses/get tells the caller the same deadline.
    const view = ok<CourseView>(await newcomer.api.get("/_api/courses/get", { id: String(course.id) }));
    expect([view.assignedToMe, view.dueAt]).toEqual([true, late]);
  });

  it("fixed: due at the end of the day UTC, overdue from 00:00 UTC the next day", async () => {
    const w = world;
    const { course } = await courseWithLessons(w.admin, {
      title: "Fixed deadline",
      tagIds: [w.driverRole],
      required: true,
      dueDate: "2031-03-14",
    });
    expect(course).toMatchObject({ required: true, dueDate: "2031-03-14", dueDays: null });
    frozenNow = Date.parse("2031-03-14T23:59:59.999Z");
    expect(await myItem(w.driver.api, course.id)).toMatchObject({
      dueAt: new Date("2031-03-14T23:59:59.999Z"),
      status: "not_started",
    });
    frozenNow = Date.parse("2031-03-15T00:00:00.000Z");
    expect((await myItem(w.driver.api, course.id))?.status).toBe("overdue");
    // Someone outside the audience has no deadline, and nothing is overdue for them.
    expect((await listed(w.seller.api)).find((c) => c.id === course.id)).toMatchObject({
      assignedToMe: false,
      dueAt: null,
    });
  });

  it("relative: overdue exactly after the member's deadline", async () => {
    const w = world;
    const { course } = await courseWithLessons(w.admin, {
      title: "Boundary relative",
      tagIds: [w.driverRole],
      required: true,
      dueDays: 3,
    });
    const dueAt = (await myItem(w.driver.api, course.id))?.dueAt?.getTime() ?? 0;
    frozenNow = dueAt;
    expect((await myItem(w.driver.api, course.id))?.status).toBe("not_started");
    frozenNow = dueAt + 1;
    expect((await myItem(w.driver.api, course.id))?.status).toBe("overdue");
  });
});

describe("statuses and My training", () => {
  it("not started, in progress, completed (with when), and overdue; Continue opens the next lesson", async () => {
    const w = world;
    const member = await joinOrg(app, w.team, "learner", { tagIds: [w.forkliftRole], label: "statuses" });
    const { course, lessons } = await courseWithLessons(
      w.admin,
      { title: "Status walk", tagIds: [w.forkliftRole], required: true, dueDays: 10 },
      3,
    );
    expect(await myItem(member.api, course.id)).toMatchObject({
      status: "not_started",
      completedLessons: 0,
      totalLessons: 3,
      nextLessonId: lessons[0]?.id,
      completedAt: null,
      required: true,
    });
    await completeLessons(
      member.api,
      [lessons[1]].flatMap((lesson) => lesson ?? []),
    );
    expect(await myItem(member.api, course.id)).toMatchObject({
      status: "in_progress",
      completedLessons: 1,
      nextLessonId: lessons[0]?.id,
    });
    frozenNow = Date.now() + 11 * DAY_MS;
    expect((await myItem(member.api, course.id))?.status).toBe("overdue");
    frozenNow = null;
    await completeLessons(member.api, lessons);
    const done = await myItem(member.api, course.id);
    expect(done).toMatchObject({ status: "completed", completedLessons: 3, nextLessonId: null });
    expect(done?.completedAt).toBeInstanceOf(Date);
    frozenNow = Date.now() + 11 * DAY_MS;
    expect((await myItem(member.api, course.id))?.status).toBe("completed");
  });

  it("assigned (required) sorted overdue first, then by deadline; optional ones by title", async () => {
    const w = world;
    const member = await joinOrg(app, w.team, "learner", { label: "sorted" });
    const org = { tagIds: [] as number[] };
    await courseWithLessons(w.admin, { title: "Zeta no deadline", ...org, required: true }, 1);
    await courseWithLessons(w.admin, { title: "Soon", ...org, required: true, dueDate: "2031-01-01" }, 1);
    await courseWithLessons(w.admin, { title: "Later", ...org, required: true, dueDate: "2031-06-01" }, 1);
    await courseWithLessons(w.admin, { title: "Past", ...org, required: true, dueDate: "2020-01-01" }, 1);
    const { assigned, optional } = await myTraining(member.api);
    const titles = assigned
      .map((item) => item.title)
      .filter((title) => ["Zeta no deadline", "Soon", "Later", "Past"].includes(title));
    expect(titles).toEqual(["Past", "Soon", "Later", "Zeta no deadline"]);
    expect(assigned.find((item) => item.title === "Past")?.status).toBe("overdue");
    const optionalTitles = optional.map((item) => item.title);
    expect(optionalTitles).toEqual(
      [...optionalTitles].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: "base" })),
    );
    expect(optional.every((item) => !item.required && item.dueAt === null)).toBe(true);
  });
});

describe("courses/create and courses/update: the due fields", () => {
  const create = (api: ApiClient, input: Record<string, unknown>) =>
    api.post("/_api/courses/create", { title: "Due fields", ...input });

  it("refuses both kinds of deadline at once, and values out of range", async () => {
    const admin = world.admin;
    expect(refusal(await create(admin, { required: true, dueDate: "2031-01-01", dueDays: 5 }))).toEqual({
      status: 400,
      error: M.dueBoth,
    });
    for (const dueDays of [0, 3651, 1.5, "7"]) {
      expect(refusal(await create(admin, { required: true, dueDays }))).toEqual({
        status: 400,
        error: M.dueDaysInvalid,
      });
    }
    for (const dueDate of ["2031-02-30", "31-01-01", "2031-1-1", "tomorrow", 20310101]) {
      expect(refusal(await create(admin, { required: true, dueDate }))).toEqual({
        status: 400,
        error: M.dueDateInvalid,
      });
    }
    expect(refusal(await create(admin, { required: "yes" }))).toEqual({ status: 400, error: M.requiredInvalid });
    const course = await createCourse(admin, { title: "Valid due", required: true, dueDays: 3650 });
    expect(
      refusal(await admin.post("/_api/courses/update", { id: course.id, dueDate: "2031-01-01", dueDays: 2 })),
    ).toEqual({
      status: 400,
      error: M.dueBoth,
    });
    expect(ok<CourseView>(await admin.get("/_api/courses/get", { id: String(course.id) }))).toMatchObject({
      dueDays: 3650,
    });
  });

  it("stores no deadline for an optional course; one kind of deadline replaces the other", async () => {
    const admin = world.admin;
    expect(await createCourse(admin, { title: "Optional due", dueDays: 5 })).toMatchObject({
      required: false,
      dueDate: null,
      dueDays: null,
      dueAt: null,
    });
    const course = await createCourse(admin, { title: "Switching due", required: true, dueDate: "2031-01-01" });
    expect(course).toMatchObject({ required: true, dueDate: "2031-01-01", dueDays: null });
    const update = async (input: Record<string, unknown>) =>
      ok<CourseView>(await admin.post("/_api/courses/update", { id: course.id, ...input }));
    expect(await update({ dueDays: 30 })).toMatchObject({ required: true, dueDate: null, dueDays: 30 });
    expect(await update({ title: "Switching due (renamed)" })).toMatchObject({ dueDays: 30 });
    expect(await update({ dueDays: null })).toMatchObject({ required: true, dueDate: null, dueDays: null });
    expect(await update({ dueDate: "2031-12-31" })).toMatchObject({ dueDate: "2031-12-31" });
    expect(await update({ required: false })).toMatchObject({ required: false, dueDate: null, dueDays: null });
  });

  it("a teacher may edit the due fields (courses.edit); a learner may not", async () => {
    const w = world;
    const course = await createCourse(w.admin, { title: "Teacher due" });
    expect(
      ok<CourseView>(
        await w.team.members.teacher.api.post("/_api/courses/update", { id: course.id, required: true, dueDays: 9 }),
      ),
    ).toMatchObject({ required: true, dueDays: 9 });
    expect((await w.driver.api.post("/_api/courses/update", { id: course.id, required: false })).status).toBe(403);
  });
});
