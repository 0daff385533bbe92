import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ClientAction, Completion } from "#server/entities.js";
import type { CompletionView } from "#server/modules/courses/lessons.presenter.js";
import { CLIENT_ACTION_MESSAGES } from "#shared/schemas/client-actions.js";
import { COURSE_MESSAGES as M } from "#shared/schemas/courses.js";
import { sampleCourse, staffedOrganization } from "../support/course-fixtures.js";
import { ok, orgWithMembers, refusal } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/** lessons/complete with a device-made `clientId` (decision 0140): a replay counts once. */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "offline-sync"));

async function rowsFor(lessonId: number, clientId: string) {
  const em = app.orm.em.fork();
  return {
    completions: await em.count(Completion, { lesson: lessonId }, { filters: false }),
    actions: await em.count(ClientAction, { clientId }),
  };
}

describe("lessons/complete with a clientId", () => {
  it("records the completion once and answers every replay with the first answer", async () => {
    const { lessons } = await sampleCourse(staff.admin.api);
    const clientId = randomUUID();
    const send = () => staff.learner.api.post("/_api/lessons/complete", { lessonId: lessons.A1.id, clientId });
    const first = ok<CompletionView>(await send());
    expect(first.lessonId).toBe(lessons.A1.id);
    const replays = await Promise.all([send(), send()]);
    for (const replay of replays) expect(ok<CompletionView>(replay)).toEqual(first);
    expect(await rowsFor(lessons.A1.id, clientId)).toEqual({ completions: 1, actions: 1 });
  });

  it("keeps the documented answer without one, and a second id for a done lesson adds no completion", async () => {
    const { lessons } = await sampleCourse(staff.admin.api);
    const plain = ok<CompletionView>(
      await staff.learner.api.post("/_api/lessons/complete", { lessonId: lessons.A2.id }),
    );
    expect(Object.keys(plain).sort()).toEqual(["completedAt", "lessonId"]);
    const clientId = randomUUID();
    const later = ok<CompletionView>(
      await staff.learner.api.post("/_api/lessons/complete", { lessonId: lessons.A2.id, clientId }),
    );
    expect(later).toEqual(plain);
    expect(await rowsFor(lessons.A2.id, clientId)).toEqual({ completions: 1, actions: 1 });
  });

  it("refuses an id that is not a UUID", async () => {
    const { lessons } = await sampleCourse(staff.admin.api);
    const response = await staff.learner.api.post("/_api/lessons/complete", {
      lessonId: lessons.A3.id,
      clientId: "not-a-uuid",
    });
    expect(refusal(response)).toEqual({ status: 400, error: CLIENT_ACTION_MESSAGES.clientIdInvalid });
  });

  it("refuses a deleted lesson as not found, also on a replay", async () => {
    const { lessons } = await sampleCourse(staff.admin.api);
    const clientId = randomUUID();
    ok(await staff.admin.api.post("/_api/lessons/delete", { id: lessons.B1.id }));
    const send = () => staff.learner.api.post("/_api/lessons/complete", { lessonId: lessons.B1.id, clientId });
    expect(refusal(await send())).toEqual({ status: 404, error: M.lessonNotFound });
    expect(refusal(await send())).toEqual({ status: 404, error: M.lessonNotFound });
    expect(await rowsFor(lessons.B1.id, clientId)).toEqual({ completions: 0, actions: 0 });
  });

  it("answers another person's id with a refusal, never with their result", async () => {
    const { lessons } = await sampleCourse(staff.admin.api);
    const clientId = randomUUID();
    ok(await staff.learner.api.post("/_api/lessons/complete", { lessonId: lessons.B2.id, clientId }));
    const response = await staff.user.api.post("/_api/lessons/complete", { lessonId: lessons.B2.id, clientId });
    expect(refusal(response)).toEqual({ status: 409, error: CLIENT_ACTION_MESSAGES.clientIdTaken });
    expect(await rowsFor(lessons.B2.id, clientId)).toEqual({ completions: 1, actions: 1 });
  });

  it("answers a member of another organization 'not found' and changes nothing", async () => {
    const { lessons } = await sampleCourse(staff.admin.api);
    const stranger = (await orgWithMembers(app, { label: "offline-stranger" })).admin.api;
    const clientId = randomUUID();
    const response = await stranger.post("/_api/lessons/complete", { lessonId: lessons.A1.id, clientId });
    expect(refusal(response)).toEqual({ status: 404, error: M.lessonNotFound });
    expect(await rowsFor(lessons.A1.id, clientId)).toEqual({ completions: 0, actions: 0 });
  });
});
