import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminWithOrg, apiGet, apiPost, departmentWithRoles } from "./support/api-setup.js";
import { atPath, toast, visible } from "./support/browser.js";
import { accessibilityProblems, look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/**
 * Building a course (docs/SPEC.md §2 "Courses list" to "Content management"): an admin creates a course with
 * two modules and three lessons, reorders modules by mouse and by keyboard, moves a lesson between
 * modules and publishes; a refused reorder falls back to the server's order; deleting a course.
 */

const session = harnessSession();

interface Outline {
  modules: Array<{ id: number; title: string; lessons: Array<{ id: number; title: string }> }>;
}

async function outline(page: Page, courseId: number): Promise<Record<string, string[]>> {
  const modules = await apiGet<Outline["modules"]>(page, `/_api/courses/structure?courseId=${courseId}`);
  return Object.fromEntries(modules.map((module) => [module.title, module.lessons.map((lesson) => lesson.title)]));
}

/**
 * What the drag library last said to screen readers (its aria-live region). It speaks at each step of a
 * drag (lift, every change of place, drop), so the text tells which state the drag has reached.
 */
function dragAnnouncement(target: Page): Promise<string> {
  return target
    .locator('[id^="rfd-announcement-"]')
    .evaluate((element) => (element.textContent ?? "").replace(/\s+/g, " ").trim());
}

async function announced(target: Page, expected: RegExp): Promise<void> {
  await expect.poll(() => dragAnnouncement(target), { timeout: 10_000 }).toMatch(expected);
}

/**
 * A mouse drag the way @hello-pangea/dnd wants one: press, move past its 5 px "sloppy click" threshold,
 * glide to the target in steps (it listens to every move), and release once it has announced the drop place
 * `expected`: it handles a move on the next frame and drops a move still pending at the release.
 */
async function drag(target: Page, handle: Locator, to: { x: number; y: number }, expected: RegExp): Promise<void> {
  await handle.scrollIntoViewIfNeeded();
  const box = await handle.boundingBox();
  if (!box) throw new Error("The drag handle is not on screen.");
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await target.mouse.move(start.x, start.y);
  await target.mouse.down();
  await target.mouse.move(start.x, start.y + 8, { steps: 4 });
  await announced(target, /^Picked up /);
  await target.mouse.move(to.x, to.y, { steps: 25 });
  await announced(target, expected);
  await target.mouse.up();
}

/**
 * The drag library's keyboard way: Space on the focused handle lifts, ArrowUp moves one place, Space drops.
 * It ignores keys until the lift is done and drops where it last announced, so each key waits for the
 * announcement of the step before it.
 */
async function moveUpByKeyboard(target: Page, handle: Locator, from: number): Promise<void> {
  await handle.focus();
  await target.keyboard.press("Space");
  await announced(target, /^Picked up module\./);
  await target.keyboard.press("ArrowUp");
  await announced(target, new RegExp(`^You have moved the item from position ${from} to position ${from - 1}$`));
  await target.keyboard.press("Space");
  await announced(target, new RegExp(`^Module moved to position ${from - 1}\\.$`));
}

async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("The drop target is not on screen.");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Typed into the editor: its Markdown shortcuts make a heading, a list and bold text. */
const LESSON_TYPED = "## Before you start\n- Wear **gloves**\nCheck the brakes";

async function lessonIdOf(page: Page, courseId: number, title: string): Promise<number> {
  const modules = await apiGet<Outline["modules"]>(page, `/_api/courses/structure?courseId=${courseId}`);
  const lesson = modules.flatMap((module) => module.lessons).find((each) => each.title === title);
  if (!lesson) throw new Error(`No lesson ${title}`);
  return lesson.id;
}
const YOUTUBE_URL = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";

describe("building a course", () => {
  it("creates a course with two modules and three lessons, reorders, moves a lesson and publishes", async () => {
    const page = await session.open(1280);
    const {
      org: { slug },
    } = await adminWithOrg(page);
    await departmentWithRoles(page, { name: "Operations", color: "#CFF3CF" }, ["Driver", "Loader"]);

    // The list, empty, with the Create Course button an admin gets.
    await page.goto(`/${slug}/courses`);
    await visible(page.getByText("No courses yet", { exact: true }));
    await page.getByRole("link", { name: "Create Course" }).click();
    await atPath(page, `/${slug}/courses/create`);

    // The shared schema's message under the title field.
    await page.getByRole("button", { name: "Create Course" }).click();
    await visible(page.getByText("Title must be at least 3 characters.", { exact: true }));
    await look(page, "course-create-errors");

    await page.getByLabel("Title", { exact: true }).fill("Forklift Safety");
    await page.getByLabel("Description", { exact: true }).fill("Everything a new driver needs on day one.");
    // Checking the department selects its roles; unchecking one role leaves the department partly checked.
    await page.getByRole("checkbox", { name: "Operations" }).click();
    expect(await page.getByRole("checkbox", { name: "Driver" }).getAttribute("aria-checked")).toBe("true");
    expect(await page.getByRole("checkbox", { name: "Loader" }).getAttribute("aria-checked")).toBe("true");
    await page.getByRole("checkbox", { name: "Loader" }).click();
    expect(await page.getByRole("checkbox", { name: "Operations" }).getAttribute("aria-checked")).toBe("mixed");
    expect(await page.getByRole("radio", { name: /Draft/ }).isChecked()).toBe(true);
    await look(page, "course-create");
    await page.getByRole("button", { name: "Create Course" }).click();
    await toast(page, "Course created successfully!");
    await visible(page.getByRole("heading", { name: "Forklift Safety", level: 1 }));
    const courseId = Number(new URL(page.url()).pathname.split("/").pop());
    expect(courseId).toBeGreaterThan(0);
    await visible(page.getByText("Draft", { exact: true }));
    await visible(page.getByText("Driver", { exact: true }));

    // Content: two modules, renamed inline; an empty title is refused with the spec's alert.
    await page.getByRole("link", { name: "Manage Content" }).click();
    await atPath(page, `/${slug}/courses/${courseId}/content`);
    await visible(page.getByText("No modules yet", { exact: false }));
    for (let count = 1; count <= 2; count += 1) {
      await page.getByRole("button", { name: "Add Module" }).click();
      await toast(page, "Module created successfully!");
      await page
        .getByRole("button", { name: /^New Module/ })
        .nth(count - 1)
        .waitFor();
    }
    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await page
      .getByRole("button", { name: /^New Module/ })
      .first()
      .click();
    await page.getByLabel("Module title").fill("   ");
    await page.getByLabel("Module title").press("Enter");
    expect(alerts).toEqual(["Title cannot be empty."]);
    for (const title of ["Safety Basics", "Daily Operations"]) {
      await page
        .getByRole("button", { name: /^New Module/ })
        .first()
        .click();
      await page.getByLabel("Module title").fill(title);
      await page.getByLabel("Module title").press("Enter");
      await visible(page.getByRole("button", { name: new RegExp(`^${title}`) }));
    }
    await toast(page, "Module updated successfully!");

    // Three lessons: "Add Lesson" opens each in the lesson editor, which saves as the author types.
    const lessons: Array<[string, string]> = [
      ["Safety Basics", "Protective Gear"],
      ["Safety Basics", "Daily Checks"],
      ["Daily Operations", "Loading the Truck"],
    ];
    for (const [moduleTitle, lessonTitle] of lessons) {
      await page.getByRole("button", { name: `Add Lesson to ${moduleTitle}` }).click();
      await toast(page, "Lesson created successfully!");
      await page.waitForURL(/\/lessons\/\d+\/edit$/);
      await page.getByLabel("Title", { exact: true }).fill(lessonTitle);
      await page.getByRole("textbox", { name: "Content" }).click();
      await page.keyboard.type(LESSON_TYPED);
      if (lessonTitle === "Protective Gear") {
        await page.getByLabel("Video URL", { exact: true }).fill("not a url");
        await visible(page.getByText("Not saved: Must be a valid URL.", { exact: true }));
        await look(page, "course-lesson-editor");
        expect(await accessibilityProblems(page)).toEqual([]);
        await page.getByLabel("Video URL", { exact: true }).fill(YOUTUBE_URL);
      }
      await visible(page.locator('output[data-save-state="saved"]'));
      await page.getByRole("link", { name: /Manage Content$/ }).click();
      await visible(page.getByRole("link", { name: `Edit lesson ${lessonTitle}` }));
    }
    const written = await apiGet<{ content: string }>(
      page,
      `/_api/lessons/get?id=${await lessonIdOf(page, courseId, "Daily Checks")}`,
    );
    expect(written.content).toBe(
      "<h2>Before you start</h2><ul><li><p>Wear <strong>gloves</strong></p></li><li><p>Check the brakes</p></li></ul>",
    );
    expect(await outline(page, courseId)).toEqual({
      "Safety Basics": ["Protective Gear", "Daily Checks"],
      "Daily Operations": ["Loading the Truck"],
    });
    await look(page, "course-content");

    // Modules by mouse: Daily Operations dragged above Safety Basics.
    const firstModuleHandle = page.getByRole("button", { name: "Reorder module Safety Basics" });
    const firstBox = await firstModuleHandle.boundingBox();
    if (!firstBox) throw new Error("no module handle");
    await drag(
      page,
      page.getByRole("button", { name: "Reorder module Daily Operations" }),
      { x: firstBox.x + firstBox.width / 2, y: firstBox.y - 10 },
      /^You have moved the item from position 2 to position 1$/,
    );
    await toast(page, "Modules reordered successfully!");
    expect(Object.keys(await outline(page, courseId))).toEqual(["Daily Operations", "Safety Basics"]);

    // Modules by keyboard: focus Safety Basics' handle, Space lifts, ArrowUp moves, Space drops.
    await moveUpByKeyboard(page, page.getByRole("button", { name: "Reorder module Safety Basics" }), 2);
    await expect
      .poll(async () => Object.keys(await outline(page, courseId)))
      .toEqual(["Safety Basics", "Daily Operations"]);

    // A lesson by mouse into the other module: Daily Checks onto Loading the Truck's place.
    const into = await centreOf(page.getByRole("button", { name: "Reorder lesson Loading the Truck" }));
    const intoList = await page
      .getByRole("list", { name: "Lessons of Daily Operations" })
      .getAttribute("data-rfd-droppable-id");
    await drag(
      page,
      page.getByRole("button", { name: "Reorder lesson Daily Checks" }),
      { x: into.x, y: into.y - 12 },
      new RegExp(`^You have moved the item from position 2 in list \\S+ to list ${intoList} in position 1$`),
    );
    await toast(page, "Lesson moved to Daily Operations");
    await toast(page, "Lessons reordered successfully!");
    expect(await outline(page, courseId)).toEqual({
      "Safety Basics": ["Protective Gear"],
      "Daily Operations": ["Daily Checks", "Loading the Truck"],
    });
    // The screen shows what the server holds.
    const dailyOps = page.getByRole("list", { name: "Lessons of Daily Operations" });
    expect(await dailyOps.getByRole("button", { name: /, rename$/ }).allTextContents()).toEqual([
      "Daily Checks, rename",
      "Loading the Truck, rename",
    ]);

    // The keyboard's way across modules (the drag library moves by keyboard within one list only):
    // the lesson editor's Module field.
    await page.getByRole("link", { name: "Edit lesson Loading the Truck" }).focus();
    await page.keyboard.press("Enter");
    await visible(page.getByRole("textbox", { name: "Content" }));
    await page.getByLabel("Module", { exact: true }).selectOption({ label: "Safety Basics" });
    await toast(page, "Lesson moved to Safety Basics");
    await page.getByRole("link", { name: /Manage Content$/ }).click();
    await expect
      .poll(() => outline(page, courseId))
      .toEqual({
        "Safety Basics": ["Protective Gear", "Loading the Truck"],
        "Daily Operations": ["Daily Checks"],
      });

    // Publish.
    await page.getByRole("link", { name: "Forklift Safety" }).click();
    await page.getByRole("link", { name: "Edit Course" }).click();
    await atPath(page, `/${slug}/courses/${courseId}/edit`);
    await visible(page.getByLabel("Title", { exact: true }));
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe("Forklift Safety");
    await page.getByRole("radio", { name: /Published/ }).check();
    await look(page, "course-edit");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Course updated successfully!");
    await atPath(page, `/${slug}/courses/${courseId}`);
    await visible(page.getByText("Published", { exact: true }));
    await visible(page.getByText("0 of 3 lessons", { exact: true }));

    // The list card shows it published, with its tags.
    await page.getByRole("link", { name: "Courses", exact: true }).first().click();
    const card = page.getByRole("listitem").filter({ hasText: "Forklift Safety" });
    await visible(card.getByText("Published", { exact: true }));
    // Loader was unchecked, so the course is for the Driver role only (the department is not selected).
    await visible(card.getByText("Driver", { exact: true }));
  });

  it("puts the server's order back when a reorder is refused", async () => {
    const page = await session.open(1280);
    const {
      org: { slug },
    } = await adminWithOrg(page);
    const course = await apiPost<{ id: number }>(page, "/_api/courses/create", { title: "Shared Course" });
    for (const title of ["Alpha", "Beta"]) {
      await apiPost(page, "/_api/modules/create", { courseId: course.id, title });
    }
    await page.goto(`/${slug}/courses/${course.id}/content`);
    await visible(page.getByRole("button", { name: "Reorder module Beta" }));

    // Someone else adds a module meanwhile: this screen's list is now stale, and the server refuses it.
    await apiPost(page, "/_api/modules/create", { courseId: course.id, title: "Gamma" });
    await moveUpByKeyboard(page, page.getByRole("button", { name: "Reorder module Beta" }), 2);
    await toast(page, "The modules of this course have changed since you loaded them. Reload and try again.");
    // The optimistic order is gone: the screen shows what the server holds, Gamma included.
    const handles = page.getByRole("button", { name: /^Reorder module/ });
    await expect
      .poll(() => handles.evaluateAll((elements) => elements.map((element) => element.getAttribute("aria-label"))))
      .toEqual(["Reorder module Alpha", "Reorder module Beta", "Reorder module Gamma"]);
  });

  it("deletes a course after confirmation", async () => {
    const page = await session.open(1280);
    const {
      org: { slug },
    } = await adminWithOrg(page);
    const course = await apiPost<{ id: number }>(page, "/_api/courses/create", { title: "Old Procedure" });
    await page.goto(`/${slug}/courses/${course.id}`);
    await page.getByRole("button", { name: "Delete Course" }).click();
    const confirm = page.getByRole("alertdialog");
    await visible(confirm.getByText("This cannot be undone.", { exact: false }));
    await look(page, "course-delete-confirm");
    expect(await accessibilityProblems(page, "[role=alertdialog]")).toEqual([]);
    await confirm.getByRole("button", { name: "Delete Course" }).click();
    await toast(page, "Course deleted successfully!");
    await atPath(page, `/${slug}/courses`);
    await visible(page.getByText("No courses yet", { exact: true }));

    await page.goto(`/${slug}/courses/${course.id}`);
    await visible(page.getByRole("heading", { name: "Course Not Found" }));
  });
});
