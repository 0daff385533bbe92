import { describe, expect, it } from "vitest";
import type { CourseView } from "#server/modules/courses/courses.presenter.js";
import type { LessonPageView, LessonView } from "#server/modules/courses/lessons.presenter.js";
import type { ModuleView } from "#server/modules/courses/modules.presenter.js";
import { COURSE_MESSAGES as M } from "#shared/schemas/courses.js";
import {
  createCourse,
  createLesson,
  createModule,
  sampleCourse,
  staffedOrganization,
  structureOf,
} from "../support/course-fixtures.js";
import { ok, refusal } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/** Decision 0050: every save names the version it was based on; a stale one is refused and nothing is lost. */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "versions"));
const stranger = suiteFixture(() => staffedOrganization(app, "versions-other"));

async function lessonPage(id: number): Promise<LessonPageView> {
  return ok<LessonPageView>(await staff.admin.api.get("/_api/lessons/get", { id: String(id) }));
}

describe("lesson versions", () => {
  it("a new lesson is version 1 in its create answer, lessons/get and courses/structure", async () => {
    const { course, lessons } = await sampleCourse(staff.admin.api);
    expect(lessons.A1.version).toBe(1);
    expect((await lessonPage(lessons.A1.id)).version).toBe(1);
    const modules = await structureOf(staff.admin.api, course.id);
    expect(modules.flatMap((module) => module.lessons.map((lesson) => lesson.version))).toEqual([1, 1, 1, 1, 1]);
    expect(modules.map((module) => module.version)).toEqual([1, 1]);
  });

  it("two editors from the same version: the second is refused and the first one's text stays", async () => {
    const { lessons } = await sampleCourse(staff.admin.api);
    const { id, version } = lessons.A1;
    const first = await staff.teacher.api.post("/_api/lessons/update", { id, version, content: "<p>First</p>" });
    expect(ok<LessonView>(first).version).toBe(2);
    const second = await staff.manager.api.post("/_api/lessons/update", { id, version, title: "Second" });
    expect(refusal(second)).toEqual({ status: 409, error: M.lessonChanged });
    const page = await lessonPage(id);
    expect(page).toMatchObject({ title: "A1", content: "<p>First</p>", version: 2 });
    // Based on what is there now, the second editor's save goes through.
    const retried = ok<LessonView>(
      await staff.manager.api.post("/_api/lessons/update", { id, version: 2, title: "Second" }),
    );
    expect(retried).toMatchObject({ title: "Second", content: "<p>First</p>", version: 3 });
  });

  it("two saves from the same version at once: exactly one wins, whole", async () => {
    const { lessons } = await sampleCourse(staff.admin.api);
    const { id, version } = lessons.A2;
    const texts = ["<p>Teacher wrote this</p>", "<p>Manager wrote that</p>"];
    const responses = await Promise.all([
      staff.teacher.api.post("/_api/lessons/update", { id, version, content: texts[0] }),
      staff.manager.api.post("/_api/lessons/update", { id, version, content: texts[1] }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const winner = responses.findIndex((response) => response.status === 200);
    expect(await lessonPage(id)).toMatchObject({ content: texts[winner], version: 2 });
  });

  it("without a version a save applies as before, and one that changes nothing keeps the version", async () => {
    const lesson = await createLesson(staff.admin.api, (await sampleCourse(staff.admin.api)).moduleA.id);
    const saved = ok<LessonView>(await staff.teacher.api.post("/_api/lessons/update", { id: lesson.id, title: "T" }));
    expect(saved).toMatchObject({ title: "T", version: 2 });
    const same = ok<LessonView>(
      await staff.teacher.api.post("/_api/lessons/update", { id: lesson.id, version: 2, title: "T" }),
    );
    expect(same.version).toBe(2);
  });

  it("a version that is not a positive number is refused with the field's message", async () => {
    const { lessons } = await sampleCourse(staff.admin.api);
    const response = await staff.admin.api.post("/_api/lessons/update", { id: lessons.A1.id, version: "1" });
    expect(refusal(response)).toEqual({ status: 400, error: M.versionInvalid });
  });

  it("a member of another organization gets 'not found' and the lesson keeps its text and version", async () => {
    const { lessons } = await sampleCourse(staff.admin.api);
    const { id, version } = lessons.B1;
    const response = await stranger.admin.api.post("/_api/lessons/update", { id, version, title: "Taken" });
    expect(refusal(response)).toEqual({ status: 404, error: M.lessonNotFound });
    expect(await lessonPage(id)).toMatchObject({ title: "B1", version: 1 });
  });
});

describe("module and course versions", () => {
  it("a stale module save is refused with the module's message", async () => {
    const course = await createCourse(staff.admin.api);
    const module = await createModule(staff.admin.api, course.id, "Intro");
    expect(module.version).toBe(1);
    const renamed = ok<ModuleView>(
      await staff.teacher.api.post("/_api/modules/update", { id: module.id, version: 1, title: "Welcome" }),
    );
    expect(renamed.version).toBe(2);
    const stale = await staff.manager.api.post("/_api/modules/update", { id: module.id, version: 1, title: "Hi" });
    expect(refusal(stale)).toEqual({ status: 409, error: M.moduleChanged });
    const [stored] = await structureOf(staff.admin.api, course.id);
    expect(stored).toMatchObject({ title: "Welcome", version: 2 });
  });

  it("a stale course save is refused; a change of tags alone is a new version", async () => {
    const course = await createCourse(staff.admin.api, { title: "Versioned course" });
    expect(course.version).toBe(1);
    const tag = ok<{ id: number }>(
      await staff.admin.api.post("/_api/tags/create", { name: "Versioned tag", type: "department" }),
    );
    const tagged = ok<CourseView>(
      await staff.manager.api.post("/_api/courses/update", { id: course.id, version: 1, tagIds: [tag.id] }),
    );
    expect(tagged.version).toBe(2);
    const stale = await staff.teacher.api.post("/_api/courses/update", { id: course.id, version: 1, title: "Mine" });
    expect(refusal(stale)).toEqual({ status: 409, error: M.courseChanged });
    const stored = ok<CourseView>(await staff.admin.api.get("/_api/courses/get", { id: String(course.id) }));
    expect(stored).toMatchObject({ title: "Versioned course", version: 2, tags: [expect.objectContaining(tag)] });
  });

  it("a member of another organization cannot touch a module or course: 'not found', versions unchanged", async () => {
    const course = await createCourse(staff.admin.api);
    const module = await createModule(staff.admin.api, course.id);
    const outsider = stranger.admin.api;
    expect(refusal(await outsider.post("/_api/modules/update", { id: module.id, version: 1, title: "X" }))).toEqual({
      status: 404,
      error: M.moduleNotFound,
    });
    expect(refusal(await outsider.post("/_api/courses/update", { id: course.id, version: 1, title: "XYZ" }))).toEqual({
      status: 404,
      error: M.courseNotFound,
    });
    const stored = ok<CourseView>(await staff.admin.api.get("/_api/courses/get", { id: String(course.id) }));
    expect(stored).toMatchObject({ title: course.title, version: 1, modules: [{ title: module.title, version: 1 }] });
  });
});
