import { describe, expect, it } from "vitest";
import type { CourseView, ModuleOutlineView } from "#server/modules/courses/courses.presenter.js";
import type { LessonPageView as LessonPage } from "#server/modules/courses/lessons.presenter.js";
import { progressPercent } from "#shared/progress.js";
import { COURSE_MESSAGES as M } from "#shared/schemas/courses.js";
import type { ApiClient } from "../support/client.js";
import {
  createLesson,
  createModule,
  positions,
  sampleCourse,
  staffedOrganization,
  structureOf,
} from "../support/course-fixtures.js";
import { ok, orgWithMembers, refusal } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/** Taking a course: lessons/get, lessons/complete, users/completions, progress; tenant isolation. */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "learning"));

const getLesson = (api: ApiClient, id: number) => api.get("/_api/lessons/get", { id: String(id) });
const complete = (api: ApiClient, lessonId: number) => api.post("/_api/lessons/complete", { lessonId });
const completions = async (api: ApiClient) =>
  ok<{ lessonIds: number[] }>(await api.get("/_api/users/completions")).lessonIds;

/** Course progress as the detail page computes it from the structure (docs/SPEC.md §9). */
function progressOf(modules: ModuleOutlineView[]): number {
  const lessons = modules.flatMap((module) => module.lessons);
  return progressPercent(lessons.filter((lesson) => lesson.isCompleted).length, lessons.length);
}

describe("lessons/get", () => {
  it("answers with the lesson, its module and course, and Previous/Next across module boundaries", async () => {
    const { course, moduleA, moduleB, lessons } = await sampleCourse(staff.admin.api);
    ok(
      await staff.teacher.api.post("/_api/lessons/update", {
        id: lessons.A3.id,
        content: "Lift **slowly**.",
        videoUrl: "https://vimeo.com/76979871",
      }),
    );
    const page = ok<LessonPage>(await getLesson(staff.learner.api, lessons.A3.id));
    expect(page).toEqual({
      id: lessons.A3.id,
      title: "A3",
      content: "<p>Lift <strong>slowly</strong>.</p>",
      videoUrl: "https://vimeo.com/76979871",
      embedUrl: "https://player.vimeo.com/video/76979871",
      isCompleted: false,
      orderIndex: 2,
      version: 2,
      requiresSignoff: false,
      module: { id: moduleA.id, title: "Module A" },
      course: { id: course.id, title: course.title, status: "published" },
      prevLesson: { id: lessons.A2.id, title: "A2" },
      nextLesson: { id: lessons.B1.id, title: "B1" },
      quiz: null,
      scorm: null,
    });
    const first = ok<LessonPage>(await getLesson(staff.learner.api, lessons.A1.id));
    expect([first.prevLesson, first.nextLesson?.title]).toEqual([null, "A2"]);
    const last = ok<LessonPage>(await getLesson(staff.learner.api, lessons.B2.id));
    expect([last.prevLesson?.title, last.nextLesson]).toEqual(["B1", null]);
    const b1 = ok<LessonPage>(await getLesson(staff.learner.api, lessons.B1.id));
    expect([b1.module.id, b1.prevLesson?.title, b1.nextLesson?.title]).toEqual([moduleB.id, "A3", "B2"]);
  });

  it("follows the current order after a reorder and skips empty modules", async () => {
    const { course, moduleA, moduleB, lessons } = await sampleCourse(staff.admin.api);
    const empty = await createModule(staff.teacher.api, course.id, "Empty");
    ok(
      await staff.teacher.api.post("/_api/modules/reorder", {
        courseId: course.id,
        modules: positions([moduleB.id, empty.id, moduleA.id]),
      }),
    );
    const b2 = ok<LessonPage>(await getLesson(staff.learner.api, lessons.B2.id));
    expect([b2.prevLesson?.title, b2.nextLesson?.title]).toEqual(["B1", "A1"]);
  });

  it("shows a link, not a frame, for a video host it does not know", async () => {
    const { lessons } = await sampleCourse(staff.admin.api);
    ok(
      await staff.teacher.api.post("/_api/lessons/update", {
        id: lessons.A1.id,
        videoUrl: "https://videos.example/a.mp4",
      }),
    );
    const page = ok<LessonPage>(await getLesson(staff.learner.api, lessons.A1.id));
    expect([page.videoUrl, page.embedUrl]).toEqual(["https://videos.example/a.mp4", null]);
  });

  it("refuses learners and users lessons of a draft course, as the course not being found", async () => {
    const { course, lessons } = await sampleCourse(staff.admin.api, "draft");
    for (const member of [staff.learner, staff.user]) {
      for (const response of [
        await getLesson(member.api, lessons.A1.id),
        await complete(member.api, lessons.A1.id),
        await member.api.get("/_api/courses/structure", { courseId: String(course.id) }),
      ]) {
        expect(refusal(response)).toEqual({ status: 404, error: M.courseNotFound });
      }
    }
    expect(await completions(staff.learner.api)).not.toContain(lessons.A1.id);
    expect(ok<LessonPage>(await getLesson(staff.teacher.api, lessons.A1.id)).course.status).toBe("draft");
  });

  it("validates the id", async () => {
    for (const id of ["0", "abc", "-3"]) {
      expect(refusal(await staff.learner.api.get("/_api/lessons/get", { id }))).toEqual({
        status: 400,
        error: M.lessonIdInvalid,
      });
    }
    expect(refusal(await getLesson(staff.learner.api, 999_999))).toEqual({ status: 404, error: M.lessonNotFound });
    expect(refusal(await staff.learner.api.post("/_api/lessons/complete", { lessonId: "x" }))).toEqual({
      status: 400,
      error: M.lessonIdInvalid,
    });
    expect(refusal(await complete(staff.learner.api, 999_999))).toEqual({ status: 404, error: M.lessonNotFound });
    // No query string and no body at all read as the missing field's rule.
    expect(refusal(await staff.learner.api.get("/_api/lessons/get"))).toEqual({
      status: 400,
      error: M.lessonIdInvalid,
    });
    expect(refusal(await staff.learner.api.post("/_api/lessons/complete"))).toEqual({
      status: 400,
      error: M.lessonIdInvalid,
    });
    expect(refusal(await staff.learner.api.get("/_api/courses/structure"))).toEqual({
      status: 400,
      error: M.courseIdInvalid,
    });
  });
});

describe("completing lessons and progress (docs/SPEC.md §4, §9)", () => {
  it("is idempotent, per user, and moves the progress to 100%", async () => {
    const { course, lessons } = await sampleCourse(staff.admin.api);
    const learner = staff.learner.api;
    expect(progressOf(await structureOf(learner, course.id))).toBe(0);

    const first = ok<{ lessonId: number; completedAt: Date }>(await complete(learner, lessons.A1.id));
    expect(first).toEqual({ lessonId: lessons.A1.id, completedAt: expect.any(Date) });
    const again = ok<{ lessonId: number; completedAt: Date }>(await complete(learner, lessons.A1.id));
    expect(again.completedAt.getTime()).toBe(first.completedAt.getTime());
    const [x, y] = await Promise.all([complete(learner, lessons.A2.id), complete(learner, lessons.A2.id)]);
    expect([x.status, y.status]).toEqual([200, 200]);

    expect(ok<LessonPage>(await getLesson(learner, lessons.A1.id)).isCompleted).toBe(true);
    expect(ok<LessonPage>(await getLesson(staff.user.api, lessons.A1.id)).isCompleted).toBe(false);
    const mine = await completions(learner);
    expect(mine).toEqual(expect.arrayContaining([lessons.A1.id, lessons.A2.id]));
    expect(mine.filter((id) => id === lessons.A2.id)).toHaveLength(1);
    expect(await completions(staff.user.api)).not.toContain(lessons.A1.id);

    expect(progressOf(await structureOf(learner, course.id))).toBe(40);
    const detail = ok<CourseView>(await learner.get("/_api/courses/get", { id: String(course.id) }));
    expect(progressOf(detail.modules ?? [])).toBe(40);
    for (const lesson of [lessons.A3, lessons.B1, lessons.B2]) ok(await complete(learner, lesson.id));
    expect(progressOf(await structureOf(learner, course.id))).toBe(100);
    expect(progressOf(await structureOf(staff.user.api, course.id))).toBe(0);
  });

  it("counts a course with no lessons as done", async () => {
    const course = ok<CourseView>(
      await staff.admin.api.post("/_api/courses/create", { title: "Empty", status: "published" }),
    );
    expect(progressOf(await structureOf(staff.learner.api, course.id))).toBe(100);
  });

  it("keeps completions per organization: the same person sees another list elsewhere", async () => {
    const { lessons } = await sampleCourse(staff.admin.api);
    ok(await complete(staff.admin.api, lessons.B1.id));
    const home = await completions(staff.admin.api);
    expect(home).toContain(lessons.B1.id);
    const second = ok<{ id: number }>(
      await staff.admin.api.post("/_api/orgs/create", { name: "Second org", slug: `second-${Date.now()}` }),
    );
    expect(await completions(staff.admin.api)).toEqual([]);
    ok(await staff.admin.api.post("/_api/orgs/switch", { orgId: staff.org.id }));
    expect(await completions(staff.admin.api)).toEqual(home);
    expect(second.id).not.toBe(staff.org.id);
  });

  it("needs a session", async () => {
    const anonymous = app.newAgent();
    for (const response of [
      await anonymous.get("/_api/users/completions"),
      await anonymous.get("/_api/courses/list"),
      await anonymous.post("/_api/lessons/complete", { lessonId: 1 }),
    ]) {
      expect(response.status).toBe(401);
    }
  });
});

describe("another organization's ids are not found, and nothing changes (docs/DESIGN.md §4)", () => {
  it("answers 404 on every endpoint to an admin of another organization", async () => {
    const owner = staff.admin.api;
    const { course, moduleA, moduleB, lessons } = await sampleCourse(owner);
    ok(await complete(staff.learner.api, lessons.A1.id));
    const before = {
      course: ok<CourseView>(await owner.get("/_api/courses/get", { id: String(course.id) })),
      lesson: ok<LessonPage>(await getLesson(owner, lessons.A1.id)),
      learnerCompletions: await completions(staff.learner.api),
    };

    const stranger = (await orgWithMembers(app, { label: "stranger" })).admin.api;
    const own = await sampleCourse(stranger);
    const reads: [string, Record<string, string>, string][] = [
      ["/_api/courses/get", { id: String(course.id) }, M.courseNotFound],
      ["/_api/courses/structure", { courseId: String(course.id) }, M.courseNotFound],
      ["/_api/lessons/get", { id: String(lessons.A1.id) }, M.lessonNotFound],
    ];
    for (const [path, query, error] of reads) {
      expect(refusal(await stranger.get(path, query)), path).toEqual({ status: 404, error });
    }
    const writes: [string, Record<string, unknown>, string][] = [
      ["/_api/courses/update", { id: course.id, title: "Hijacked" }, M.courseNotFound],
      ["/_api/courses/delete", { id: course.id }, M.courseNotFound],
      ["/_api/modules/create", { courseId: course.id, title: "Hijacked" }, M.courseNotFound],
      ["/_api/modules/update", { id: moduleA.id, title: "Hijacked" }, M.moduleNotFound],
      ["/_api/modules/delete", { id: moduleA.id }, M.moduleNotFound],
      [
        "/_api/modules/reorder",
        { courseId: course.id, modules: positions([moduleB.id, moduleA.id]) },
        M.courseNotFound,
      ],
      ["/_api/lessons/create", { moduleId: moduleA.id, title: "Hijacked" }, M.moduleNotFound],
      ["/_api/lessons/update", { id: lessons.A1.id, content: "<p>Hijacked</p>" }, M.lessonNotFound],
      ["/_api/lessons/delete", { id: lessons.A1.id }, M.lessonNotFound],
      [
        "/_api/lessons/reorder",
        { moduleId: moduleA.id, lessons: positions([lessons.A3.id, lessons.A2.id, lessons.A1.id]) },
        M.moduleNotFound,
      ],
      ["/_api/lessons/complete", { lessonId: lessons.A1.id }, M.lessonNotFound],
    ];
    for (const [path, input, error] of writes) {
      expect(refusal(await stranger.post(path, input)), path).toEqual({ status: 404, error });
    }
    // Pulling org A's lessons into the stranger's own module is a stale list, not a move across organizations.
    expect(
      refusal(
        await stranger.post("/_api/lessons/reorder", {
          moduleId: own.moduleA.id,
          lessons: positions([own.lessons.A1.id, own.lessons.A2.id, own.lessons.A3.id, lessons.B1.id]),
        }),
      ),
    ).toEqual({ status: 409, error: M.lessonsStale });
    const listed = ok<CourseView[]>(await stranger.get("/_api/courses/list"));
    expect(listed.map((each) => each.id)).toEqual([own.course.id]);
    expect(await completions(stranger)).toEqual([]);

    expect(ok<CourseView>(await owner.get("/_api/courses/get", { id: String(course.id) }))).toEqual(before.course);
    expect(ok<LessonPage>(await getLesson(owner, lessons.A1.id))).toEqual(before.lesson);
    expect(await completions(staff.learner.api)).toEqual(before.learnerCompletions);
    expect(await createLesson(owner, moduleA.id, { title: "Still mine" })).toMatchObject({ orderIndex: 3 });
  });
});
