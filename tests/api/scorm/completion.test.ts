import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ScormAttempt } from "#server/entities.js";
import type { EditorQuizView } from "#server/modules/quizzes/quizzes.presenter.js";
import { SCORM_MESSAGES } from "#shared/schemas/scorm.js";
import { singleScoPackage } from "../../support/scorm-packages.js";
import type { ApiClient } from "../support/client.js";
import { createCourse, createLesson, createModule, staffedOrganization } from "../support/course-fixtures.js";
import { ok, refusal } from "../support/org-fixtures.js";
import { answersTo, saveCheck, submitOk, THREE_QUESTIONS } from "../support/quiz-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/**
 * A SCORM lesson is completed by its package's own completion and by nothing else
 * (docs/decisions/0360-scorm-lessons-complete-only-by-playing.md): not lessons/complete, live or replayed
 * from a device's queue, and not a knowledge check passed beside the package.
 */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "scorm-completion"));
const stranger = suiteFixture(() => staffedOrganization(app, "scorm-completion-other"));

async function scormLesson(): Promise<number> {
  const course = await createCourse(staff.admin.api, { status: "published" });
  const module = await createModule(staff.admin.api, course.id);
  const lessonId = (await createLesson(staff.admin.api, module.id, { title: "Allergens" })).id;
  ok(
    await staff.admin.api.post(`/_api/scorm/upload?lessonId=${lessonId}`, undefined, {
      raw: singleScoPackage("2004", "Allergens"),
      headers: { "content-type": "application/zip" },
    }),
  );
  return lessonId;
}

const completions = async (api: ApiClient) =>
  ok<{ lessonIds: number[] }>(await api.get("/_api/users/completions")).lessonIds;

const markComplete = (api: ApiClient, lessonId: number, clientId?: string) =>
  api.post("/_api/lessons/complete", { lessonId, ...(clientId ? { clientId } : {}) });

const finished = { "cmi.completion_status": "completed", "cmi.success_status": "passed" };

describe("completing a SCORM lesson", () => {
  it("refuses Mark as Complete, saying the course completes it, and records nothing", async () => {
    const lessonId = await scormLesson();
    expect(refusal(await markComplete(staff.learner.api, lessonId))).toEqual({
      status: 403,
      error: SCORM_MESSAGES.completeByPlaying,
    });
    // The same from a device's offline queue, and for an admin.
    expect(refusal(await markComplete(staff.learner.api, lessonId, randomUUID())).status).toBe(403);
    expect(refusal(await markComplete(staff.admin.api, lessonId)).status).toBe(403);
    expect(await completions(staff.learner.api)).not.toContain(lessonId);
    expect(await completions(staff.admin.api)).not.toContain(lessonId);
  });

  it("completes by the package's own completion, after which Mark as Complete is still refused", async () => {
    const lessonId = await scormLesson();
    const answer = await staff.learner.api.post("/_api/scorm/commit", {
      lessonId,
      sco: "item-1",
      packageVersion: 1,
      cmi: finished,
    });
    expect(ok<{ lessonCompleted: boolean }>(answer).lessonCompleted).toBe(true);
    expect(await completions(staff.learner.api)).toContain(lessonId);
    expect(refusal(await markComplete(staff.learner.api, lessonId)).status).toBe(403);
  });

  it("is not completed by passing a knowledge check beside the package", async () => {
    const lessonId = await scormLesson();
    const check = ok<EditorQuizView>(await saveCheck(staff.admin.api, { lessonId, questions: THREE_QUESTIONS }));
    expect((await submitOk(staff.learner.api, lessonId, answersTo(check))).passed).toBe(true);
    expect(await completions(staff.learner.api)).not.toContain(lessonId);
    expect(refusal(await markComplete(staff.learner.api, lessonId)).error).toBe(SCORM_MESSAGES.completeByPlaying);
  });

  it("is 'not found' to a member of another organization, who completes nothing", async () => {
    const lessonId = await scormLesson();
    expect(refusal(await markComplete(stranger.admin.api, lessonId)).status).toBe(404);
    expect(await completions(stranger.admin.api)).not.toContain(lessonId);
    expect(await completions(staff.admin.api)).not.toContain(lessonId);
  });
});

describe("a commit sent from a device's queue", () => {
  // A time is believed only after the course existed (decision 0142): the tests' courses are made just now.
  const commitFromDevice = (lessonId: number, clientId: string, doneAt: Date | null, cmi: Record<string, string>) =>
    staff.learner.api.post("/_api/scorm/commit", {
      lessonId,
      sco: "item-1",
      packageVersion: 1,
      cmi,
      clientId,
      ...(doneAt ? { doneAt: doneAt.toISOString() } : {}),
    });

  it("counts once however often it arrives, dated when it was made", async () => {
    const lessonId = await scormLesson();
    const clientId = randomUUID();
    const madeAt = new Date();
    // Sent a moment later, as from a device that was offline.
    await staff.learner.api.get("/_api/users/completions");
    const first = ok<{ lessonCompleted: boolean }>(await commitFromDevice(lessonId, clientId, madeAt, finished));
    expect(first.lessonCompleted).toBe(true);
    const again = ok<{ lessonCompleted: boolean }>(
      await commitFromDevice(lessonId, clientId, madeAt, { "cmi.completion_status": "incomplete" }),
    );
    expect(again).toEqual(first);
    const [attempt] = await app.orm.em.fork().find(ScormAttempt, { lesson: lessonId }, { filters: false });
    expect(JSON.parse(attempt?.runtime ?? "{}")).toEqual(finished);
    const [completion] = await app.orm.em
      .fork()
      .getConnection()
      .execute<{ completed_at: string | Date }[]>("select completed_at from completions where lesson_id = ?", [
        lessonId,
      ]);
    expect(new Date(completion?.completed_at ?? 0).getTime()).toBe(madeAt.getTime());
  });

  it("keeps the newer data when an older commit arrives late, and still counts the completion it carries", async () => {
    const lessonId = await scormLesson();
    const olderAt = new Date(Date.now() - 1);
    const newer = { "cmi.completion_status": "incomplete", "cmi.suspend_data": "page=5", "cmi.location": "5" };
    ok(await commitFromDevice(lessonId, randomUUID(), null, newer));
    const late = ok<{ lessonCompleted: boolean }>(await commitFromDevice(lessonId, randomUUID(), olderAt, finished));
    expect(late.lessonCompleted).toBe(true);
    const [attempt] = await app.orm.em.fork().find(ScormAttempt, { lesson: lessonId }, { filters: false });
    expect(JSON.parse(attempt?.runtime ?? "{}")).toEqual(newer);
    expect(attempt?.completed).toBe(true);
  });

  it("is 'not found' to another organization's member, whose copy records nothing", async () => {
    const lessonId = await scormLesson();
    const answer = await stranger.learner.api.post("/_api/scorm/commit", {
      lessonId,
      sco: "item-1",
      packageVersion: 1,
      cmi: finished,
      clientId: randomUUID(),
    });
    expect(refusal(answer).status).toBe(404);
    expect(await app.orm.em.fork().count(ScormAttempt, { lesson: lessonId }, { filters: false })).toBe(0);
  });
});
