import { describe, expect, it } from "vitest";
import type { CourseView } from "#server/modules/courses/courses.presenter.js";
import { dateFromRow } from "#server/platform/db/sql-dialect.js";
import type { ApiClient } from "../support/client.js";
import { createLesson, positions, sampleCourse, staffedOrganization, structureOf } from "../support/course-fixtures.js";
import { invite, joinOrg, ok, refusal } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";
import { completeLessons } from "../support/training-fixtures.js";

/**
 * The progress table (decision 0172) and the completion totals orgs/stats sums (decision 0210) stay
 * exactly what a fresh count of the completions says, after every path that writes completions or takes
 * lessons away, and after a random run of them.
 */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "progress"));

type ProgressRow = { userId: number; courseId: number; completed: number; lastAt: number };

const byPair = (a: ProgressRow, b: ProgressRow) => a.userId - b.userId || a.courseId - b.courseId;

function progressRowsOf(rows: { user_id: unknown; course_id: unknown; n: unknown; last_at: unknown }[]) {
  return rows
    .map((row) => ({
      userId: Number(row.user_id),
      courseId: Number(row.course_id),
      completed: Number(row.n),
      lastAt: dateFromRow(row.last_at)?.getTime() ?? 0,
    }))
    .sort(byPair);
}

type CountRow = { user_id: unknown; course_id: unknown; n: unknown; last_at: unknown };

/** The organization's progress table as stored. */
async function storedProgress(organizationId: number): Promise<ProgressRow[]> {
  const rows = await app.orm.em
    .fork()
    .getConnection()
    .execute<CountRow[]>(
      `select user_id, course_id, completed_lessons as n, last_completed_at as last_at from course_progress
       where organization_id = ?`,
      [organizationId],
    );
  return progressRowsOf(rows);
}

/** The same, counted afresh from the completions of the current lessons. */
async function countedProgress(organizationId: number): Promise<ProgressRow[]> {
  const rows = await app.orm.em
    .fork()
    .getConnection()
    .execute<CountRow[]>(
      `select c.user_id, m.course_id, count(*) as n, max(c.completed_at) as last_at
       from completions c join lessons l on l.id = c.lesson_id join modules m on m.id = l.module_id
       where c.organization_id = ? group by c.user_id, m.course_id`,
      [organizationId],
    );
  return progressRowsOf(rows);
}

/** Per course, `count` read from `sql` (the stored totals, or the completions counted afresh). */
async function perCourse(sql: string, organizationId: number): Promise<Map<number, number>> {
  const rows = await app.orm.em
    .fork()
    .getConnection()
    .execute<{ course_id: unknown; n: unknown }[]>(sql, [organizationId]);
  return new Map(rows.filter((row) => Number(row.n) > 0).map((row) => [Number(row.course_id), Number(row.n)]));
}

/** The completion totals (decision 0210) per course, and orgs/stats' sum of them, equal a fresh count. */
async function expectTotalsExact(organizationId: number): Promise<void> {
  const counted = await perCourse(
    `select m.course_id, count(*) as n from completions c join lessons l on l.id = c.lesson_id
     join modules m on m.id = l.module_id where c.organization_id = ? group by m.course_id`,
    organizationId,
  );
  const stored = await perCourse(
    "select course_id, sum(completions) as n from course_completion_totals where organization_id = ? group by course_id",
    organizationId,
  );
  expect(stored).toEqual(counted);
  const [all] = await app.orm.em
    .fork()
    .getConnection()
    .execute<{ n: unknown }[]>("select count(*) as n from completions where organization_id = ?", [organizationId]);
  const stats = ok<{ totalCompletions: number }>(
    await staff.admin.api.get("/_api/orgs/stats", { orgId: String(organizationId) }),
  );
  expect(stats.totalCompletions).toBe(Number(all?.n));
}

async function expectExact(organizationId: number): Promise<ProgressRow[]> {
  const stored = await storedProgress(organizationId);
  expect(stored).toEqual(await countedProgress(organizationId));
  await expectTotalsExact(organizationId);
  return stored;
}

/** The stored row of one member and course, if any. */
async function progressOf(userId: number, courseId: number): Promise<ProgressRow | undefined> {
  const stored = await expectExact(staff.org.id);
  return stored.find((row) => row.userId === userId && row.courseId === courseId);
}

const post = (api: ApiClient, path: string, input: Record<string, unknown>) => api.post(`/_api/${path}`, input);

describe("the progress table", () => {
  it("counts each new completion once, with the latest completion's time", async () => {
    const { course, lessons } = await sampleCourse(staff.admin.api);
    const { learner } = staff;
    expect(await progressOf(learner.id, course.id)).toBeUndefined();
    await completeLessons(learner.api, [lessons.A1, lessons.B2]);
    // Completing a completed lesson again changes nothing.
    await completeLessons(learner.api, [lessons.A1]);
    expect(await progressOf(learner.id, course.id)).toMatchObject({ completed: 2 });
    await completeLessons(staff.user.api, [lessons.A3]);
    expect(await progressOf(staff.user.id, course.id)).toMatchObject({ completed: 1 });
  });

  it("follows a lesson's deletion, including the time when the latest completed lesson goes", async () => {
    const { course, lessons } = await sampleCourse(staff.admin.api);
    const { learner } = staff;
    await completeLessons(learner.api, [lessons.A1, lessons.A2]);
    const before = await progressOf(learner.id, course.id);
    ok(await post(staff.teacher.api, "lessons/delete", { id: lessons.A3.id }));
    expect(await progressOf(learner.id, course.id)).toEqual(before);
    ok(await post(staff.teacher.api, "lessons/delete", { id: lessons.A2.id }));
    expect(await progressOf(learner.id, course.id)).toMatchObject({ completed: 1 });
    ok(await post(staff.teacher.api, "lessons/delete", { id: lessons.A1.id }));
    expect(await progressOf(learner.id, course.id)).toBeUndefined();
  });

  it("follows a module's deletion, and a course's", async () => {
    const { course, moduleA, lessons } = await sampleCourse(staff.admin.api);
    await completeLessons(staff.learner.api, [lessons.A1, lessons.A2, lessons.B1]);
    ok(await post(staff.teacher.api, "modules/delete", { id: moduleA.id }));
    expect(await progressOf(staff.learner.id, course.id)).toMatchObject({ completed: 1 });
    ok(await post(staff.admin.api, "courses/delete", { id: course.id }));
    expect(await progressOf(staff.learner.id, course.id)).toBeUndefined();
  });

  it("keeps its counts when a lesson moves to another module of the course", async () => {
    const { course, moduleB, lessons } = await sampleCourse(staff.admin.api);
    await completeLessons(staff.learner.api, [lessons.A1, lessons.B1]);
    const before = await progressOf(staff.learner.id, course.id);
    ok(
      await post(staff.teacher.api, "lessons/reorder", {
        moduleId: moduleB.id,
        lessons: positions([lessons.A1.id, lessons.B1.id, lessons.B2.id]),
      }),
    );
    expect(await progressOf(staff.learner.id, course.id)).toEqual(before);
  });

  it("gives a duplicated course no progress, and leaves the original's", async () => {
    const { course, lessons } = await sampleCourse(staff.admin.api);
    await completeLessons(staff.learner.api, [lessons.A1]);
    const copy = ok<CourseView>(await post(staff.admin.api, "courses/duplicate", { id: course.id }));
    expect(await progressOf(staff.learner.id, copy.id)).toBeUndefined();
    expect(await progressOf(staff.learner.id, course.id)).toMatchObject({ completed: 1 });
  });

  it("drops the lesson's completions from the count on a material sign-off change", async () => {
    const { course, lessons } = await sampleCourse(staff.admin.api);
    await completeLessons(staff.learner.api, [lessons.A1, lessons.A2]);
    // Turning sign-off on is a material change: the lesson is to be signed again by everyone.
    ok(await post(staff.teacher.api, "lessons/update", { id: lessons.A2.id, requiresSignoff: true }));
    expect(await progressOf(staff.learner.id, course.id)).toMatchObject({ completed: 1 });
  });

  it("keeps a member's progress when they leave and when they are invited back", async () => {
    const { course, lessons } = await sampleCourse(staff.admin.api);
    const user = await joinOrg(app, staff, "learner", { label: "progress-leaver" });
    await completeLessons(user.api, [lessons.A1, lessons.B1]);
    const before = await progressOf(user.id, course.id);
    ok(await post(user.api, "orgs/leave", { orgId: staff.org.id }));
    expect(await progressOf(user.id, course.id)).toEqual(before);
    const { token } = await invite(staff.admin.api, { name: user.name, email: user.email, role: "learner" });
    ok(await post(user.api, "team/accept-invite", { token }));
    await completeLessons(user.api, [lessons.B2]);
    expect(await progressOf(user.id, course.id)).toMatchObject({ completed: 3 });
  });
});

/** A small seeded generator (mulberry32): the same run every time, so a failure can be replayed. */
function seededRandom(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
}

describe("the progress table after a random run of operations", () => {
  it("equals a fresh count of the completions after every step", { timeout: 120_000 }, async () => {
    const random = seededRandom(172);
    const pick = <T>(items: readonly T[]): T | undefined => items[random(items.length)];
    const learners = [staff.learner, staff.user, staff.manager];
    const courses = [await sampleCourse(staff.admin.api), await sampleCourse(staff.admin.api)];
    const lessonsOf = async () => {
      const outlines = await Promise.all(courses.map(({ course }) => structureOf(staff.admin.api, course.id)));
      return outlines.flat().flatMap((module) => module.lessons.map((lesson) => ({ ...lesson, moduleId: module.id })));
    };
    const signoffLessons = new Set<number>();
    const steps = 60;
    for (let step = 0; step < steps; step += 1) {
      const lessons = await lessonsOf();
      const lesson = pick(lessons);
      const member = pick(learners);
      const kind = random(10);
      if (kind < 5 && lesson && member) {
        // A sign-off lesson refuses "Mark as Complete" (400), and changes nothing.
        const answer = await post(member.api, "lessons/complete", { lessonId: lesson.id });
        if (answer.status !== 200) expect(refusal(answer).status).toBe(400);
      } else if (kind === 5 && lesson) {
        ok(await post(staff.teacher.api, "lessons/delete", { id: lesson.id }));
      } else if (kind === 6 && lesson && random(3) === 0) {
        ok(await post(staff.teacher.api, "modules/delete", { id: lesson.moduleId }));
      } else if (kind === 7) {
        const { moduleA, moduleB } = pick(courses) ?? { moduleA: undefined, moduleB: undefined };
        const module = random(2) === 0 ? moduleA : moduleB;
        // The module may have been deleted by an earlier step.
        if (module && lessons.some((each) => each.moduleId === module.id))
          await createLesson(staff.teacher.api, module.id, { title: `Step ${step}` });
      } else if (kind === 8 && lesson) {
        const target = lessons.filter((each) => each.moduleId !== lesson.moduleId && lesson.id !== each.id);
        const into = pick(target.filter((each) => sameCourse(courses, each.moduleId, lesson.moduleId)));
        if (into) {
          const order = [
            ...lessons.filter((each) => each.moduleId === into.moduleId).map((each) => each.id),
            lesson.id,
          ];
          ok(await post(staff.teacher.api, "lessons/reorder", { moduleId: into.moduleId, lessons: positions(order) }));
        }
      } else if (kind === 9 && lesson) {
        ok(await post(staff.teacher.api, "lessons/update", materialChange(lesson.id, signoffLessons.has(lesson.id))));
        signoffLessons.add(lesson.id);
      }
      await expectExact(staff.org.id);
    }
    expect((await storedProgress(staff.org.id)).length).toBeGreaterThan(0);
  });
});

function sameCourse(courses: { moduleA: { id: number }; moduleB: { id: number } }[], a: number, b: number): boolean {
  return courses.some(
    ({ moduleA, moduleB }) => [moduleA.id, moduleB.id].includes(a) && [moduleA.id, moduleB.id].includes(b),
  );
}

/** A material version of the lesson: turning sign-off on, or publishing a change once it is on. */
function materialChange(lessonId: number, requiresSignoff: boolean) {
  return requiresSignoff
    ? { id: lessonId, change: "material", changeSummary: "Reworded" }
    : { id: lessonId, requiresSignoff: true };
}
