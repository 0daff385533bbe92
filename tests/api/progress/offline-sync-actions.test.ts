import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ClientAction, Completion, Course, Membership, QuizAttempt, Signature } from "#server/entities.js";
import type { LessonView } from "#server/modules/courses/lessons.presenter.js";
import type { SubmitResultView } from "#server/modules/quizzes/quizzes.presenter.js";
import type { SignatureView } from "#server/modules/signoff/signoff.presenter.js";
import { DAY_MS } from "#shared/constants.js";
import { CLIENT_ACTION_MESSAGES } from "#shared/schemas/client-actions.js";
import { COURSE_MESSAGES } from "#shared/schemas/courses.js";
import { QUIZ_MESSAGES } from "#shared/schemas/quizzes.js";
import { SIGNOFF_MESSAGES } from "#shared/schemas/signoffs.js";
import type { ApiClient } from "../support/client.js";
import { createCourse, createLesson, createModule, staffedOrganization } from "../support/course-fixtures.js";
import { ok, orgWithMembers, refusal } from "../support/org-fixtures.js";
import { answersTo, courseWithCheck } from "../support/quiz-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/**
 * Signing a sign-off lesson and submitting a knowledge check from a device's offline queue (decisions 0140 and
 * decision 0140): an optional clientId makes each count once, and `doneAt` times it (decision 0142).
 */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "offline-actions"));

/** A published course's sign-off lesson, at its first signable version. */
async function signoffLesson(api: ApiClient): Promise<LessonView> {
  const course = await createCourse(api, { title: "Cold store SOP", status: "published" });
  const module = await createModule(api, course.id, "Procedures");
  const lesson = await createLesson(api, module.id, { title: "Defrost", content: "<p>Switch off first.</p>" });
  return ok<LessonView>(await api.post("/_api/lessons/update", { id: lesson.id, requiresSignoff: true }));
}

function signAs(api: ApiClient, name: string, lesson: LessonView, extra: Record<string, unknown> = {}) {
  return api.post("/_api/lessons/sign", {
    lessonId: lesson.id,
    version: lesson.version,
    fullName: name,
    agreed: true,
    ...extra,
  });
}

async function rows(entity: typeof Signature | typeof QuizAttempt | typeof Completion, lessonId: number) {
  return app.orm.em.fork().count(entity, { lesson: lessonId }, { filters: false });
}

const ledgerRows = (clientId: string) => app.orm.em.fork().count(ClientAction, { clientId });

/** The learner's membership and every course of the organization made `ageMs` old. */
async function ageAll(ageMs: number): Promise<void> {
  const em = app.orm.em.fork();
  const createdAt = new Date(Date.now() - ageMs);
  await em.nativeUpdate(Course, { organization: staff.org.id }, { createdAt }, { filters: false });
  await em.nativeUpdate(Membership, { user: staff.learner.id, organization: staff.org.id }, { createdAt });
}

describe("lessons/sign from the offline queue", () => {
  it("signs once however often the device sends it, and a replay after a new version answers the first", async () => {
    const lesson = await signoffLesson(staff.admin.api);
    const clientId = randomUUID();
    const send = () => signAs(staff.learner.api, staff.learner.name, lesson, { clientId });
    const first = ok<SignatureView>(await send());
    const copies = await Promise.all([send(), send()]);
    for (const copy of copies) expect(ok<SignatureView>(copy)).toEqual(first);
    // A material change after the signature reached the server: the lost answer's resend is not "stale".
    ok(
      await staff.admin.api.post("/_api/lessons/update", {
        id: lesson.id,
        content: "<p>New.</p>",
        change: "material",
        changeSummary: "Defrost twice",
      }),
    );
    expect(ok<SignatureView>(await send())).toEqual(first);
    expect({ signatures: await rows(Signature, lesson.id), ledger: await ledgerRows(clientId) }).toEqual({
      signatures: 1,
      ledger: 1,
    });
  });

  it("reports a refusal (another name) and records nothing, replayed or not", async () => {
    const lesson = await signoffLesson(staff.admin.api);
    const clientId = randomUUID();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect(refusal(await signAs(staff.learner.api, "Somebody Else", lesson, { clientId }))).toEqual({
        status: 400,
        error: SIGNOFF_MESSAGES.nameMismatch,
      });
    }
    expect([await rows(Signature, lesson.id), await rows(Completion, lesson.id), await ledgerRows(clientId)]).toEqual([
      0, 0, 0,
    ]);
  });

  it("times the signature and the completion when the device signed", async () => {
    await ageAll(30 * DAY_MS);
    const lesson = await signoffLesson(staff.admin.api);
    // The version signed was saved now: a claim from before it existed is timed at the arrival.
    const early = new Date(Date.now() - DAY_MS).toISOString();
    const before = Date.now();
    const signed = ok<SignatureView>(await signAs(staff.learner.api, staff.learner.name, lesson, { doneAt: early }));
    expect(new Date(signed.signedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const other = await signoffLesson(staff.admin.api);
    // Done just after its version was saved, sent a while later.
    const doneAt = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const timed = ok<SignatureView>(await signAs(staff.user.api, staff.user.name, other, { doneAt }));
    expect(new Date(timed.signedAt).toISOString()).toBe(doneAt);
    const completion = await app.orm.em.fork().findOneOrFail(Completion, { lesson: other.id }, { filters: false });
    expect(completion.completedAt.toISOString()).toBe(doneAt);
  });

  it("answers a member of another organization 'not found' and changes nothing", async () => {
    const lesson = await signoffLesson(staff.admin.api);
    const stranger = (await orgWithMembers(app, { label: "offline-actions-stranger" })).admin;
    const clientId = randomUUID();
    expect(refusal(await signAs(stranger.api, stranger.name, lesson, { clientId }))).toEqual({
      status: 404,
      error: COURSE_MESSAGES.lessonNotFound,
    });
    expect([await rows(Signature, lesson.id), await ledgerRows(clientId)]).toEqual([0, 0]);
  });
});

describe("quizzes/submit from the offline queue", () => {
  it("grades once however often the device sends it, and the last attempt's resend is not refused", async () => {
    const { lesson, check } = await courseWithCheck(staff.admin.api, { maxAttempts: 1 });
    const clientId = randomUUID();
    const send = () =>
      staff.learner.api.post("/_api/quizzes/submit", { lessonId: lesson.id, answers: answersTo(check, [0]), clientId });
    const copies = await Promise.all([send(), send()]);
    const first = ok<SubmitResultView>(copies[0]);
    expect(first).toMatchObject({ passed: false, attemptsLeft: 0 });
    expect(ok<SubmitResultView>(copies[1])).toEqual(first);
    expect(ok<SubmitResultView>(await send())).toEqual(first);
    expect([await rows(QuizAttempt, lesson.id), await ledgerRows(clientId)]).toEqual([1, 1]);
    // A new id is a new attempt, and there is none left.
    const again = await staff.learner.api.post("/_api/quizzes/submit", {
      lessonId: lesson.id,
      answers: answersTo(check),
      clientId: randomUUID(),
    });
    expect(refusal(again)).toEqual({ status: 403, error: QUIZ_MESSAGES.noAttemptsLeft });
  });

  it("times a passing attempt and its completion when the device submitted it", async () => {
    const { lesson, check } = await courseWithCheck(staff.admin.api);
    await ageAll(30 * DAY_MS);
    const doneAt = new Date(Date.now() - 2 * DAY_MS).toISOString();
    const result = ok<SubmitResultView>(
      await staff.learner.api.post("/_api/quizzes/submit", { lessonId: lesson.id, answers: answersTo(check), doneAt }),
    );
    expect(result.passed).toBe(true);
    const em = app.orm.em.fork();
    const attempt = await em.findOneOrFail(QuizAttempt, { lesson: lesson.id }, { filters: false });
    const completion = await em.findOneOrFail(Completion, { lesson: lesson.id }, { filters: false });
    expect([attempt.createdAt.toISOString(), completion.completedAt.toISOString()]).toEqual([doneAt, doneAt]);
  });

  it("refuses another person's id, and a member of another organization gets 'not found'", async () => {
    const { lesson, check } = await courseWithCheck(staff.admin.api);
    const clientId = randomUUID();
    const body = { lessonId: lesson.id, answers: answersTo(check, [1]), clientId };
    ok(await staff.learner.api.post("/_api/quizzes/submit", body));
    expect(refusal(await staff.user.api.post("/_api/quizzes/submit", body))).toEqual({
      status: 409,
      error: CLIENT_ACTION_MESSAGES.clientIdTaken,
    });
    const stranger = (await orgWithMembers(app, { label: "offline-actions-quiz-stranger" })).admin;
    const strangerId = randomUUID();
    const response = await stranger.api.post("/_api/quizzes/submit", { ...body, clientId: strangerId });
    expect(refusal(response)).toEqual({ status: 404, error: COURSE_MESSAGES.lessonNotFound });
    expect([await rows(QuizAttempt, lesson.id), await ledgerRows(strangerId)]).toEqual([1, 0]);
  });
});
