import { describe, expect, it } from "vitest";
import type { LessonPageView, LessonView } from "#server/modules/courses/lessons.presenter.js";
import type {
  LessonDraftView,
  RevisionSummaryView,
  RevisionView,
} from "#server/modules/document-control/revisions.presenter.js";
import type { LessonSignoffView } from "#server/modules/signoff/signoff.presenter.js";
import { ORGANIZATION_HEADER } from "#shared/constants.js";
import { REVISION_MESSAGES as R } from "#shared/schemas/revisions.js";
import type { ApiClient } from "../support/client.js";
import { createCourse, createLesson, createModule, staffedOrganization } from "../support/course-fixtures.js";
import { ok, refusal, rowsOfOrganization } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/** Drafts and revisions of published courses (docs/decisions/0390-course-drafts.md), through the REST paths. */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "doccontrol"));
const stranger = suiteFixture(() => staffedOrganization(app, "doccontrol-other"));

/** A course with a plain lesson and a sign-off lesson, published unless asked otherwise. */
async function sopCourse(status: "draft" | "published" = "published") {
  const api = staff.admin.api;
  const course = await createCourse(api, { title: "Opening checklist", status });
  const module = await createModule(api, course.id, "Morning");
  const plain = await createLesson(api, module.id, { title: "Doors", content: "<p>Unlock the front door.</p>" });
  const created = await createLesson(api, module.id, { title: "Fryer", content: "<p>Check the oil level.</p>" });
  const signoff = ok<LessonView>(await api.post("/_api/lessons/update", { id: created.id, requiresSignoff: true }));
  return { course, plain, signoff };
}

const lessonPage = async (api: ApiClient, id: number) =>
  ok<LessonPageView>(await api.get("/_api/lessons/get", { id: String(id) }));

const saveDraft = (api: ApiClient, lesson: { id: number }, fields: Record<string, unknown>) =>
  api.post("/_api/lessons/update", { id: lesson.id, draft: true, ...fields });

const revisions = async (api: ApiClient, courseId: number) =>
  ok<RevisionSummaryView[]>(await api.get("/_api/revisions/list", { courseId: String(courseId) }));

const lessonDraft = async (api: ApiClient, lessonId: number) =>
  ok<LessonDraftView | null>(await api.get("/_api/revisions/lesson-draft", { lessonId: String(lessonId) }));

describe("drafts of a published course", () => {
  it("keeps learners on the published text while the editor saves, and shows the draft to the editor", async () => {
    const { plain } = await sopCourse();
    const first = ok<LessonView>(
      await saveDraft(staff.teacher.api, plain, {
        content: "<p>Unlock the front and side doors.</p>",
        version: plain.version,
      }),
    );
    expect(first).toMatchObject({
      id: plain.id,
      content: "<p>Unlock the front and side doors.</p>",
      version: plain.version + 1,
    });
    const second = ok<LessonView>(
      await saveDraft(staff.teacher.api, plain, { title: "Doors and alarm", version: first.version }),
    );
    expect(second).toMatchObject({ title: "Doors and alarm", version: first.version + 1 });

    expect(await lessonPage(staff.learner.api, plain.id)).toMatchObject({
      title: "Doors",
      content: "<p>Unlock the front door.</p>",
      version: plain.version,
    });
    expect(await lessonPage(staff.admin.api, plain.id)).toMatchObject({ title: "Doors", version: plain.version });
    expect(await lessonDraft(staff.teacher.api, plain.id)).toMatchObject({
      title: "Doors and alarm",
      content: "<p>Unlock the front and side doors.</p>",
      version: second.version,
    });
    // A save naming an older draft version is refused, as a live save would be.
    expect(refusal(await saveDraft(staff.admin.api, plain, { title: "Stale", version: first.version })).status).toBe(
      409,
    );
  });

  it("publishes with a reason as the next version; the course in force before is version 1", async () => {
    const { course, plain } = await sopCourse();
    const draft = ok<LessonView>(await saveDraft(staff.teacher.api, plain, { content: "<p>Unlock both doors.</p>" }));
    const [listed] = await revisions(staff.teacher.api, course.id);
    expect(listed).toMatchObject({ state: "draft", number: null, lessonCount: 1 });
    const diff = ok<RevisionView>(await staff.teacher.api.get("/_api/revisions/get", { id: String(listed?.id) }));
    expect(diff.lessons).toEqual([
      {
        lessonId: plain.id,
        requiresSignoff: false,
        before: { title: "Doors", content: "<p>Unlock the front door.</p>", videoUrl: null },
        after: { title: "Doors", content: draft.content, videoUrl: null },
        material: null,
      },
    ]);

    const published = ok<RevisionSummaryView>(
      await staff.teacher.api.post("/_api/revisions/submit", { courseId: course.id, reason: "Side door added" }),
    );
    expect(published).toMatchObject({ state: "published", number: 2, reason: "Side door added" });
    expect(published.publishedByName).toBe(staff.teacher.name);
    expect(published.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await lessonPage(staff.learner.api, plain.id)).toMatchObject({ content: "<p>Unlock both doors.</p>" });
    expect(await lessonDraft(staff.teacher.api, plain.id)).toBeNull();
    expect((await revisions(staff.admin.api, course.id)).map((each) => [each.number, each.state])).toEqual([
      [2, "published"],
      [1, "published"],
    ]);
    // The published revision's diff reads the same afterwards.
    const kept = ok<RevisionView>(await staff.admin.api.get("/_api/revisions/get", { id: String(published.id) }));
    expect(kept.lessons).toMatchObject([{ before: { content: "<p>Unlock the front door.</p>" }, material: false }]);
    // Nothing left to publish.
    expect(
      refusal(await staff.teacher.api.post("/_api/revisions/submit", { courseId: course.id, reason: "Again" })),
    ).toEqual({ status: 400, error: R.noDraft });
  });

  it("a material change outdates signatures; an editorial one keeps them", async () => {
    const { course, signoff } = await sopCourse();
    const learner = staff.learner;
    ok(
      await learner.api.post("/_api/lessons/sign", {
        lessonId: signoff.id,
        version: signoff.version,
        fullName: learner.name,
        agreed: true,
      }),
    );
    const standing = async () =>
      ok<LessonSignoffView>(await learner.api.get("/_api/lessons/signoff", { lessonId: String(signoff.id) }));

    ok(await saveDraft(staff.admin.api, signoff, { content: "<p>Check the oil level daily.</p>" }));
    // Only a sign-off lesson the draft changes may be named material.
    expect(
      refusal(
        await staff.admin.api.post("/_api/revisions/submit", {
          courseId: course.id,
          reason: "Typo",
          changes: [{ lessonId: signoff.id + 1000, material: true }],
        }),
      ),
    ).toEqual({ status: 400, error: R.notInDraft });
    ok(await staff.admin.api.post("/_api/revisions/submit", { courseId: course.id, reason: "Wording" }));
    expect(await standing()).toMatchObject({ status: "signed" });

    ok(await saveDraft(staff.admin.api, signoff, { content: "<p>Change the oil when it is dark.</p>" }));
    ok(
      await staff.admin.api.post("/_api/revisions/submit", {
        courseId: course.id,
        reason: "New oil rule",
        changes: [{ lessonId: signoff.id, material: true }],
      }),
    );
    expect(await standing()).toMatchObject({ status: "outdated" });
    expect(await lessonPage(learner.api, signoff.id)).toMatchObject({
      content: "<p>Change the oil when it is dark.</p>",
    });
    const versions = await revisions(staff.admin.api, course.id);
    expect(versions.map((each) => [each.number, each.materialCount])).toEqual([
      [3, 1],
      [2, 0],
      [1, 0],
    ]);
  });

  it("a course never published, and a save without draft, change the live lesson as before", async () => {
    const unpublished = await sopCourse("draft");
    const saved = ok<LessonView>(await saveDraft(staff.admin.api, unpublished.plain, { title: "Doors (new)" }));
    expect(saved.version).toBe(unpublished.plain.version + 1);
    expect(await lessonPage(staff.admin.api, unpublished.plain.id)).toMatchObject({ title: "Doors (new)" });
    expect(await revisions(staff.admin.api, unpublished.course.id)).toEqual([]);

    const { course, plain } = await sopCourse();
    ok(await staff.admin.api.post("/_api/lessons/update", { id: plain.id, title: "Doors (live)" }));
    expect(await lessonPage(staff.learner.api, plain.id)).toMatchObject({ title: "Doors (live)" });
    expect(await revisions(staff.admin.api, course.id)).toEqual([]);
    // A draft holds text only: sign-off is set on the lesson itself.
    expect(refusal(await saveDraft(staff.admin.api, plain, { requiresSignoff: true })).status).toBe(400);
  });

  it("is for those who edit: learners are refused, another organization gets not found and changes nothing", async () => {
    const { course, plain } = await sopCourse();
    ok(await saveDraft(staff.admin.api, plain, { content: "<p>Draft text</p>" }));
    const [draft] = await revisions(staff.admin.api, course.id);
    const learner = staff.learner.api;
    expect((await learner.get("/_api/revisions/list", { courseId: String(course.id) })).status).toBe(403);
    expect((await learner.get("/_api/revisions/lesson-draft", { lessonId: String(plain.id) })).status).toBe(403);
    expect((await learner.post("/_api/revisions/submit", { courseId: course.id, reason: "x" })).status).toBe(403);

    const before = await rowsOfOrganization(app, staff.org.id);
    const outsider = stranger.admin.api;
    const header = { headers: { [ORGANIZATION_HEADER]: String(staff.org.id) } };
    for (const options of [{}, header]) {
      expect((await outsider.get("/_api/revisions/list", { courseId: String(course.id) }, options)).status).toBe(404);
      expect((await outsider.get("/_api/revisions/get", { id: String(draft?.id) }, options)).status).toBe(404);
      expect((await outsider.get("/_api/revisions/lesson-draft", { lessonId: String(plain.id) }, options)).status).toBe(
        404,
      );
      const submit = await outsider.post(
        "/_api/revisions/submit",
        { courseId: course.id, reason: "Mine now" },
        options,
      );
      expect(submit.status).toBe(404);
      const save = await outsider.post("/_api/lessons/update", { id: plain.id, draft: true, title: "Taken" }, options);
      expect(save.status).toBe(404);
    }
    expect(await rowsOfOrganization(app, staff.org.id)).toEqual(before);
    expect(await lessonDraft(staff.admin.api, plain.id)).toMatchObject({ content: "<p>Draft text</p>" });
  });
});
