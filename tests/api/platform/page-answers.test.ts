import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PAGE_ANSWERS_ELEMENT_ID, PAGE_PRELOADS_FILE, SESSION_COOKIE } from "../../../shared/constants.js";
import { startTestApp, type TestApp } from "../support/app.js";
import type { ApiClient } from "../support/client.js";
import { createCourse, createLesson, createModule, staffedOrganization } from "../support/course-fixtures.js";
import { ok, orgWithMembers } from "../support/org-fixtures.js";

/**
 * Decision 0220: a signed-in course or lesson page's HTML carries its first answers, read with the
 * person's own session and the API's own checks; decision 0222: and its route's scripts as preloads.
 */

const APP_HTML = `<!doctype html><html><head><title>Trainwright</title></head><body><div id="root"></div></body></html>`;
const PRELOADS = { course: ["/assets/course-page-abc.js"], lesson: ["/assets/lesson-page-def.js"] };
const HOSTILE_TITLE = "Safety </script><script>alert(1)</script><!-- & more";

let root: string;
let app: TestApp;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "trainwright-page-answers-"));
  writeFileSync(path.join(root, "index.html"), APP_HTML);
  writeFileSync(path.join(root, PAGE_PRELOADS_FILE), JSON.stringify(PRELOADS));
  app = await startTestApp({ CLIENT_DIR: root });
});
afterAll(async () => {
  await app?.close();
  rmSync(root, { recursive: true, force: true });
});

interface Answer {
  procedure: string;
  input?: Record<string, number>;
  organizationId: number | null;
  item: { result: { data: { json: Record<string, unknown> } } };
}

/** What the course page renders with, for anyone who may read the course (decision 0247). */
const COURSE_PAGE_CALLS = ["auth.me", "orgs.list", "courses.get", "tags.list", "training.mine", "signoffs.mine"];

const BLOCK = new RegExp(`<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">(.*?)</script>`, "s");

async function pageOf(api: ApiClient, pathname: string) {
  const response = await api.get(pathname);
  expect(response.status).toBe(200);
  const block = BLOCK.exec(response.text)?.[1];
  const answers = block === undefined ? null : (JSON.parse(block) as Answer[]);
  const json = (procedure: string) => answers?.find((answer) => answer.procedure === procedure)?.item.result.data.json;
  return { response, answers, json, procedures: answers?.map((answer) => answer.procedure) ?? [] };
}

describe("a signed-in course or lesson page", () => {
  it("carries who is signed in, their organizations and the course, kept from every shared cache", async () => {
    const { org, admin } = await orgWithMembers(app, { label: "answers" });
    const course = await createCourse(admin.api, { title: "Forklift basics", status: "published" });
    const page = await pageOf(admin.api, `/${org.slug}/courses/${course.id}`);
    expect(page.procedures).toEqual([...COURSE_PAGE_CALLS, "assignments.list"]);
    expect(page.json("auth.me")).toMatchObject({ id: admin.id, email: admin.email });
    expect(page.json("courses.get")).toMatchObject({ id: course.id, title: "Forklift basics" });
    expect(page.answers?.find((answer) => answer.procedure === "courses.get")).toMatchObject({
      input: { id: course.id },
      organizationId: org.id,
    });
    expect(page.response.headers.get("cache-control")).toBe("private, no-store");
    expect(page.response.headers.get("vary")).toMatch(/cookie/i);
    expect(page.response.text).toContain('<link rel="modulepreload" crossorigin href="/assets/course-page-abc.js">');
  });

  it("carries what the course page's first render reads, as the API answers it, by permission", async () => {
    const { org, admin, learner } = await staffedOrganization(app, "following-answers");
    const course = await createCourse(admin.api, { title: "Dock safety", status: "published" });
    const tag = ok<{ id: number }>(
      await admin.api.post("/_api/tags/create", { name: "Dock crew", type: "department" }),
    );
    ok(await admin.api.post("/_api/assignments/create", { courseId: course.id, userIds: [learner.id] }));

    const adminPage = await pageOf(admin.api, `/${org.slug}/courses/${course.id}`);
    const assignments = adminPage.answers?.find((answer) => answer.procedure === "assignments.list");
    expect(assignments).toMatchObject({ input: { courseId: course.id }, organizationId: org.id });
    expect(adminPage.json("assignments.list")).toMatchObject({ assignments: [{ userId: learner.id }] });
    expect(adminPage.json("tags.list")).toEqual([expect.objectContaining({ id: tag.id, name: "Dock crew" })]);
    expect(adminPage.answers?.find((answer) => answer.procedure === "signoffs.mine")?.input).toEqual({
      courseId: course.id,
    });

    // A learner may not list who is assigned: the page carries only what the API gives them.
    expect((await learner.api.get("/_api/assignments/list", { courseId: String(course.id) })).status).toBe(403);
    const learnerPage = await pageOf(learner.api, `/${org.slug}/courses/${course.id}`);
    expect(learnerPage.procedures).toEqual(COURSE_PAGE_CALLS);
    const training = learnerPage.json("training.mine") as { assigned: unknown[]; optional: unknown[] } | undefined;
    expect([...(training?.assigned ?? []), ...(training?.optional ?? [])]).toEqual([
      expect.objectContaining({ courseId: course.id }),
    ]);
  });

  it("carries a sign-off lesson's standing with the lesson", async () => {
    const { org, admin } = await orgWithMembers(app, { label: "signoff-answers" });
    const course = await createCourse(admin.api, { status: "published" });
    const lesson = await createLesson(admin.api, (await createModule(admin.api, course.id)).id, { title: "Sign me" });
    ok(await admin.api.post("/_api/lessons/update", { id: lesson.id, requiresSignoff: true }));
    const page = await pageOf(admin.api, `/${org.slug}/lessons/${lesson.id}`);
    expect(page.procedures).toEqual(["auth.me", "orgs.list", "lessons.get", "lessons.signoff"]);
    expect(page.answers?.at(-1)?.input).toEqual({ lessonId: lesson.id });
  });

  it("carries the lesson on a lesson page, with the lesson page's scripts", async () => {
    const { org, admin } = await orgWithMembers(app, { label: "lesson-answers" });
    const course = await createCourse(admin.api, { status: "published" });
    const lesson = await createLesson(admin.api, (await createModule(admin.api, course.id)).id, { title: "Pallets" });
    const page = await pageOf(admin.api, `/${org.slug}/lessons/${lesson.id}?preview=true`);
    expect(page.procedures).toEqual(["auth.me", "orgs.list", "lessons.get"]);
    expect(page.json("lessons.get")).toMatchObject({ id: lesson.id, title: "Pallets" });
    expect(page.response.text).toContain("/assets/lesson-page-def.js");
    expect(page.response.text).not.toContain("/assets/course-page-abc.js");
  });

  it("cannot be broken out of by a title that closes the script element", async () => {
    const { org, admin } = await orgWithMembers(app, { label: "hostile" });
    const course = await createCourse(admin.api, { title: HOSTILE_TITLE, status: "published" });
    const page = await pageOf(admin.api, `/${org.slug}/courses/${course.id}`);
    expect(page.response.text).not.toContain("<script>alert(1)");
    expect(page.response.text).not.toContain("<!--");
    // One element, closed once: the title's own `</script>` is text inside the JSON.
    expect(page.response.text.match(/<\/script>/g)).toHaveLength(1);
    expect(page.json("courses.get")).toMatchObject({ title: HOSTILE_TITLE });
  });

  it("leaves out a record the person may not read, as the API refuses it", async () => {
    const { org, admin, learner } = await staffedOrganization(app, "draft-answers");
    const draft = await createCourse(admin.api, { title: "Unreleased plan", status: "draft" });
    expect((await learner.api.get("/_api/courses/get", { id: String(draft.id) })).status).toBe(404);
    const page = await pageOf(learner.api, `/${org.slug}/courses/${draft.id}`);
    expect(page.procedures).toEqual(["auth.me", "orgs.list"]);
    expect(page.response.text).not.toContain("Unreleased plan");
  });

  it("shows a member of another organization nothing of this one's, by either slug", async () => {
    const home = await orgWithMembers(app, { label: "home" });
    const other = await orgWithMembers(app, { label: "other" });
    const secret = await createCourse(home.admin.api, { title: "Home secret", status: "published" });
    const lesson = await createLesson(home.admin.api, (await createModule(home.admin.api, secret.id)).id, {
      title: "Home secret lesson",
    });
    for (const pathname of [
      `/${home.org.slug}/courses/${secret.id}`,
      `/${other.org.slug}/courses/${secret.id}`,
      `/${home.org.slug}/lessons/${lesson.id}`,
      `/${other.org.slug}/lessons/${lesson.id}`,
    ]) {
      const page = await pageOf(other.admin.api, pathname);
      expect(page.procedures).toEqual(["auth.me", "orgs.list"]);
      expect(page.response.text).not.toContain("Home secret");
      expect(page.response.text).not.toContain(home.org.slug);
    }
  });

  it("is the built page as it is without a valid session, and on other pages", async () => {
    const { org, admin } = await orgWithMembers(app, { label: "plain" });
    const course = await createCourse(admin.api, { status: "published" });
    const signedOut = app.newAgent();
    const stale = app.newAgent();
    stale.jar.set(SESSION_COOKIE, "not-a-session");
    for (const [api, pathname] of [
      [signedOut, `/${org.slug}/courses/${course.id}`],
      [stale, `/${org.slug}/courses/${course.id}`],
      [admin.api, `/${org.slug}/courses`],
      [admin.api, `/${org.slug}/courses/${course.id}/edit`],
    ] as const) {
      const response = await api.get(pathname);
      expect(response.text).toBe(APP_HTML);
      expect(response.headers.get("cache-control")).toBe("no-cache");
    }
  });

  it("looks the session up once for all of its answers (decision 0236)", async () => {
    const { org, admin } = await orgWithMembers(app, { label: "one-lookup" });
    const course = await createCourse(admin.api, { status: "published" });
    const spy = vi.spyOn(app.orm.config.getLogger(), "logQuery");
    try {
      const page = await pageOf(admin.api, `/${org.slug}/courses/${course.id}`);
      expect(page.procedures).toEqual([...COURSE_PAGE_CALLS, "assignments.list"]);
      const lookups = spy.mock.calls.filter(([context]) => /from sessions s join users u/.test(String(context.query)));
      expect(lookups).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });
});
