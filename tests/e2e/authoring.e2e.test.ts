import type { Dialog, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminWithOrg, apiGet, apiPost, courseWithLessonViaApi } from "./support/api-setup.js";
import { atPath, visible, WIDTHS } from "./support/browser.js";
import { accessibilityProblems, look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/**
 * Writing a lesson as an author meets it: the formatting toolbar stays in view below the site header on a
 * long lesson, checklists look in the editor as learners see them, every uploaded image is asked for its
 * description (decision 0298), and knowledge-check changes are not left behind without a question (0299).
 */

const session = harnessSession();

/** Forty paragraphs: several screens at either width. */
const LONG_LESSON = Array.from(
  { length: 40 },
  (_, index) => `<p>Step ${index + 1}: check the station, wipe it down and note the time.</p>`,
).join("");

const CHECKLIST =
  '<ul data-type="taskList"><li data-checked="true" data-type="taskItem"><label><input type="checkbox" checked="checked">' +
  '<span></span></label><div><p>Helmet on</p></div></li><li data-checked="false" data-type="taskItem"><label>' +
  '<input type="checkbox"><span></span></label><div><p>Brakes tested before the first lift of the day</p></div></li></ul>';

async function lessonToEdit(page: Page, content?: string) {
  const { org } = await adminWithOrg(page);
  const made = await courseWithLessonViaApi(page, { title: "Station Care" }, { title: "Closing Down", content });
  return { slug: org.slug, ...made };
}

async function openEditor(page: Page, slug: string, lessonId: number): Promise<Locator> {
  await page.goto(`/${slug}/lessons/${lessonId}/edit`);
  return visible(page.getByRole("textbox", { name: "Content" }));
}

function saved(page: Page) {
  return visible(page.locator('output[data-save-state="saved"]'));
}

/**
 * What the editor saved: on a published course its draft (docs/decisions/0390-course-drafts.md), which
 * learners do not see until it is published; the lesson itself when there is none.
 */
async function storedContent(page: Page, lessonId: number): Promise<string | null> {
  const draft = await apiGet<{ content: string | null } | null>(
    page,
    `/_api/revisions/lesson-draft?lessonId=${lessonId}`,
  );
  return draft
    ? draft.content
    : (await apiGet<{ content: string | null }>(page, `/_api/lessons/get?id=${lessonId}`)).content;
}

/** Pastes a PNG drawn on a canvas, as a screenshot copied to the clipboard arrives. */
async function pasteScreenshot(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 96;
    canvas.height = 48;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no canvas");
    context.fillStyle = "#0ea5e9";
    context.fillRect(0, 0, 96, 48);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
    if (!blob) throw new Error("no PNG");
    const transfer = new DataTransfer();
    transfer.items.add(new File([blob], "station.png", { type: "image/png" }));
    document
      .querySelector(".ProseMirror")
      ?.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
  });
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not rendered");
  return found;
}

describe.each(WIDTHS)("authoring a lesson at %i px", (width) => {
  it("keeps the formatting toolbar in view below the site header while a long lesson scrolls", async () => {
    const page = await session.open(width);
    const { slug, lessonId } = await lessonToEdit(page, LONG_LESSON);
    const editor = await openEditor(page, slug, lessonId);
    await editor.click();
    await page.keyboard.press("Control+End");
    await visible(editor.getByText("Step 40:"));
    const toolbar = page.getByRole("toolbar", { name: "Formatting" });
    const header = page.locator("header").first();
    // The page has scrolled well past the toolbar's own place; it stays at the header's lower edge.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    const headerBox = await box(header);
    await expect
      .poll(async () => Math.round((await box(toolbar)).y))
      .toBe(Math.round(headerBox.y + headerBox.height) - 1);
    // Nothing lies over its first button: it is seen and clicked, not hidden under the header.
    const undo = await box(toolbar.getByRole("button", { name: "Undo" }));
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest('[role="toolbar"]') !== null,
      [undo.x + undo.width / 2, undo.y + undo.height / 2] as const,
    );
    expect(onTop).toBe(true);
    await look(page, "authoring-long-lesson-scrolled", { fullPage: false });
  });

  it("shows each checklist box beside its text in the editor, as the learner sees it", async () => {
    const page = await session.open(width);
    const { slug, lessonId } = await lessonToEdit(page, `<p>Before lifting:</p>${CHECKLIST}`);
    const editor = await openEditor(page, slug, lessonId);
    for (const text of ["Helmet on", "Brakes tested before the first lift of the day"]) {
      const item = editor.locator("li").filter({ hasText: text });
      const check = await box(item.locator("input[type=checkbox]"));
      const words = await box(item.getByText(text, { exact: true }));
      expect(check.x + check.width).toBeLessThanOrEqual(words.x);
      // On the text's first line, not a line of its own above it.
      expect(Math.abs(check.y + check.height / 2 - (words.y + Math.min(words.height, 24) / 2))).toBeLessThan(12);
    }
    await look(page, "authoring-checklist-editor");
    expect(await storedContent(page, lessonId)).toBe(`<p>Before lifting:</p>${CHECKLIST}`);

    await page.goto(`/${slug}/lessons/${lessonId}?preview=true`);
    await visible(page.getByText("Helmet on"));
    await look(page, "authoring-checklist-learner");
  });

  it("asks for an uploaded image's description, and changes it from the image's menu", async () => {
    const page = await session.open(width);
    const { slug, lessonId, courseId } = await lessonToEdit(page, "<p>The station when it is clean:</p>");
    const editor = await openEditor(page, slug, lessonId);
    await editor.click();
    await page.keyboard.press("Control+End");
    await pasteScreenshot(page);

    const dialog = await visible(page.getByRole("dialog", { name: "Describe this image" }));
    const field = dialog.getByLabel("Image description");
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    await look(page, "authoring-image-description", { fullPage: false });
    expect(await accessibilityProblems(page, '[role="dialog"]')).toEqual([]);
    await field.fill('Clean station, "ready" <for> service');
    await dialog.getByRole("button", { name: "Save description" }).click();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    const image = editor.locator('img[src^="/_api/uploads/images/"]');
    await saved(page);
    const src = await image.getAttribute("src");
    // Stored as the img's alt, escaped by the server's sanitizer like any attribute.
    await expect
      .poll(() => storedContent(page, lessonId))
      .toBe(
        `<p>The station when it is clean:</p><img src="${src}" alt="Clean station, &quot;ready&quot; &lt;for&gt; service">`,
      );

    // The image's menu: select it in the text, and the toolbar offers its description.
    await image.click();
    await page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "Image description" }).click();
    const again = await visible(page.getByRole("dialog", { name: "Describe this image" }));
    expect(await again.getByLabel("Image description").inputValue()).toBe('Clean station, "ready" <for> service');
    await again.getByLabel("Image description").fill("Clean station");
    await again.getByRole("button", { name: "Save description" }).click();
    await expect
      .poll(() => storedContent(page, lessonId))
      .toBe(`<p>The station when it is clean:</p><img src="${src}" alt="Clean station">`);

    // The course is published: learners see the image once the draft is (docs/decisions/0390-course-drafts.md).
    await apiPost(page, "/_api/revisions/submit", { courseId, reason: "A photo of the clean station", changes: [] });
    await page.goto(`/${slug}/lessons/${lessonId}?preview=true`);
    await visible(page.getByRole("img", { name: "Clean station" }));
  });
});

describe("knowledge-check changes when leaving the editor", () => {
  it("asks before leaving inside the app and before closing the tab, and keeps the changes when the author stays", async () => {
    const page = await session.open(1280);
    const { slug, lessonId } = await lessonToEdit(page, "<p>Wipe, then sanitise.</p>");
    await openEditor(page, slug, lessonId);
    await page.getByRole("button", { name: "Add question" }).click();
    await page.getByLabel("Question 1 text").fill("What comes after wiping?");
    await visible(page.getByText("Unsaved changes to the check"));

    const questions: string[] = [];
    let answer: (dialog: Dialog) => Promise<void> = (dialog) => dialog.dismiss();
    page.on("dialog", (dialog) => {
      questions.push(`${dialog.type()}: ${dialog.message()}`);
      void answer(dialog);
    });

    // Inside the app: the author stays, and the question is still there.
    await page.getByRole("link", { name: "Preview as Learner" }).click();
    await expect.poll(() => questions.length).toBe(1);
    expect(questions[0]).toBe(
      "confirm: Your changes to the knowledge check are not saved. Leave this page and lose them?",
    );
    await atPath(page, `/${slug}/lessons/${lessonId}/edit`);
    expect(await page.getByLabel("Question 1 text").inputValue()).toBe("What comes after wiping?");

    // Closing the tab: the browser asks (its own words); staying keeps the page.
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => questions.length).toBe(2);
    expect(questions[1]).toMatch(/^beforeunload:/);
    expect(page.isClosed()).toBe(false);

    // Leaving on purpose leaves.
    answer = (dialog) => dialog.accept();
    await page.getByRole("link", { name: "Preview as Learner" }).click();
    await visible(page.getByText("Preview: this is the lesson as a learner sees it."));
    expect(questions).toHaveLength(3);
  });

  it("leaves without a question once the check is saved", async () => {
    const page = await session.open(1280);
    const { slug, lessonId } = await lessonToEdit(page, "<p>Wipe, then sanitise.</p>");
    await openEditor(page, slug, lessonId);
    const questions: string[] = [];
    page.on("dialog", (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole("button", { name: "Add question" }).click();
    await page.getByLabel("Question 1 text").fill("Wiping comes before sanitising.");
    await page.getByLabel("Question 1 type").selectOption({ label: "True / false" });
    await page.getByRole("button", { name: "Save check" }).click();
    await expect.poll(() => page.getByText("Unsaved changes to the check").count()).toBe(0);
    await page.getByRole("link", { name: "Preview as Learner" }).click();
    await visible(page.getByText("Preview: this is the lesson as a learner sees it."));
    expect(questions).toEqual([]);
  });
});
