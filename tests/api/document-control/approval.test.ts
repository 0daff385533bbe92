import { describe, expect, it } from "vitest";
import type { LessonPageView } from "#server/modules/courses/lessons.presenter.js";
import type { RevisionSummaryView } from "#server/modules/document-control/revisions.presenter.js";
import { ORGANIZATION_HEADER } from "#shared/constants.js";
import { REVISION_MESSAGES as R } from "#shared/schemas/revisions.js";
import type { ApiClient } from "../support/client.js";
import { createCourse, createLesson, createModule, staffedOrganization } from "../support/course-fixtures.js";
import { ok, refusal, rowsOfOrganization } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/** Approval of revisions where the organization requires it (docs/decisions/0391-approval-of-revisions.md). */

const app = suiteApp();
const staff = suiteFixture(async () => {
  const team = await staffedOrganization(app, "approval");
  ok(await team.admin.api.post("/_api/document-control/update-settings", { approvalRequired: true }));
  return team;
});
const stranger = suiteFixture(() => staffedOrganization(app, "approval-other"));

async function publishedLesson() {
  const api = staff.admin.api;
  const course = await createCourse(api, { title: "Closing SOP", status: "published" });
  const module = await createModule(api, course.id, "Night");
  const lesson = await createLesson(api, module.id, { title: "Alarm", content: "<p>Set the alarm.</p>" });
  return { course, lesson };
}

const lessonPage = async (api: ApiClient, id: number) =>
  ok<LessonPageView>(await api.get("/_api/lessons/get", { id: String(id) }));

const revisions = async (api: ApiClient, courseId: number) =>
  ok<RevisionSummaryView[]>(await api.get("/_api/revisions/list", { courseId: String(courseId) }));

/** The teacher drafts a change and submits it: it goes to review. */
async function inReview() {
  const { course, lesson } = await publishedLesson();
  ok(
    await staff.teacher.api.post("/_api/lessons/update", {
      id: lesson.id,
      content: "<p>Set the alarm and lock up.</p>",
    }),
  );
  const submitted = ok<RevisionSummaryView>(
    await staff.teacher.api.post("/_api/revisions/submit", { courseId: course.id, reason: "Lock up too" }),
  );
  return { course, lesson, submitted };
}

describe("approval of revisions", () => {
  it("only admins change the setting; editors read it", async () => {
    expect(
      (await staff.manager.api.post("/_api/document-control/update-settings", { approvalRequired: false })).status,
    ).toBe(403);
    expect(ok(await staff.teacher.api.get("/_api/document-control/settings"))).toEqual({ approvalRequired: true });
    expect((await staff.learner.api.get("/_api/document-control/settings")).status).toBe(403);
  });

  it("with approval on, a save without draft writes the draft, and submitting puts it in review", async () => {
    const { course, lesson, submitted } = await inReview();
    expect(submitted).toMatchObject({ state: "in_review", reason: "Lock up too", submittedById: staff.teacher.id });
    expect(await lessonPage(staff.learner.api, lesson.id)).toMatchObject({ content: "<p>Set the alarm.</p>" });
    // What is in review does not change under the approver.
    const save = await staff.teacher.api.post("/_api/lessons/update", { id: lesson.id, content: "<p>Other</p>" });
    expect(refusal(save)).toEqual({ status: 409, error: R.inReview });
    expect((await revisions(staff.admin.api, course.id))[0]).toMatchObject({ state: "in_review" });
  });

  it("the approver types their name: recorded with the text's hash, and the learners read the new version", async () => {
    const { lesson, submitted } = await inReview();
    const manager = staff.manager;
    expect(
      refusal(
        await manager.api.post("/_api/revisions/approve", { revisionId: submitted.id, fullName: "Someone Else" }),
      ),
    ).toEqual({ status: 400, error: R.nameMismatch });
    expect(
      (
        await staff.teacher.api.post("/_api/revisions/approve", {
          revisionId: submitted.id,
          fullName: staff.teacher.name,
        })
      ).status,
    ).toBe(403);
    const approved = ok<RevisionSummaryView>(
      await manager.api.post("/_api/revisions/approve", { revisionId: submitted.id, fullName: ` ${manager.name} ` }),
    );
    expect(approved).toMatchObject({
      state: "published",
      number: 2,
      approvedName: manager.name,
      reason: "Lock up too",
    });
    expect(approved.approvedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(approved.approvedHash).toBe(approved.contentHash);
    expect(await lessonPage(staff.learner.api, lesson.id)).toMatchObject({
      content: "<p>Set the alarm and lock up.</p>",
    });
    expect(
      refusal(await manager.api.post("/_api/revisions/approve", { revisionId: submitted.id, fullName: manager.name })),
    ).toEqual({ status: 409, error: R.notInReview });
  });

  it("nobody approves their own revision: 403 and nothing changes", async () => {
    const { course, lesson } = await publishedLesson();
    const manager = staff.manager;
    ok(await manager.api.post("/_api/lessons/update", { id: lesson.id, draft: true, title: "Alarm and doors" }));
    const mine = ok<RevisionSummaryView>(
      await manager.api.post("/_api/revisions/submit", { courseId: course.id, reason: "Doors" }),
    );
    const before = await rowsOfOrganization(app, staff.org.id);
    const own = await manager.api.post("/_api/revisions/approve", { revisionId: mine.id, fullName: manager.name });
    expect(refusal(own)).toEqual({ status: 403, error: R.ownRevision });
    expect(await rowsOfOrganization(app, staff.org.id)).toEqual(before);
    expect((await revisions(staff.admin.api, course.id))[0]).toMatchObject({ state: "in_review", approvedName: null });
    expect(await lessonPage(staff.learner.api, lesson.id)).toMatchObject({ title: "Alarm" });
  });

  it("sent back with a comment, the draft is edited again and resubmitted", async () => {
    const { course, lesson, submitted } = await inReview();
    expect(
      (await staff.teacher.api.post("/_api/revisions/reject", { revisionId: submitted.id, comment: "x" })).status,
    ).toBe(403);
    const back = ok<RevisionSummaryView>(
      await staff.admin.api.post("/_api/revisions/reject", { revisionId: submitted.id, comment: "Name the keyholder" }),
    );
    expect(back).toMatchObject({
      state: "draft",
      reviewComment: "Name the keyholder",
      reviewedByName: staff.admin.name,
    });
    ok(
      await staff.teacher.api.post("/_api/lessons/update", {
        id: lesson.id,
        content: "<p>The keyholder locks up.</p>",
      }),
    );
    const again = ok<RevisionSummaryView>(
      await staff.teacher.api.post("/_api/revisions/submit", { courseId: course.id, reason: "Keyholder named" }),
    );
    expect(again).toMatchObject({ id: submitted.id, state: "in_review" });
    expect(await lessonPage(staff.learner.api, lesson.id)).toMatchObject({ content: "<p>Set the alarm.</p>" });
  });

  it("another organization gets not found from approve and reject, and changes nothing", async () => {
    const { submitted } = await inReview();
    const before = await rowsOfOrganization(app, staff.org.id);
    const outsider = stranger.admin;
    const header = { headers: { [ORGANIZATION_HEADER]: String(staff.org.id) } };
    for (const options of [{}, header]) {
      const approve = { revisionId: submitted.id, fullName: outsider.name };
      expect((await outsider.api.post("/_api/revisions/approve", approve, options)).status).toBe(404);
      const reject = { revisionId: submitted.id, comment: "No" };
      expect((await outsider.api.post("/_api/revisions/reject", reject, options)).status).toBe(404);
    }
    expect(
      (await outsider.api.post("/_api/document-control/update-settings", { approvalRequired: false }, header)).status,
    ).toBe(404);
    expect(await rowsOfOrganization(app, staff.org.id)).toEqual(before);
    expect(ok(await staff.admin.api.get("/_api/document-control/settings"))).toEqual({ approvalRequired: true });
  });
});
