import { describe, expect, it } from "vitest";
import { adminWithOrg, apiPost, inviteAndJoin } from "./support/api-setup.js";
import { atPath, toast, visible, WIDTHS } from "./support/browser.js";
import { accessibilityProblems, look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/**
 * Document control of a published course (docs/decisions/0390-course-drafts.md): the author edits a live
 * procedure in the editor, the learner keeps reading the published text, the author reviews the diff on
 * Manage Content and publishes it with a reason as a material change, and the learner then reads version
 * 2 and is asked to sign again.
 */

const session = harnessSession();

const LIVE_TEXT = "<p>Check the fryer oil level before opening.</p>";

describe("drafts of a published course", () => {
  it.each(WIDTHS)("the author's draft stays out of the learner's view until published (%i px)", async (width) => {
    const author = await session.open(width);
    const { org } = await adminWithOrg(author, { name: "Harbour Kitchen" });
    const slug = org.slug;
    const learner = await session.open(width);
    const learnerPerson = await inviteAndJoin(author, learner, "learner");
    const course = await apiPost<{ id: number }>(author, "/_api/courses/create", {
      title: "Opening SOP",
      status: "published",
    });
    const module = await apiPost<{ id: number }>(author, "/_api/modules/create", {
      courseId: course.id,
      title: "Fryer",
    });
    const created = await apiPost<{ id: number }>(author, "/_api/lessons/create", {
      moduleId: module.id,
      title: "Fryer oil",
      content: LIVE_TEXT,
    });
    const lesson = await apiPost<{ id: number; version: number }>(author, "/_api/lessons/update", {
      id: created.id,
      requiresSignoff: true,
    });
    await apiPost(learner, "/_api/lessons/sign", {
      lessonId: lesson.id,
      version: lesson.version,
      fullName: learnerPerson.name,
      agreed: true,
    });

    // The author edits the live procedure: the editor says it is a draft, and saves it as one.
    await author.goto(`/${slug}/lessons/${lesson.id}/edit`);
    await visible(author.getByText("Draft — not visible to learners."));
    const editor = await visible(author.getByRole("textbox", { name: "Content" }));
    await editor.click();
    await author.keyboard.press("Control+End");
    await author.keyboard.type(" Change it every Monday.");
    await visible(author.locator('output[data-save-state="saved"]'));
    await look(author, `doccontrol-editor-${width}`);
    expect(await accessibilityProblems(author)).toEqual([]);

    // The learner still reads the published text, and stays signed.
    await learner.goto(`/${slug}/lessons/${lesson.id}`);
    await visible(learner.getByText("Check the fryer oil level before opening."));
    await visible(learner.getByText(/^You signed this procedure/));
    expect(await learner.getByText("Change it every Monday.").count()).toBe(0);

    // The author reviews the diff on Manage Content and publishes it as a material change.
    await author.getByRole("link", { name: "Review and publish changes" }).click();
    await atPath(author, `/${slug}/courses/${course.id}/content`);
    const panel = await visible(author.getByRole("region", { name: "Changes and versions" }));
    await visible(panel.getByText("Draft — not visible to learners"));
    await visible(panel.locator("ins").filter({ hasText: "Monday" }));
    await panel.getByLabel(/Material change/).check();
    await panel.getByLabel("Reason for the change").fill("Oil is changed weekly from now on");
    await panel.scrollIntoViewIfNeeded();
    await look(author, `doccontrol-review-${width}`, { fullPage: true });
    expect(await accessibilityProblems(author)).toEqual([]);
    await panel.getByRole("button", { name: "Publish changes" }).click();
    await toast(author, "Changes published. Learners now read the new version.");
    await visible(panel.getByText("Version 2"));
    await visible(panel.getByText("Oil is changed weekly from now on"));
    await visible(panel.getByText("No draft changes."));
    await look(author, `doccontrol-versions-${width}`, { fullPage: true });

    // The learner reads version 2 and is asked to sign again, with the reason.
    await learner.reload();
    await visible(learner.getByText(/Change it every Monday\./).first());
    const changes = await visible(learner.getByRole("region", { name: "Changes since you signed" }));
    await visible(changes.getByText("Oil is changed weekly from now on"));
    await look(learner, `doccontrol-learner-${width}`);
    expect(await accessibilityProblems(learner)).toEqual([]);
  }, 120_000);
});
