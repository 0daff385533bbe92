import { describe, expect, it } from "vitest";
import { COURSE_MESSAGES as M } from "#shared/schemas/courses.js";
import {
  createCourse,
  createLesson,
  createModule,
  expectDense,
  positions,
  sampleCourse,
  staffedOrganization,
  structureOf,
} from "../support/course-fixtures.js";
import { refusal } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/** Several writers on one course at once: order stays dense, and a stale list never overwrites (decision 0004). */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "races"));

describe("races: one course, several writers at once", () => {
  it("two moves into one module from the same list: one wins, the other is refused", async () => {
    const { course, moduleA, moduleB, lessons } = await sampleCourse(staff.admin.api);
    const { A1, A3, B1, B2 } = lessons;
    const stale = [B1.id, B2.id];
    const [first, second] = await Promise.all([
      staff.teacher.api.post("/_api/lessons/reorder", { moduleId: moduleB.id, lessons: positions([...stale, A1.id]) }),
      staff.manager.api.post("/_api/lessons/reorder", { moduleId: moduleB.id, lessons: positions([A3.id, ...stale]) }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    expect(refusal(loser).error).toBe(M.lessonsStale);
    const after = await structureOf(staff.admin.api, course.id);
    expectDense(after);
    expect(after.flatMap((module) => module.lessons)).toHaveLength(5);
    expect(after.find((module) => module.id === moduleA.id)?.lessons).toHaveLength(2);
  });

  it("two reorders of the modules from the same list: one wins whole, never a mix", async () => {
    const { course, moduleA, moduleB } = await sampleCourse(staff.admin.api);
    const moduleC = await createModule(staff.admin.api, course.id, "Module C");
    const orders = [
      [moduleC.id, moduleA.id, moduleB.id],
      [moduleB.id, moduleC.id, moduleA.id],
    ];
    const responses = await Promise.all(
      orders.map((ids) =>
        staff.teacher.api.post("/_api/modules/reorder", { courseId: course.id, modules: positions(ids) }),
      ),
    );
    for (const response of responses) expect(response.status, response.text).toBe(200);
    const after = await structureOf(staff.admin.api, course.id);
    expectDense(after);
    expect(orders).toContainEqual(after.map((module) => module.id));
  });

  it("two reorders made from the same list they both saw: the first wins, the second is refused", async () => {
    const { course, moduleA, moduleB, lessons } = await sampleCourse(staff.admin.api);
    const moduleC = await createModule(staff.admin.api, course.id, "Module C");
    const seen = [moduleA.id, moduleB.id, moduleC.id];
    const responses = await Promise.all(
      [
        [moduleC.id, moduleA.id, moduleB.id],
        [moduleB.id, moduleC.id, moduleA.id],
      ].map((ids) =>
        staff.teacher.api.post("/_api/modules/reorder", {
          courseId: course.id,
          modules: positions(ids),
          expectedOrder: seen,
        }),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const loser = responses.find((response) => response.status === 409);
    expect(loser && refusal(loser).error).toBe(M.modulesStale);

    const { A1, A2, A3 } = lessons;
    const seenLessons = [A1.id, A2.id, A3.id];
    const lessonResponses = await Promise.all(
      [
        [A3.id, A1.id, A2.id],
        [A2.id, A3.id, A1.id],
      ].map((ids) =>
        staff.manager.api.post("/_api/lessons/reorder", {
          moduleId: moduleA.id,
          lessons: positions(ids),
          expectedOrder: seenLessons,
        }),
      ),
    );
    expect(lessonResponses.map((response) => response.status).sort()).toEqual([200, 409]);
    expectDense(await structureOf(staff.admin.api, course.id));
  });

  it("modules and lessons created at the same moment get distinct, dense positions", async () => {
    const course = await createCourse(staff.admin.api);
    const created = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => createModule(n % 2 ? staff.teacher.api : staff.manager.api, course.id, `M${n}`)),
    );
    expect(created.map((module) => module.orderIndex).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4]);
    const target = created[0]?.id ?? 0;
    await Promise.all([1, 2, 3, 4].map((n) => createLesson(staff.teacher.api, target, { title: `L${n}` })));
    expectDense(await structureOf(staff.admin.api, course.id));
  });
});
