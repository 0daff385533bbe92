import { describe, expect, it } from "vitest";
import { Completion, Course, Membership } from "#server/entities.js";
import type { CompletionView, LessonView } from "#server/modules/courses/lessons.presenter.js";
import { DAY_MS, HOUR_MS, MINUTE_MS, OFFLINE_ACTION_MAX_AGE_MS, OFFLINE_CLOCK_SKEW_MS } from "#shared/constants.js";
import { CLIENT_ACTION_MESSAGES } from "#shared/schemas/client-actions.js";
import { staffedOrganization } from "../support/course-fixtures.js";
import { ok, refusal } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";
import { courseWithLessons, myItem } from "../support/training-fixtures.js";

/**
 * Work done offline is timed when the device says it was done (decision 0142), within bounds:
 * a claim outside them is timed at its arrival, never refused.
 */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "offline-time"));

/** Makes the learner's membership and the course `ageMs` old, as if both had existed for a while. */
async function age(courseId: number, ageMs: number): Promise<void> {
  const em = app.orm.em.fork();
  const createdAt = new Date(Date.now() - ageMs);
  await em.nativeUpdate(Course, { id: courseId }, { createdAt }, { filters: false });
  await em.nativeUpdate(Membership, { user: staff.learner.id, organization: staff.org.id }, { createdAt });
}

/** The id of the course's lesson at `index` (the fixture made it). */
function lessonId(lessons: readonly LessonView[], index: number): number {
  const lesson = lessons[index];
  if (!lesson) throw new Error(`The fixture has no lesson ${index}.`);
  return lesson.id;
}

async function completeAt(lessonId: number, doneAt: Date | string) {
  const sent = typeof doneAt === "string" ? doneAt : doneAt.toISOString();
  return staff.learner.api.post("/_api/lessons/complete", { lessonId, doneAt: sent });
}

/** The stored time of the learner's completion, and whether it was taken as the arrival (within the call). */
async function timedAt(lessonId: number, sendAt: (lessonId: number) => Promise<unknown>) {
  const before = Date.now();
  await sendAt(lessonId);
  const after = Date.now();
  const row = await app.orm.em.fork().findOneOrFail(Completion, { lesson: lessonId }, { filters: false });
  const time = row.completedAt.getTime();
  return { time, atArrival: time >= before - 1000 && time <= after + 1000 };
}

describe("the time an offline completion was done", () => {
  it("is believed within the bounds, and My training judges the course by it", async () => {
    const { course, lessons: created } = await courseWithLessons(staff.admin.api, { title: "Yard safety" }, 1);
    await age(course.id, 30 * DAY_MS);
    const doneAt = new Date(Date.now() - 3 * DAY_MS);
    const answer = ok<CompletionView>(await completeAt(lessonId(created, 0), doneAt));
    expect(new Date(answer.completedAt).toISOString()).toBe(doneAt.toISOString());
    const item = await myItem(staff.learner.api, course.id);
    expect(item?.completedAt && new Date(item.completedAt).toISOString()).toBe(doneAt.toISOString());
  });

  it("is taken as the arrival when the device claims a time outside the bounds", async () => {
    const claims: Array<[string, (now: number) => Date]> = [
      ["a little ahead (clock skew)", (now) => new Date(now + OFFLINE_CLOCK_SKEW_MS / 2)],
      ["far in the future", (now) => new Date(now + OFFLINE_CLOCK_SKEW_MS + 10 * MINUTE_MS)],
      ["older than the limit", (now) => new Date(now - OFFLINE_ACTION_MAX_AGE_MS - HOUR_MS)],
    ];
    const { course, lessons: created } = await courseWithLessons(
      staff.admin.api,
      { title: "Skewed clocks" },
      claims.length,
    );
    await age(course.id, OFFLINE_ACTION_MAX_AGE_MS + DAY_MS);
    for (const [index, [label, claim]] of claims.entries()) {
      const timed = await timedAt(lessonId(created, index), async (id) => ok(await completeAt(id, claim(Date.now()))));
      expect(timed.atArrival, label).toBe(true);
    }
  });

  it("is taken as the arrival when it comes before the membership or the course existed", async () => {
    const { course, lessons: created } = await courseWithLessons(staff.admin.api, { title: "New starter" }, 2);
    const em = app.orm.em.fork();
    const now = Date.now();
    // The course is old, the membership new: the membership bounds the claim.
    await age(course.id, 30 * DAY_MS);
    await em.nativeUpdate(
      Membership,
      { user: staff.learner.id, organization: staff.org.id },
      { createdAt: new Date(now - DAY_MS) },
    );
    const beforeJoining = await timedAt(lessonId(created, 0), async (id) =>
      ok(await completeAt(id, new Date(now - 2 * DAY_MS))),
    );
    expect(beforeJoining.atArrival).toBe(true);
    // The membership is old, the course new: the course bounds the claim.
    await age(course.id, 30 * DAY_MS);
    await em.nativeUpdate(Course, { id: course.id }, { createdAt: new Date(now - DAY_MS) }, { filters: false });
    const beforeCourse = await timedAt(lessonId(created, 1), async (id) =>
      ok(await completeAt(id, new Date(now - 2 * DAY_MS))),
    );
    expect(beforeCourse.atArrival).toBe(true);
  });

  it("refuses a time that is not ISO 8601 with a time zone, and records nothing", async () => {
    const { lessons: created } = await courseWithLessons(staff.admin.api, { title: "Bad dates" }, 1);
    for (const doneAt of ["yesterday", "2026-11-20T10:00:00"]) {
      expect(refusal(await completeAt(lessonId(created, 0), doneAt))).toEqual({
        status: 400,
        error: CLIENT_ACTION_MESSAGES.doneAtInvalid,
      });
    }
    expect(await app.orm.em.fork().count(Completion, { lesson: lessonId(created, 0) }, { filters: false })).toBe(0);
  });

  it("never moves the first completion: a later claim of an earlier time changes nothing", async () => {
    const { course, lessons: created } = await courseWithLessons(staff.admin.api, { title: "First stays" }, 1);
    await age(course.id, 30 * DAY_MS);
    const first = ok<CompletionView>(await completeAt(lessonId(created, 0), new Date(Date.now() - DAY_MS)));
    const again = ok<CompletionView>(await completeAt(lessonId(created, 0), new Date(Date.now() - 5 * DAY_MS)));
    expect(again).toEqual(first);
  });
});
