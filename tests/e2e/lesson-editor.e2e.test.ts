import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminWithOrg, apiGet, apiPost } from "./support/api-setup.js";
import { visible } from "./support/browser.js";
import { accessibilityProblems, look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/**
 * The lesson editor (decision 0055): what an author writes is stored as the editor's HTML and comes back
 * byte for byte; a save based on an older version shows the conflict instead of overwriting; everything
 * works from the keyboard; the page at 1280 and 375 px.
 */

const session = harnessSession();

interface StoredLesson {
  content: string | null;
  version: number;
  title: string;
}

/** An admin's organization with a course, a module and one lesson (optionally with content). */
async function lessonToEdit(page: Page, content?: string) {
  const { org } = await adminWithOrg(page);
  const course = await apiPost<{ id: number }>(page, "/_api/courses/create", { title: "Forklift Safety" });
  const module = await apiPost<{ id: number }>(page, "/_api/modules/create", { courseId: course.id, title: "Basics" });
  const lesson = await apiPost<{ id: number }>(page, "/_api/lessons/create", {
    moduleId: module.id,
    title: "Daily Checks",
    content,
  });
  return { slug: org.slug, courseId: course.id, lessonId: lesson.id };
}

function stored(page: Page, lessonId: number): Promise<StoredLesson> {
  return apiGet<StoredLesson>(page, `/_api/lessons/get?id=${lessonId}`);
}

async function openEditor(page: Page, slug: string, lessonId: number) {
  await page.goto(`/${slug}/lessons/${lessonId}/edit`);
  const editor = page.getByRole("textbox", { name: "Content" });
  await visible(editor);
  return editor;
}

/**
 * Waits until the editor's own state holds `text` selected. The browser moves the DOM selection first and
 * tells ProseMirror in a later "selectionchange" event; on a loaded machine Ctrl+K has arrived in between,
 * moving focus to the link popover before the editor read the selection (so the link had no text to wrap).
 */
function selectedInEditor(page: Page, text: string) {
  return page.waitForFunction((expected) => {
    interface EditorHost extends HTMLElement {
      editor?: {
        state: { selection: { from: number; to: number }; doc: { textBetween(a: number, b: number): string } };
      };
    }
    const state = document.querySelector<EditorHost>(".ProseMirror")?.editor?.state;
    return state !== undefined && state.doc.textBetween(state.selection.from, state.selection.to) === expected;
  }, text);
}

function saved(page: Page) {
  return visible(page.locator('output[data-save-state="saved"]'));
}

/** A change and its undoing: the editor saves only if its HTML then differs from what it loaded. */
async function touchAndRestore(page: Page): Promise<void> {
  await page.getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("x");
  await page.keyboard.press("Backspace");
  await saved(page);
}

/** Pastes a PNG drawn on a canvas, as a screenshot copied to the clipboard arrives. */
async function pasteScreenshot(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 64;
    canvas.height = 32;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no canvas");
    context.fillStyle = "#6366f1";
    context.fillRect(0, 0, 64, 32);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
    if (!blob) throw new Error("no PNG");
    const transfer = new DataTransfer();
    transfer.items.add(new File([blob], "screenshot.png", { type: "image/png" }));
    const target = document.querySelector(".ProseMirror");
    target?.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
  });
}

/** Every shape the editor writes, as it writes it (decision 0051). */
const EVERY_SHAPE = [
  "<h1>Forklift SOP</h1><h3>Checks</h3>",
  "<p><strong>Bold</strong>, <em>italic</em>, <u>underline</u>, <s>strike</s>, <code>code</code>, a ",
  '<a target="_blank" rel="noopener noreferrer" href="https://docs.example/sop">link</a>.<br>Next line.</p>',
  '<ul><li><p>Bulleted</p></li></ul><ol start="3"><li><p>Three</p></li></ol>',
  '<ul data-type="taskList"><li data-checked="true" data-type="taskItem"><label><input type="checkbox" checked="checked">',
  '<span></span></label><div><p>Helmet on</p></div></li><li data-checked="false" data-type="taskItem"><label>',
  '<input type="checkbox"><span></span></label><div><p>Brakes tested</p></div></li></ul>',
  '<blockquote><p>Quoted</p></blockquote><aside data-callout="note"><p>A note</p></aside>',
  '<aside data-callout="warning"><p>Keep clear of the forks.</p></aside>',
  '<pre><code class="language-bash">ls -la</code></pre><hr><img src="https://cdn.example/diagram.png" alt="">',
  '<div data-video-embed=""><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" allowfullscreen="true"></iframe></div>',
  "<table><tbody><tr><th><p>Item</p></th><th><p>Limit</p></th></tr><tr><td><p>Pallet</p></td><td><p>1000 kg</p></td></tr></tbody></table>",
  "<p>The end.</p>",
].join("");

describe("the lesson editor", () => {
  it("stores every shape it writes exactly as it loaded it", async () => {
    const page = await session.open(1280);
    const { slug, lessonId } = await lessonToEdit(page, EVERY_SHAPE);
    const before = await stored(page, lessonId);
    expect(before.content).toBe(EVERY_SHAPE);
    await openEditor(page, slug, lessonId);
    await touchAndRestore(page);
    expect(await stored(page, lessonId)).toEqual(before);
  });

  it("writes a lesson with a heading, a list, a link and a pasted image; leaving and coming back changes nothing", async () => {
    const page = await session.open(1280);
    const { slug, lessonId } = await lessonToEdit(page);
    const editor = await openEditor(page, slug, lessonId);
    await page.getByLabel("Title", { exact: true }).fill("Checking the Forklift");
    await editor.click();
    await page.keyboard.type("## Before you start\n- Wear gloves\nCheck the brakes\n\nSee the manual");
    await saved(page);
    await page.keyboard.press("Shift+Control+ArrowLeft");
    await selectedInEditor(page, "manual");
    await page.keyboard.press("Control+k");
    await page.getByLabel("Link address", { exact: true }).fill("docs.example/manual");
    await page.keyboard.press("Enter");
    await page.keyboard.press("End");
    await pasteScreenshot(page);
    // Every upload asks for the image's description (decision 0298).
    const describe = await visible(page.getByRole("dialog", { name: "Describe this image" }));
    await describe.getByLabel("Image description").fill("Indigo test card");
    await describe.getByRole("button", { name: "Save description" }).click();
    const image = editor.locator('img[src^="/_api/uploads/images/"]');
    await visible(image);
    await saved(page);

    const written = await stored(page, lessonId);
    const src = await image.getAttribute("src");
    expect(written.title).toBe("Checking the Forklift");
    expect(written.content).toBe(
      "<h2>Before you start</h2><ul><li><p>Wear gloves</p></li><li><p>Check the brakes</p></li></ul>" +
        '<p>See the <a target="_blank" rel="noopener noreferrer" href="https://docs.example/manual">manual</a></p>' +
        `<img src="${src}" alt="Indigo test card">`,
    );
    await look(page, "lesson-editor-1280");
    expect(await accessibilityProblems(page)).toEqual([]);

    // Leave (the learner's preview shows the uploaded image), come back: the same lesson, nothing saved.
    await page.getByRole("link", { name: "Preview as Learner" }).click();
    await visible(page.getByText("Preview: this is the lesson as a learner sees it."));
    await visible(page.getByRole("heading", { name: "Before you start" }));
    await expect
      .poll(() => page.locator(".lesson-content img").evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBe(64);
    await page.getByRole("link", { name: "Back to Editor" }).click();
    await visible(page.getByRole("textbox", { name: "Content" }).getByRole("heading", { name: "Before you start" }));
    await touchAndRestore(page);
    expect(await stored(page, lessonId)).toEqual(written);
  });

  it("shows the newer text when another tab saved first, and lets the author keep theirs or take the other", async () => {
    const context = await session.openContext(1280);
    const first = await context.newPage();
    const { slug, lessonId } = await lessonToEdit(first, "<p>Start.</p>");
    const second = await context.newPage();
    for (const page of [first, second]) await openEditor(page, slug, lessonId);

    await first.getByRole("textbox", { name: "Content" }).click();
    await first.keyboard.press("Control+End");
    await first.keyboard.type(" From the first tab.");
    await saved(first);

    await second.getByRole("textbox", { name: "Content" }).click();
    await second.keyboard.press("Control+End");
    await second.keyboard.type(" From the second tab.");
    const conflict = second.getByRole("dialog", {
      name: "This lesson was changed by someone else while you were editing.",
    });
    await visible(conflict);
    await visible(conflict.getByText("Start. From the first tab."));
    await visible(second.getByText("Not saved: someone else changed this lesson."));
    expect((await stored(second, lessonId)).content).toBe("<p>Start. From the first tab.</p>");
    await look(second, "lesson-editor-conflict");

    await conflict.getByRole("button", { name: "Keep My Version" }).click();
    await saved(second);
    expect((await stored(second, lessonId)).content).toBe("<p>Start. From the second tab.</p>");

    // The first tab is now the stale one; it takes the other version, which replaces its text.
    await first.keyboard.type(" More.");
    const firstConflict = first.getByRole("dialog");
    await visible(firstConflict.getByText("Start. From the second tab."));
    await firstConflict.getByRole("button", { name: "Use Their Version" }).click();
    await saved(first);
    await visible(first.getByRole("textbox", { name: "Content" }).getByText("Start. From the second tab."));
    expect((await stored(first, lessonId)).content).toBe("<p>Start. From the second tab.</p>");
  });

  it("is used from the keyboard alone, and fits a phone", async () => {
    const page = await session.open(375);
    const { slug, lessonId } = await lessonToEdit(page);
    await openEditor(page, slug, lessonId);
    const focusedLabel = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active?.getAttribute("aria-label") ?? active?.id ?? "";
      });
    const content = page.getByRole("textbox", { name: "Content" });
    // From the page's start, Tab reaches the title field, then (past the module, video and toolbar) the text.
    for (
      let presses = 0;
      presses < 40 && !(await content.evaluate((element) => element === document.activeElement));
      presses += 1
    ) {
      await page.keyboard.press("Tab");
    }
    await expect.poll(() => content.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type("Steps");
    await page.keyboard.press("Control+Alt+2");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Control+Shift+8");
    await page.keyboard.type("First\nSecond\n\n");
    await page.keyboard.press("Control+b");
    await page.keyboard.type("Bold");
    await page.keyboard.press("Control+b");

    // Alt+F10 reaches the toolbar, the arrow keys move in it, Tab goes back to the text.
    await page.keyboard.press("Alt+F10");
    expect(await focusedLabel()).toBe("Undo");
    await page.keyboard.press("ArrowRight");
    expect(await focusedLabel()).toBe("Redo");
    await page.keyboard.press("Tab");
    expect(await content.evaluate((element) => element === document.activeElement)).toBe(true);
    await saved(page);
    expect((await stored(page, lessonId)).content).toBe(
      "<h2>Steps</h2><ul><li><p>First</p></li><li><p>Second</p></li></ul><p><strong>Bold</strong></p>",
    );
    await look(page, "lesson-editor-375");
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it("previews the course as a learner and duplicates it from the course page", async () => {
    const page = await session.open(1280);
    const { slug, courseId } = await lessonToEdit(page, "<p>Look both ways.</p>");
    await page.goto(`/${slug}/courses/${courseId}`);
    await page.getByRole("link", { name: "Preview as Learner" }).click();
    await visible(page.getByText("Preview: this is the lesson as a learner sees it."));
    await visible(page.getByText("Look both ways."));
    expect(await page.getByRole("button", { name: "Mark as Complete" }).count()).toBe(0);

    await page.goto(`/${slug}/courses/${courseId}`);
    await page.getByRole("button", { name: "Duplicate Course" }).click();
    await visible(page.getByRole("heading", { name: "Forklift Safety (copy)", level: 1 }));
    expect(page.url()).not.toMatch(new RegExp(`/courses/${courseId}$`));
  });
});
