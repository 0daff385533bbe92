import { describe, expect, it } from "vitest";
import type { ModuleOutlineView } from "#server/modules/courses/courses.presenter.js";
import type { LessonView } from "#server/modules/courses/lessons.presenter.js";
import type { ModuleView } from "#server/modules/courses/modules.presenter.js";
import { DEFAULT_LESSON_TITLE, DEFAULT_MODULE_TITLE } from "#shared/constants.js";
import { COURSE_MESSAGES as M } from "#shared/schemas/courses.js";
import {
  createCourse,
  createLesson,
  createModule,
  expectDense,
  outlineOf,
  positions,
  sampleCourse,
  staffedOrganization,
  structureOf,
} from "../support/course-fixtures.js";
import { ok, refusal } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/** Modules and lessons: validation, permissions, order, moves, stored content (docs/SPEC.md §7). */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "content"));

describe("modules: validation and defaults (docs/SPEC.md §5, §9)", () => {
  it("appends, defaults the title to New Module, and validates", async () => {
    const api = staff.teacher.api;
    const course = await createCourse(staff.admin.api);
    const first = await createModule(api, course.id);
    expect(first).toEqual({
      id: expect.any(Number),
      courseId: course.id,
      title: DEFAULT_MODULE_TITLE,
      description: null,
      orderIndex: 0,
      version: 1,
    });
    expect((await createModule(api, course.id, "Second")).orderIndex).toBe(1);

    const cases: [Record<string, unknown>, number, string][] = [
      [{ courseId: course.id, title: "" }, 400, M.titleRequired],
      [{ courseId: course.id, title: "   " }, 400, M.titleRequired],
      [{ courseId: course.id, title: "t".repeat(256) }, 400, M.titleTooLong],
      [{ courseId: course.id, description: "d".repeat(1001) }, 400, M.descriptionTooLong],
      [{ courseId: "abc" }, 400, M.courseIdInvalid],
      [{ courseId: 999_999 }, 404, M.courseNotFound],
    ];
    for (const [input, status, error] of cases) {
      expect(refusal(await api.post("/_api/modules/create", input))).toEqual({ status, error });
    }
    const updated = ok<ModuleView>(
      await api.post("/_api/modules/update", { id: first.id, title: " Basics ", description: "Start here" }),
    );
    expect(updated).toMatchObject({ title: "Basics", description: "Start here", orderIndex: 0 });
    expect(refusal(await api.post("/_api/modules/update", { id: first.id, title: "" }))).toEqual({
      status: 400,
      error: M.titleRequired,
    });
    expect(refusal(await api.post("/_api/modules/update", { id: 999_999, title: "X" }))).toEqual({
      status: 404,
      error: M.moduleNotFound,
    });
    expect(await outlineOf(api, course.id)).toEqual({ Basics: [], Second: [] });
  });
});

describe("lessons: validation, defaults and content (docs/SPEC.md §5, docs/DESIGN.md §5)", () => {
  it("appends, defaults the title to New Lesson, accepts http(s) video URLs only", async () => {
    const api = staff.teacher.api;
    const course = await createCourse(staff.admin.api);
    const module = await createModule(api, course.id);
    const first = await createLesson(api, module.id);
    expect(first).toEqual({
      id: expect.any(Number),
      moduleId: module.id,
      title: DEFAULT_LESSON_TITLE,
      content: null,
      videoUrl: null,
      embedUrl: null,
      orderIndex: 0,
      version: 1,
      requiresSignoff: false,
    });
    const video = await createLesson(api, module.id, { title: "Video", videoUrl: "https://youtu.be/dQw4w9WgXcQ" });
    expect(video).toMatchObject({
      orderIndex: 1,
      videoUrl: "https://youtu.be/dQw4w9WgXcQ",
      embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    });

    for (const videoUrl of ["javascript:alert(1)", "data:text/html,<b>x</b>", "ftp://files.example/a", "not a url"]) {
      expect(refusal(await api.post("/_api/lessons/create", { moduleId: module.id, videoUrl }))).toEqual({
        status: 400,
        error: M.urlInvalid,
      });
      expect(refusal(await api.post("/_api/lessons/update", { id: video.id, videoUrl }))).toEqual({
        status: 400,
        error: M.urlInvalid,
      });
    }
    const cases: [string, Record<string, unknown>, number, string][] = [
      ["create", { moduleId: module.id, title: "" }, 400, M.titleRequired],
      ["create", { moduleId: module.id, title: "t".repeat(256) }, 400, M.titleTooLong],
      ["create", { moduleId: 0 }, 400, M.moduleIdInvalid],
      ["create", { moduleId: 999_999 }, 404, M.moduleNotFound],
      ["update", { id: video.id, title: "  " }, 400, M.titleRequired],
      ["update", { id: "x" }, 400, M.lessonIdInvalid],
      ["update", { id: 999_999, title: "Ghost" }, 404, M.lessonNotFound],
    ];
    for (const [action, input, status, error] of cases) {
      expect(refusal(await api.post(`/_api/lessons/${action}`, input))).toEqual({ status, error });
    }
    const cleared = ok<LessonView>(await api.post("/_api/lessons/update", { id: video.id, videoUrl: "" }));
    expect(cleared).toMatchObject({ title: "Video", videoUrl: null, embedUrl: null });
  });

  it("stores Markdown as sanitized HTML and strips stored XSS from HTML", async () => {
    const api = staff.teacher.api;
    const module = await createModule(api, (await createCourse(staff.admin.api, { status: "published" })).id);
    const markdown = await createLesson(api, module.id, {
      content: "# Steps\n\n1. **Lock** the [panel](https://example.com)\n2. <img src=x onerror=alert(1)>",
    });
    expect(markdown.content).toContain("<h1>Steps</h1>");
    expect(markdown.content).toContain("<strong>Lock</strong>");
    expect(markdown.content).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">panel</a>',
    );
    const payloads = [
      "<p>ok</p><script>alert(1)</script>",
      '<p>ok</p><img src="https://x.example/a.png" onerror="alert(1)">',
      '<p><a href="javascript:alert(1)">ok</a></p>',
      '<p><a href="jav&#x09;ascript&colon;alert(1)">ok</a></p>',
      "<p>ok</p><svg onload=alert(1)></svg><iframe src=//evil.example></iframe>",
      '<p style="background:url(javascript:alert(1))" onclick="alert(1)">ok</p>',
    ];
    for (const content of payloads) {
      const lesson = await createLesson(api, module.id, { content });
      const read = ok<{ content: string }>(await staff.learner.api.get("/_api/lessons/get", { id: String(lesson.id) }));
      for (const stored of [lesson.content ?? "", read.content]) {
        expect(stored).toContain("ok");
        expect(stored).not.toMatch(/<script|onerror|onload|onclick|javascript|<svg|<iframe|style=/i);
      }
    }
    const updated = ok<LessonView>(
      await api.post("/_api/lessons/update", { id: markdown.id, content: "<b onmouseover=alert(1)>bold</b>" }),
    );
    expect(updated.content).toBe("<b>bold</b>");
  });
});

describe("permissions: content writes need courses.edit (docs/DESIGN.md §6)", () => {
  it("lets teachers, managers and admins write; refuses learners and users, changing nothing", async () => {
    const { course, moduleA, moduleB, lessons } = await sampleCourse(staff.admin.api);
    const before = await structureOf(staff.admin.api, course.id);
    for (const member of [staff.learner, staff.user]) {
      const writes: [string, Record<string, unknown>][] = [
        ["/_api/modules/create", { courseId: course.id, title: "X" }],
        ["/_api/modules/update", { id: moduleA.id, title: "X" }],
        ["/_api/modules/delete", { id: moduleB.id }],
        ["/_api/modules/reorder", { courseId: course.id, modules: positions([moduleB.id, moduleA.id]) }],
        ["/_api/lessons/create", { moduleId: moduleA.id, title: "X" }],
        ["/_api/lessons/update", { id: lessons.A1.id, title: "X" }],
        ["/_api/lessons/delete", { id: lessons.A1.id }],
        ["/_api/lessons/reorder", { moduleId: moduleB.id, lessons: positions([lessons.B2.id, lessons.B1.id]) }],
      ];
      for (const [path, input] of writes) expect(refusal(await member.api.post(path, input)).status, path).toBe(403);
    }
    expect(await structureOf(staff.admin.api, course.id)).toEqual(before);
    for (const member of [staff.teacher, staff.manager, staff.admin]) {
      ok(await member.api.post("/_api/modules/update", { id: moduleA.id, title: `By ${member.role}` }));
      ok(await member.api.post("/_api/lessons/update", { id: lessons.A1.id, title: `By ${member.role}` }));
    }
  });
});

describe("module order", () => {
  it("reorders by the submitted positions, stored as 0..n-1, answering with the structure", async () => {
    const { course, moduleA, moduleB } = await sampleCourse(staff.admin.api);
    const moduleC = await createModule(staff.teacher.api, course.id, "Module C");
    const result = ok<ModuleOutlineView[]>(
      await staff.teacher.api.post("/_api/modules/reorder", {
        courseId: course.id,
        modules: [
          { id: moduleA.id, orderIndex: 7 },
          { id: moduleC.id, orderIndex: 0 },
          { id: moduleB.id, orderIndex: 3 },
        ],
      }),
    );
    expect(result.map((module) => module.title)).toEqual(["Module C", "Module B", "Module A"]);
    expectDense(result);
    expect(await structureOf(staff.teacher.api, course.id)).toEqual(result);
  });

  it("refuses a partial, stale or malformed list whole", async () => {
    const { course, moduleA, moduleB } = await sampleCourse(staff.admin.api);
    const other = await sampleCourse(staff.admin.api);
    const before = await structureOf(staff.admin.api, course.id);
    const reorder = (modules: unknown) =>
      staff.teacher.api.post("/_api/modules/reorder", { courseId: course.id, modules });
    const cases: [unknown, number, string][] = [
      [positions([moduleB.id]), 409, M.modulesStale],
      [positions([moduleB.id, moduleA.id, 999_999]), 409, M.modulesStale],
      [positions([moduleB.id, other.moduleA.id]), 409, M.modulesStale],
      [[], 400, M.modulesRequired],
      [undefined, 400, M.modulesRequired],
      [positions([moduleA.id, moduleA.id]), 400, M.duplicateModule],
      [
        [
          { id: moduleA.id, orderIndex: 1 },
          { id: moduleB.id, orderIndex: 1 },
        ],
        400,
        M.duplicateOrderIndex,
      ],
      [
        [
          { id: moduleA.id, orderIndex: -1 },
          { id: moduleB.id, orderIndex: 0 },
        ],
        400,
        M.orderIndexInvalid,
      ],
      [
        [
          { id: moduleA.id, orderIndex: 0.5 },
          { id: moduleB.id, orderIndex: 0 },
        ],
        400,
        M.orderIndexInvalid,
      ],
    ];
    for (const [modules, status, error] of cases) expect(refusal(await reorder(modules))).toEqual({ status, error });
    // A list from before someone added a module.
    await createModule(staff.manager.api, course.id, "Added meanwhile");
    expect(refusal(await reorder(positions([moduleB.id, moduleA.id])))).toEqual({ status: 409, error: M.modulesStale });
    const after = await structureOf(staff.admin.api, course.id);
    expect(after.slice(0, 2)).toEqual(before);
    expect(
      refusal(await staff.teacher.api.post("/_api/modules/reorder", { courseId: 999_999, modules: positions([1]) })),
    ).toEqual({ status: 404, error: M.courseNotFound });
  });

  it("deleting a module deletes its lessons and their completions, and closes the gap", async () => {
    const { course, moduleA, lessons } = await sampleCourse(staff.admin.api);
    const moduleC = await createModule(staff.teacher.api, course.id, "Module C");
    ok(await staff.learner.api.post("/_api/lessons/complete", { lessonId: lessons.A2.id }));
    ok(await staff.teacher.api.post("/_api/modules/delete", { id: moduleA.id }));
    const after = await structureOf(staff.teacher.api, course.id);
    expect(after.map((module) => [module.id, module.title])).toEqual([
      [expect.any(Number), "Module B"],
      [moduleC.id, "Module C"],
    ]);
    expectDense(after);
    expect(refusal(await staff.learner.api.get("/_api/lessons/get", { id: String(lessons.A2.id) }))).toEqual({
      status: 404,
      error: M.lessonNotFound,
    });
    const { lessonIds } = ok<{ lessonIds: number[] }>(await staff.learner.api.get("/_api/users/completions"));
    expect(lessonIds).not.toContain(lessons.A2.id);
    expect(refusal(await staff.teacher.api.post("/_api/modules/delete", { id: moduleA.id }))).toEqual({
      status: 404,
      error: M.moduleNotFound,
    });
  });
});

describe("lesson order and moves between modules (docs/decisions/0004-ordering.md)", () => {
  it("reorders within a module and closes the gap when a lesson is deleted", async () => {
    const { course, moduleA, lessons } = await sampleCourse(staff.admin.api);
    const api = staff.teacher.api;
    const { A1, A2, A3 } = lessons;
    const result = ok<ModuleOutlineView[]>(
      await api.post("/_api/lessons/reorder", { moduleId: moduleA.id, lessons: positions([A3.id, A1.id, A2.id]) }),
    );
    expect(result).toEqual(await structureOf(api, course.id));
    expect(await outlineOf(api, course.id)).toEqual({ "Module A": ["A3", "A1", "A2"], "Module B": ["B1", "B2"] });
    ok(await api.post("/_api/lessons/delete", { id: A1.id }));
    expect(await outlineOf(api, course.id)).toEqual({ "Module A": ["A3", "A2"], "Module B": ["B1", "B2"] });
    expectDense(await structureOf(api, course.id));
    expect(refusal(await api.post("/_api/lessons/delete", { id: A1.id }))).toEqual({
      status: 404,
      error: M.lessonNotFound,
    });
  });

  it("moves a lesson named in another module's list, keeping its completions; the source closes up", async () => {
    const { course, moduleB, lessons } = await sampleCourse(staff.admin.api);
    const { A2, B1, B2 } = lessons;
    ok(await staff.learner.api.post("/_api/lessons/complete", { lessonId: A2.id }));
    ok(
      await staff.teacher.api.post("/_api/lessons/reorder", {
        moduleId: moduleB.id,
        lessons: positions([B1.id, A2.id, B2.id]),
      }),
    );
    expect(await outlineOf(staff.learner.api, course.id)).toEqual({
      "Module A": ["A1", "A3"],
      "Module B": ["B1", "A2", "B2"],
    });
    const after = await structureOf(staff.learner.api, course.id);
    expectDense(after);
    expect(after[1]?.lessons.find((lesson) => lesson.id === A2.id)?.isCompleted).toBe(true);
  });

  it("moves into an empty module, leaving the source empty", async () => {
    const { course, moduleB, lessons } = await sampleCourse(staff.admin.api);
    const empty = await createModule(staff.teacher.api, course.id, "Empty");
    ok(
      await staff.teacher.api.post("/_api/lessons/reorder", {
        moduleId: empty.id,
        lessons: positions([lessons.B2.id, lessons.B1.id]),
      }),
    );
    expect(await outlineOf(staff.teacher.api, course.id)).toEqual({
      "Module A": ["A1", "A2", "A3"],
      "Module B": [],
      Empty: ["B2", "B1"],
    });
    expect((await structureOf(staff.teacher.api, course.id))[1]?.id).toBe(moduleB.id);
  });

  it("refuses a list that leaves out a current lesson or names one outside the course", async () => {
    const { course, moduleA, lessons } = await sampleCourse(staff.admin.api);
    const other = await sampleCourse(staff.admin.api);
    const before = await structureOf(staff.admin.api, course.id);
    const { A1, A2, A3, B1 } = lessons;
    const reorder = (items: unknown) =>
      staff.teacher.api.post("/_api/lessons/reorder", { moduleId: moduleA.id, lessons: items });
    const cases: [unknown, number, string][] = [
      [positions([A1.id, A2.id]), 409, M.lessonsStale],
      [positions([B1.id, A1.id, A2.id]), 409, M.lessonsStale],
      [positions([A1.id, A2.id, A3.id, other.lessons.A1.id]), 409, M.lessonsStale],
      [positions([A1.id, A2.id, A3.id, 999_999]), 409, M.lessonsStale],
      [[], 400, M.lessonsRequired],
      [positions([A1.id, A1.id, A2.id, A3.id]), 400, M.duplicateLesson],
    ];
    for (const [items, status, error] of cases) expect(refusal(await reorder(items))).toEqual({ status, error });
    expect(await structureOf(staff.admin.api, course.id)).toEqual(before);
    expect(
      refusal(
        await staff.teacher.api.post("/_api/lessons/reorder", { moduleId: 999_999, lessons: positions([A1.id]) }),
      ),
    ).toEqual({ status: 404, error: M.moduleNotFound });
  });
});
