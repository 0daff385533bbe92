import { describe, expect, it } from "vitest";
import { CourseModule } from "#server/entities.js";
import { LIMITS } from "#shared/constants.js";
import { ID_MESSAGES } from "#shared/schemas/common.js";
import { COURSE_MESSAGES as C } from "#shared/schemas/courses.js";
import { QUIZ_MESSAGES as Q, questionMessage } from "#shared/schemas/quizzes.js";
import { TEAM_MESSAGES } from "#shared/schemas/team.js";
import { TRAINING_MESSAGES as T } from "#shared/schemas/training.js";
import { THREE_QUESTIONS } from "../../support/quiz-questions.js";
import {
  createCourse,
  createLesson,
  createModule,
  positions,
  staffedOrganization,
} from "../support/course-fixtures.js";
import { ok, refusal } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/**
 * docs/decisions/0261-bounded-lists-and-ids.md: every list an endpoint takes has a maximum a real screen
 * stays within, refused with a sentence that names it; every id field takes 1 to 2^31 - 1, the integer
 * columns' range, and refuses a larger id as such (PostgreSQL answered 500 to one at these fields).
 */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "bounds"));

const TOO_LARGE = { status: 400, error: ID_MESSAGES.tooLarge };
/** `count` whole numbers from `from` on. */
const ids = (count: number, from = 1) => Array.from({ length: count }, (_, at) => from + at);

describe("ids beyond the integer columns' range (2^31 and up)", () => {
  it("answer 400 'IDs go up to …' at every field that answered 500 on PostgreSQL", async () => {
    const api = staff.admin.api;
    const course = await createCourse(api);
    const module = await createModule(api, course.id);
    const lesson = await createLesson(api, module.id);
    for (const tooLarge of [2 ** 31, 2 ** 32, Number.MAX_SAFE_INTEGER]) {
      const text = String(tooLarge);
      const calls = [
        api.get("/_api/courses/get", { id: text }),
        api.get("/_api/courses/list", { tagIds: text }),
        api.get("/_api/courses/structure", { courseId: text }),
        api.get("/_api/lessons/get", { id: text }),
        api.post("/_api/lessons/complete", { lessonId: tooLarge }),
        api.get("/_api/reports/course", { courseId: text }),
        api.get("/_api/reports/member", { userId: text }),
        api.get("/_api/team/members", { tagId: text }),
        api.get("/_api/team/members", { cursor: text }),
        api.get("/_api/reports/matrix", { tagIds: `1,${text}` }),
        api.post("/_api/courses/update", { id: course.id, tagIds: [tooLarge] }),
        api.post("/_api/lessons/update", { id: lesson.id, title: "Renamed", version: tooLarge }),
        api.post("/_api/modules/reorder", { courseId: course.id, modules: [{ id: tooLarge, orderIndex: 0 }] }),
        api.post("/_api/assignments/create", { courseId: course.id, userIds: [staff.learner.id, tooLarge] }),
        api.post("/_api/trpc/lessons.complete", { json: { lessonId: tooLarge } }),
        api.get("/_api/trpc/courses.get", { input: JSON.stringify({ json: { id: tooLarge } }) }),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.status, response.text).toBe(400);
        expect(response.text).toContain(ID_MESSAGES.tooLarge);
      }
    }
  });

  it("the largest id itself is an id: an unknown record, as any other", async () => {
    const largest = String(2 ** 31 - 1);
    expect(refusal(await staff.admin.api.get("/_api/courses/get", { id: largest }))).toEqual({
      status: 404,
      error: C.courseNotFound,
    });
    expect(refusal(await staff.admin.api.get("/_api/courses/get", { id: String(2 ** 31) }))).toEqual(TOO_LARGE);
  });
});

describe("lists have a maximum", () => {
  it("a course carries at most 100 tags: create, update and the list's filter", async () => {
    const api = staff.admin.api;
    const tooMany = { status: 400, error: C.tagIdsTooMany };
    const tagIds = ids(LIMITS.tagsPerCourseMax + 1);
    expect(refusal(await api.post("/_api/courses/create", { title: "Tagged", tagIds }))).toEqual(tooMany);
    const course = await createCourse(api);
    expect(refusal(await api.post("/_api/courses/update", { id: course.id, tagIds }))).toEqual(tooMany);
    const repeated = tagIds.map((tagId) => `tagIds=${tagId}`).join("&");
    expect(refusal(await api.get(`/_api/courses/list?${repeated}`))).toEqual(tooMany);
    // 100,000 ids once took 0.6 s of every tenant's time: refused by the list's length alone.
    expect(refusal(await api.post("/_api/courses/create", { title: "Tagged", tagIds: ids(100_000) }))).toEqual(tooMany);
    // At the limit, the ids are looked up as always (these tags do not exist).
    expect(refusal(await api.post("/_api/courses/update", { id: course.id, tagIds: ids(100, 900_000) }))).toEqual({
      status: 404,
      error: C.tagNotFound,
    });
  });

  it("a member carries at most 100 tags: invite, bulk invite and update", async () => {
    const api = staff.admin.api;
    const tooMany = { status: 400, error: TEAM_MESSAGES.tagIdsTooMany };
    const person = { name: "Many Tags", email: "many.tags@example.com", role: "user" };
    const tagIds = ids(LIMITS.tagsPerMemberMax + 1);
    expect(refusal(await api.post("/_api/team/invite", { ...person, tagIds }))).toEqual(tooMany);
    const update = { userId: staff.user.id, name: staff.user.name, email: staff.user.email, role: "user", tagIds };
    expect(refusal(await api.post("/_api/team/update-member", update))).toEqual(tooMany);
    const tags = ids(LIMITS.tagsPerMemberMax + 1).map((at) => `Tag ${at}`);
    const bulk = ok<{ rejected: { reason: string }[] }>(
      await api.post("/_api/team/invite-many", { rows: [{ ...person, tags }] }),
    );
    expect(bulk.rejected.map((row) => row.reason)).toEqual([TEAM_MESSAGES.tagIdsTooMany]);
  });

  it("a reorder names at most as many modules or lessons as a course or module may hold", async () => {
    const api = staff.admin.api;
    const course = await createCourse(api);
    const module = await createModule(api, course.id);
    const modules = positions(ids(LIMITS.modulesPerCourseMax + 1));
    expect(refusal(await api.post("/_api/modules/reorder", { courseId: course.id, modules }))).toEqual({
      status: 400,
      error: C.modulesTooMany,
    });
    const expectedOrder = ids(LIMITS.modulesPerCourseMax + 1);
    const one = positions([module.id]);
    expect(
      refusal(await api.post("/_api/modules/reorder", { courseId: course.id, modules: one, expectedOrder })),
    ).toEqual({ status: 400, error: C.modulesTooMany });
    const lessons = positions(ids(LIMITS.lessonsPerModuleMax + 1));
    expect(refusal(await api.post("/_api/lessons/reorder", { moduleId: module.id, lessons }))).toEqual({
      status: 400,
      error: C.lessonsTooMany,
    });
  });

  it("a course holds at most 500 modules, so that a reorder can always name them all", async () => {
    const api = staff.admin.api;
    const course = await createCourse(api);
    const em = app.orm.em.fork();
    for (const at of ids(LIMITS.modulesPerCourseMax - 1, 0)) {
      em.create(CourseModule, { organization: staff.org.id, course: course.id, title: `M${at}`, orderIndex: at });
    }
    await em.flush();
    const last = await createModule(api, course.id);
    expect(refusal(await api.post("/_api/modules/create", { courseId: course.id }))).toEqual({
      status: 400,
      error: C.modulesTooMany,
    });
    // All 500 of them can be reordered in one call.
    const structure = ok<{ id: number }[]>(await api.get("/_api/courses/structure", { courseId: String(course.id) }));
    const reversed = structure.map((each) => each.id).reverse();
    expect(reversed[0]).toBe(last.id);
    ok(await api.post("/_api/modules/reorder", { courseId: course.id, modules: positions(reversed) }));
  });

  it("a question has at most 10 options, refused with the question named", async () => {
    const api = staff.admin.api;
    const course = await createCourse(api);
    const lesson = await createLesson(api, (await createModule(api, course.id)).id);
    const options = ids(5_000).map((at) => ({ text: `Option ${at}`, correct: at === 1 }));
    const questions = [THREE_QUESTIONS[0], { kind: "multiple", prompt: "Pick", options }];
    expect(refusal(await api.post("/_api/quizzes/save", { lessonId: lesson.id, questions }))).toEqual({
      status: 400,
      error: questionMessage(1, Q.optionCount),
    });
  });

  it("the matrix's filters name at most 500 tags or courses, and say so", async () => {
    const api = staff.admin.api;
    expect(refusal(await api.get("/_api/reports/matrix", { tagIds: ids(501).join(",") }))).toEqual({
      status: 400,
      error: T.tagIdsTooMany,
    });
    expect(refusal(await api.get("/_api/reports/matrix", { courseIds: ids(501).join(",") }))).toEqual({
      status: 400,
      error: T.courseIdsTooMany,
    });
  });
});
