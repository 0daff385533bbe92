import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
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
