import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Organization } from "#server/entities.js";
import type { CourseView } from "#server/modules/courses/courses.presenter.js";
import { readRowsAcrossOrganizations } from "#server/platform/db/rows.js";
import { SESSION_COOKIE } from "#shared/constants.js";
import { courseCursorOf } from "#shared/course-cursor.js";
import { COURSE_MESSAGES as M } from "#shared/schemas/courses.js";
import { dialectOf } from "../../../mikro-orm.config.js";
import { startTestApp, type TestApp } from "../support/app.js";
import type { ApiClient } from "../support/client.js";
import { createCourse, staffedOrganization } from "../support/course-fixtures.js";
import { ok, orgWithMembers, refusal } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/** The session check reads the database on every request; courses/list pages. */

const app = suiteApp();
const staff = suiteFixture(async () => {
  const team = await staffedOrganization(app, "paging");
  const courses: CourseView[] = [];
  // Seven courses, every third a draft; created one after another, so newest first is the reverse.
  for (let i = 0; i < 7; i++) {
    courses.push(
      await createCourse(team.admin.api, { title: `Paged course ${i}`, status: i % 3 === 0 ? "draft" : "published" }),
    );
  }
  return { ...team, courses };
});

async function listCourses(api: ApiClient, query: Record<string, string> = {}): Promise<CourseView[]> {
  return ok<CourseView[]>(await api.get(`/_api/courses/list?${new URLSearchParams(query)}`));
}

/** Every page of the list, `limit` at a time, following each page's last course. */
async function allPages(api: ApiClient, limit: number): Promise<CourseView[][]> {
  const pages: CourseView[][] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 20; page++) {
    const courses = await listCourses(api, { limit: String(limit), ...(cursor ? { cursor } : {}) });
    pages.push(courses);
    const last = courses.at(-1);
    if (courses.length < limit || !last) return pages;
    cursor = courseCursorOf(last);
  }
  throw new Error("More pages than there are courses");
}

describe("courses/list pages (limit, cursor)", () => {
  it("without them answers the whole list as before; with them, the same courses page by page", async () => {
    const whole = await listCourses(staff.admin.api);
    expect(whole.map((course) => course.id)).toEqual(staff.courses.map((course) => course.id).reverse());
    const pages = await allPages(staff.admin.api, 3);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(whole);
  });

  it("a full last page is followed by an empty one", async () => {
    const pages = await allPages(staff.admin.api, 7);
    expect(pages.map((page) => page.length)).toEqual([7, 0]);
  });

  it("a learner pages through published courses only", async () => {
    const published = staff.courses.filter((course) => course.status === "published").reverse();
    const pages = await allPages(staff.learner.api, 2);
    expect(pages.flat().map((course) => course.id)).toEqual(published.map((course) => course.id));
  });

  it("pages keep the filters: status and search", async () => {
    const drafts = await listCourses(staff.admin.api, { status: "draft", limit: "2" });
    expect(drafts.map((course) => course.title)).toEqual(["Paged course 6", "Paged course 3"]);
    const last = drafts.at(-1) as CourseView;
    const rest = await listCourses(staff.admin.api, { status: "draft", limit: "2", cursor: courseCursorOf(last) });
    expect(rest.map((course) => course.title)).toEqual(["Paged course 0"]);
  });

  it.each([
    [{ limit: "0" }, M.limitInvalid],
    [{ limit: "101" }, M.limitInvalid],
    [{ limit: "2.5" }, M.limitInvalid],
    [{ limit: "2", cursor: "yesterday" }, M.cursorInvalid],
    [{ limit: "2", cursor: "1.0" }, M.cursorInvalid],
  ])("%j → 400 with its message", async (query, message) => {
    expect(refusal(await staff.admin.api.get(`/_api/courses/list?${new URLSearchParams(query)}`))).toEqual({
      status: 400,
      error: message,
    });
  });

  it("a cursor made from another organization's course pages only the caller's own courses", async () => {
    const other = await orgWithMembers(app, { label: "paging-other" });
    const theirs = await createCourse(other.admin.api, { title: "Their course", status: "published" });
    const pages = await listCourses(staff.admin.api, { limit: "50", cursor: courseCursorOf(theirs) });
    const ours = new Set(staff.courses.map((course) => course.id));
    expect(pages.every((course) => ours.has(course.id))).toBe(true);
    expect(await listCourses(other.admin.api, { limit: "50" })).toEqual([expect.objectContaining({ id: theirs.id })]);
  });
});

describe("the session check has no cache (decision 0156)", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await startTestApp();
    second = await startTestApp({}, { sameDatabaseAs: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("a logout on one instance ends the session on the other at once", async () => {
    const team = await orgWithMembers(first, { label: "revoke-logout" });
    const elsewhere = second.newAgent();
    elsewhere.jar.set(SESSION_COOKIE, String(team.admin.api.jar.get(SESSION_COOKIE)));
    expect((await elsewhere.get("/_api/courses/list")).status).toBe(200);
    expect((await team.admin.api.post("/_api/auth/logout")).status).toBe(200);
    expect((await elsewhere.get("/_api/courses/list")).status).toBe(401);
    expect((await elsewhere.get("/_api/auth/me")).status).toBe(401);
  });

  it("a password change on one instance ends the other sessions on the other at once", async () => {
    const team = await orgWithMembers(first, { label: "revoke-password" });
    const elsewhere = second.newAgent();
    const { email, password } = team.admin;
    expect((await elsewhere.post("/_api/auth/login", { email, password })).status).toBe(200);
    expect((await elsewhere.get("/_api/tags/list")).status).toBe(200);
    const changed = await team.admin.api.post("/_api/auth/change-password", {
      currentPassword: password,
      newPassword: "a new password 123",
    });
    expect(changed.status).toBe(200);
    expect((await elsewhere.get("/_api/tags/list")).status).toBe(401);
    expect((await team.admin.api.get("/_api/tags/list")).status).toBe(200);
  });

  it("a membership removed on one instance is gone from the next request on the other", async () => {
    const team = await orgWithMembers(first, { label: "revoke-member", roles: ["learner"] });
    const learner = team.members.learner;
    expect((await learner.api.get("/_api/courses/list")).status).toBe(200);
    await first.orm.em
      .fork()
      .getConnection()
      .execute("delete from memberships where user_id = ? and organization_id = ?", [learner.id, team.org.id]);
    const elsewhere = second.newAgent();
    elsewhere.jar.set(SESSION_COOKIE, String(learner.api.jar.get(SESSION_COOKIE)));
    expect((await elsewhere.get("/_api/courses/list")).status).toBe(404);
    expect(ok<{ currentOrganization: unknown }>(await elsewhere.get("/_api/auth/me")).currentOrganization).toBeNull();
  });
});

describe("plain-row reads and transactions (decision 0233)", () => {
  it("a read outside a transaction never sees another request's uncommitted row", async () => {
    const slug = "uncommitted-org";
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let flushed = () => {};
    const inserted = new Promise<void>((resolve) => {
      flushed = resolve;
    });
    const writer = app.orm.em.fork().transactional(async (em) => {
      em.create(Organization, { name: "Uncommitted", slug });
      await em.flush();
      flushed();
      await gate;
    });
    await inserted;
    let committed = false;
    const reader = readRowsAcrossOrganizations<{ id: number }>(
      app.orm.em.fork(),
      "select id from organizations where slug = ?",
      [slug],
    ).then((rows) => ({ rows, beforeCommit: !committed }));
    // The read has as many turns of the event loop as it wants to run before the writer commits.
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    release();
    await writer;
    committed = true;
    const { rows, beforeCommit } = await reader;
    // Never the row before the commit. SQLite's one connection waits for the commit and then finds it.
    // PostgreSQL reads on another connection: without the row when its snapshot came first, and its answer
    // may arrive after the commit on a busy machine, so then either is right.
    if (beforeCommit) expect(rows).toHaveLength(0);
    else if (dialectOf(app.config) === "sqlite") expect(rows).toHaveLength(1);
    else expect(rows.length).toBeLessThanOrEqual(1);
  });
});
