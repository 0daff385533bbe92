import { beforeAll, describe, expect, it, vi } from "vitest";
import type { CourseView } from "#server/modules/courses/courses.presenter.js";
import type { TagView as TagResult } from "#server/modules/tags/tags.presenter.js";
import { COURSE_MESSAGES as M } from "#shared/schemas/courses.js";
import type { ApiClient } from "../support/client.js";
import {
  createCourse,
  createLesson,
  createModule,
  sampleCourse,
  staffedOrganization,
} from "../support/course-fixtures.js";
import { type Member, ok, orgWithMembers, refusal } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/** Courses (docs/SPEC.md §3, §5, §7; docs/DESIGN.md §6). */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "courses"));

async function newTag(api: ApiClient, input: { name: string; type: "department" | "role"; parentId?: number }) {
  return ok<TagResult>(await api.post("/_api/tags/create", input));
}

async function listCourses(api: ApiClient, query: Record<string, string | string[]> = {}): Promise<CourseView[]> {
  const url = new URL("/_api/courses/list", app.url);
  for (const [key, value] of Object.entries(query)) {
    for (const each of Array.isArray(value) ? value : [value]) url.searchParams.append(key, each);
  }
  return ok<CourseView[]>(await api.get(url.pathname + url.search));
}

describe("create and update: validation (docs/SPEC.md §5)", () => {
  it.each([
    [{ title: "ab" }, M.courseTitleTooShort],
    [{ title: "   ab   " }, M.courseTitleTooShort],
    [{}, M.courseTitleTooShort],
    [{ title: "x".repeat(256) }, M.titleTooLong],
    [{ title: "Valid title", description: "d".repeat(1001) }, M.descriptionTooLong],
    [{ title: "Valid title", status: "archived" }, M.statusInvalid],
    [{ title: "Valid title", tagIds: [0] }, M.tagIdInvalid],
    [{ title: "Valid title", tagIds: "3" }, M.tagIdInvalid],
  ])("create %j → 400", async (input, message) => {
    expect(refusal(await staff.admin.api.post("/_api/courses/create", input))).toEqual({ status: 400, error: message });
  });

  it("creates a draft by default, with a trimmed title and no description", async () => {
    const course = await createCourse(staff.admin.api, { title: "  Fire safety  " });
    expect(course).toEqual({
      id: expect.any(Number),
      title: "Fire safety",
      description: null,
      status: "draft",
      tags: [],
      createdAt: expect.any(Date),
      required: false,
      dueDate: null,
      dueDays: null,
      certification: null,
      // A draft has no audience (docs/SPEC.md §7).
      assignedToMe: false,
      dueAt: null,
      version: 1,
    });
  });

  it("updates only the fields sent; refuses bad ones and changes nothing", async () => {
    const course = await createCourse(staff.admin.api, { title: "Hygiene", description: "Wash hands" });
    const api = staff.teacher.api;
    expect(refusal(await api.post("/_api/courses/update", { id: course.id, title: "no" }))).toEqual({
      status: 400,
      error: M.courseTitleTooShort,
    });
    expect(refusal(await api.post("/_api/courses/update", { id: "x", title: "Hygiene 2" }))).toEqual({
      status: 400,
      error: M.courseIdInvalid,
    });
    const published = ok<CourseView>(await api.post("/_api/courses/update", { id: course.id, status: "published" }));
    expect(published).toMatchObject({ title: "Hygiene", description: "Wash hands", status: "published" });
    const cleared = ok<CourseView>(await api.post("/_api/courses/update", { id: course.id, description: "" }));
    expect(cleared.description).toBeNull();
    expect(refusal(await api.post("/_api/courses/update", { id: 999_999, title: "Ghost" }))).toEqual({
      status: 404,
      error: M.courseNotFound,
    });
  });
});

describe("tags of a course", () => {
  it("stores the tags of this organization, replaces them on update, and refuses unknown ones", async () => {
    const api = staff.admin.api;
    const dept = await newTag(api, { name: "Warehouse", type: "department" });
    const role = await newTag(api, { name: "Picker", type: "role", parentId: dept.id });
    const course = await createCourse(api, { title: "Picking", tagIds: [role.id, dept.id, role.id] });
    expect(course.tags).toEqual([
      { id: dept.id, name: "Warehouse", type: "department", color: dept.color, parentId: null },
      { id: role.id, name: "Picker", type: "role", color: null, parentId: dept.id },
    ]);

    const other = await orgWithMembers(app, { label: "tags-other" });
    const foreign = await newTag(other.admin.api, { name: "Foreign", type: "department" });
    for (const tagIds of [[foreign.id], [dept.id, 987_654]]) {
      expect(refusal(await api.post("/_api/courses/create", { title: "Tagged", tagIds }))).toEqual({
        status: 404,
        error: M.tagNotFound,
      });
      expect(refusal(await api.post("/_api/courses/update", { id: course.id, title: "Renamed", tagIds }))).toEqual({
        status: 404,
        error: M.tagNotFound,
      });
    }
    const unchanged = ok<CourseView>(await api.get("/_api/courses/get", { id: String(course.id) }));
    expect(unchanged.title).toBe("Picking");
    expect(unchanged.tags.map((tag) => tag.id)).toEqual([dept.id, role.id]);

    const replaced = ok<CourseView>(await api.post("/_api/courses/update", { id: course.id, tagIds: [dept.id] }));
    expect(replaced.tags.map((tag) => tag.id)).toEqual([dept.id]);
    const untouched = ok<CourseView>(await api.post("/_api/courses/update", { id: course.id, title: "Picking 2" }));
    expect(untouched.tags.map((tag) => tag.id)).toEqual([dept.id]);
  });
});

describe("list: filters and visibility", () => {
  let org: Awaited<ReturnType<typeof staffedOrganization>>;
  let tagA: TagResult;
  let tagB: TagResult;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    org = await staffedOrganization(app, "list");
    tagA = await newTag(org.admin.api, { name: "Kitchen", type: "department" });
    tagB = await newTag(org.admin.api, { name: "Bar", type: "department" });
    const make = async (title: string, extra: Parameters<typeof createCourse>[1] = {}) => {
      ids[title] = (await createCourse(org.admin.api, { title, ...extra })).id;
    };
    await make("Knife skills", { status: "published", tagIds: [tagA.id], description: "Chopping SAFELY" });
    await make("Cocktails 101", { status: "published", tagIds: [tagB.id] });
    await make("Draft menu", { status: "draft", tagIds: [tagA.id, tagB.id] });
    await make("100% hygiene_rules", { status: "published", description: "Wash" });
  });

  const titles = (courses: CourseView[]) => courses.map((course) => course.title);

  it("lists newest first, with tags, for content creators including drafts", async () => {
    for (const member of [org.admin, org.manager, org.teacher]) {
      expect(titles(await listCourses(member.api))).toEqual([
        "100% hygiene_rules",
        "Draft menu",
        "Cocktails 101",
        "Knife skills",
      ]);
    }
    const [, draft] = await listCourses(org.admin.api);
    expect(draft?.tags.map((tag) => tag.name)).toEqual(["Bar", "Kitchen"]);
  });

  it("shows learners and users published courses only, whatever the status filter says", async () => {
    for (const member of [org.learner, org.user]) {
      expect(titles(await listCourses(member.api))).toEqual(["100% hygiene_rules", "Cocktails 101", "Knife skills"]);
      expect(await listCourses(member.api, { status: "draft" })).toEqual([]);
      expect(refusal(await member.api.get("/_api/courses/get", { id: String(ids["Draft menu"]) }))).toEqual({
        status: 404,
        error: M.courseNotFound,
      });
    }
  });

  it("filters by status", async () => {
    expect(titles(await listCourses(org.admin.api, { status: "draft" }))).toEqual(["Draft menu"]);
    expect(titles(await listCourses(org.admin.api, { status: "published", search: "" }))).toHaveLength(3);
    expect(refusal(await org.admin.api.get("/_api/courses/list", { status: "old" }))).toEqual({
      status: 400,
      error: M.statusInvalid,
    });
  });

  it("searches the words of title and description, whatever the case (the full-text engine)", async () => {
    expect(titles(await listCourses(org.admin.api, { search: "KNIFE" }))).toEqual(["Knife skills"]);
    expect(titles(await listCourses(org.admin.api, { search: "safely" }))).toEqual(["Knife skills"]);
    expect(titles(await listCourses(org.admin.api, { search: "100%" }))).toEqual(["100% hygiene_rules"]);
    expect(titles(await listCourses(org.admin.api, { search: "hygiene rules wash" }))).toEqual(["100% hygiene_rules"]);
    // Punctuation is no word: it finds nothing rather than everything.
    expect(await listCourses(org.admin.api, { search: "%" })).toEqual([]);
    expect(await listCourses(org.admin.api, { search: "_" })).toEqual([]);
    expect(await listCourses(org.admin.api, { search: "zzz" })).toEqual([]);
  });

  it("filters by one tag id or repeated tag ids: a course matches if it has any of them", async () => {
    expect(titles(await listCourses(org.admin.api, { tagIds: String(tagA.id) }))).toEqual([
      "Draft menu",
      "Knife skills",
    ]);
    expect(titles(await listCourses(org.admin.api, { tagIds: [String(tagA.id), String(tagB.id)] }))).toEqual([
      "Draft menu",
      "Cocktails 101",
      "Knife skills",
    ]);
    expect(titles(await listCourses(org.learner.api, { tagIds: String(tagB.id), search: "cock" }))).toEqual([
      "Cocktails 101",
    ]);
    expect(await listCourses(org.admin.api, { tagIds: "999999" })).toEqual([]);
    expect(refusal(await org.admin.api.get("/_api/courses/list", { tagIds: "abc" }))).toEqual({
      status: 400,
      error: M.tagIdInvalid,
    });
  });
});

describe("get", () => {
  it("answers with the course and its modules and lessons in order", async () => {
    const { course, moduleA, moduleB, lessons } = await sampleCourse(staff.admin.api);
    const got = ok<CourseView>(await staff.learner.api.get("/_api/courses/get", { id: String(course.id) }));
    expect(got).toEqual({
      ...course,
      modules: [
        {
          id: moduleA.id,
          title: "Module A",
          description: null,
          orderIndex: 0,
          version: 1,
          lessons: ["A1", "A2", "A3"].map((title, orderIndex) => ({
            id: lessons[title as "A1"].id,
            title,
            orderIndex,
            version: 1,
            isCompleted: false,
          })),
        },
        {
          id: moduleB.id,
          title: "Module B",
          description: null,
          orderIndex: 1,
          version: 1,
          lessons: ["B1", "B2"].map((title, orderIndex) => ({
            id: lessons[title as "B1"].id,
            title,
            orderIndex,
            version: 1,
            isCompleted: false,
          })),
        },
      ],
    });
  });

  it("hides drafts from learners and users as not found; unknown and malformed ids too", async () => {
    const draft = await createCourse(staff.admin.api, { title: "Secret draft" });
    for (const member of [staff.learner, staff.user]) {
      expect(refusal(await member.api.get("/_api/courses/get", { id: String(draft.id) }))).toEqual({
        status: 404,
        error: M.courseNotFound,
      });
    }
    expect(ok<CourseView>(await staff.teacher.api.get("/_api/courses/get", { id: String(draft.id) })).title).toBe(
      "Secret draft",
    );
    expect(refusal(await staff.admin.api.get("/_api/courses/get", { id: "999999" }))).toEqual({
      status: 404,
      error: M.courseNotFound,
    });
    expect(refusal(await staff.admin.api.get("/_api/courses/get"))).toEqual({ status: 400, error: M.courseIdInvalid });
    for (const id of ["0", "-1", "abc", "1.5"]) {
      expect(refusal(await staff.admin.api.get("/_api/courses/get", { id }))).toEqual({
        status: 400,
        error: M.courseIdInvalid,
      });
    }
  });
});

describe("permissions (docs/DESIGN.md §6)", () => {
  const roles = ["admin", "manager", "teacher", "learner", "user"] as const;
  const may = {
    create: ["admin", "manager"],
    update: ["admin", "manager", "teacher"],
    delete: ["admin", "manager"],
  } as const;
  const member = (role: (typeof roles)[number]): Member => staff[role];

  it.each(roles)("%s: create, update and delete as the matrix says", async (role) => {
    const api = member(role).api;
    const created = await api.post("/_api/courses/create", { title: `By ${role}`, status: "published" });
    if ((may.create as readonly string[]).includes(role)) expect(created.status).toBe(200);
    else expect(refusal(created).status).toBe(403);

    const target = await createCourse(staff.admin.api, { title: `Target for ${role}`, status: "published" });
    const updated = await api.post("/_api/courses/update", { id: target.id, title: `Edited by ${role}` });
    if ((may.update as readonly string[]).includes(role))
      expect(ok<CourseView>(updated).title).toBe(`Edited by ${role}`);
    else expect(refusal(updated).status).toBe(403);

    const deleted = await api.post("/_api/courses/delete", { id: target.id });
    const stillThere = await staff.admin.api.get("/_api/courses/get", { id: String(target.id) });
    if ((may.delete as readonly string[]).includes(role)) {
      expect(deleted.status, deleted.text).toBe(200);
      expect(refusal(stillThere)).toEqual({ status: 404, error: M.courseNotFound });
    } else {
      expect(refusal(deleted).status).toBe(403);
      expect(stillThere.status).toBe(200);
    }
  });
});

describe("delete", () => {
  it("removes the course's modules, lessons and completions with it", async () => {
    const { course, lessons } = await sampleCourse(staff.admin.api);
    ok(await staff.learner.api.post("/_api/lessons/complete", { lessonId: lessons.A1.id }));
    ok(await staff.manager.api.post("/_api/courses/delete", { id: course.id }));
    expect(refusal(await staff.learner.api.get("/_api/lessons/get", { id: String(lessons.A1.id) }))).toEqual({
      status: 404,
      error: M.lessonNotFound,
    });
    const { lessonIds } = ok<{ lessonIds: number[] }>(await staff.learner.api.get("/_api/users/completions"));
    expect(lessonIds).not.toContain(lessons.A1.id);
    expect(refusal(await staff.manager.api.post("/_api/courses/delete", { id: course.id }))).toEqual({
      status: 404,
      error: M.courseNotFound,
    });
  });
});

describe("query counts stay constant however much there is", () => {
  /** The SELECTs the database saw while `run` ran. */
  async function selectsDuring(run: () => Promise<unknown>): Promise<number> {
    const logger = app.orm.config.getLogger();
    const spy = vi.spyOn(logger, "logQuery");
    try {
      await run();
      return spy.mock.calls.filter(([context]) => /^\s*select/i.test(String(context.query))).length;
    } finally {
      spy.mockRestore();
    }
  }

  it("list, get and structure cost the same for 1 course or 8, 1 lesson or 12", async () => {
    const small = await orgWithMembers(app, { label: "q-small" });
    const large = await orgWithMembers(app, { label: "q-large" });
    const seed = async (api: ApiClient, courses: number, modules: number, lessonsPerModule: number) => {
      const tag = await newTag(api, { name: "Dept", type: "department" });
      let first: CourseView | undefined;
      for (let c = 0; c < courses; c++) {
        const course = await createCourse(api, { title: `Course ${c}`, status: "published", tagIds: [tag.id] });
        first ??= course;
      }
      if (!first) throw new Error("no course");
      for (let m = 0; m < modules; m++) {
        const module = await createModule(api, first.id, `M${m}`);
        for (let l = 0; l < lessonsPerModule; l++) await createLesson(api, module.id, { title: `L${m}.${l}` });
      }
      return { courseId: String(first.id), tagId: String(tag.id) };
    };
    const s = await seed(small.admin.api, 1, 1, 1);
    const l = await seed(large.admin.api, 8, 4, 3);
    const requests = (api: ApiClient, ids: { courseId: string; tagId: string }) => [
      () => api.get("/_api/courses/list"),
      () => api.get("/_api/courses/list", { tagIds: ids.tagId, search: "course" }),
      () => api.get("/_api/courses/get", { id: ids.courseId }),
      () => api.get("/_api/courses/structure", { courseId: ids.courseId }),
    ];
    const smallRuns = requests(small.admin.api, s);
    const largeRuns = requests(large.admin.api, l);
    for (const [index, run] of smallRuns.entries()) {
      const largeRun = largeRuns[index];
      if (!largeRun) throw new Error("mismatched request lists");
      const smallCount = await selectsDuring(run);
      expect(smallCount).toBeGreaterThan(1);
      expect(await selectsDuring(largeRun)).toBe(smallCount);
    }
  });

  it("a course view reads the tags it names with the caller's tags and named assignments, in one statement", async () => {
    const org = await orgWithMembers(app, { label: "q-views", roles: ["learner"] });
    const tag = await newTag(org.admin.api, { name: "Dept", type: "department" });
    const course = await createCourse(org.admin.api, { title: "Viewed", status: "published", tagIds: [tag.id] });
    // The session, the course(s) with their tag ids, the tags with the caller's tags and assignments; get's outline.
    for (const api of [org.admin.api, org.members.learner.api]) {
      expect(await selectsDuring(() => api.get("/_api/courses/list"))).toBe(3);
      expect(await selectsDuring(() => api.get("/_api/courses/get", { id: String(course.id) }))).toBe(4);
    }
  });
});
