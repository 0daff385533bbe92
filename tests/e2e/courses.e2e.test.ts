import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { APIRequestContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { atPath, horizontalOverflow, screenshot, uncaughtErrors, visible } from "./support/browser.js";
import { type E2EHarness, startHarness } from "./support/harness.js";

/**
 * Building a course (spec §2 "Courses list" to "Content management"): an admin creates a course with
 * two modules and three lessons, reorders modules by mouse and by keyboard, moves a lesson between
 * modules and publishes; a refused reorder falls back to the server's order; deleting a course.
 */

let harness: E2EHarness;
/** The test's page, closed (and checked for uncaught errors) after each test. */
let current: Page | undefined;

async function openPage(width: number): Promise<Page> {
  current = await harness.newPage({ width });
  return current;
}

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});
afterEach(async () => {
  const errors = current ? uncaughtErrors(current) : [];
  await current?.context().close();
  current = undefined;
  expect(errors).toEqual([]);
});

// ---- API set-up, in the page's own browser profile (so the page is signed in as that person) --------

/** A REST answer's body: superjson's envelope around the value. */
async function body<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { json: T }).json;
}

async function post<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  return body<T>(await request.post(path, { data }));
}

/** Registers a new person and creates an organization they are the admin of; returns its slug and id. */
async function adminWithOrg(target: Page): Promise<{ slug: string; orgId: number }> {
  const id = randomBytes(4).toString("hex");
  await post(target.request, "/_api/auth/register", {
    name: `Admin ${id}`,
    email: `admin.${id}@example.com`,
    password: `admin-${id}-pw`,
  });
  const slug = `courses-${id}`;
  const org = await post<{ id: number }>(target.request, "/_api/orgs/create", { name: `Depot ${id}`, slug });
  return { slug, orgId: org.id };
}

interface Outline {
  modules: Array<{ id: number; title: string; lessons: Array<{ id: number; title: string }> }>;
}

async function outline(request: APIRequestContext, courseId: number): Promise<Record<string, string[]>> {
  const modules = await body<Outline["modules"]>(await request.get(`/_api/courses/structure?courseId=${courseId}`));
  return Object.fromEntries(modules.map((module) => [module.title, module.lessons.map((lesson) => lesson.title)]));
}

/** Screenshot for a person to look at, plus the one layout rule a machine can check: nothing sideways. */
async function look(target: Page, name: string): Promise<void> {
  await screenshot(target, name);
  expect(await horizontalOverflow(target), `${name} scrolls sideways`).toBeLessThanOrEqual(0);
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * What axe-core finds wrong with the page's main region (WCAG 2 A and AA): the header and footer
 * belong to other screens' tests. Each violation as "rule: target".
 */
async function accessibilityProblems(target: Page, scope = "#main"): Promise<string[]> {
  // Evaluated rather than added as a <script>: the app's Content-Security-Policy rightly refuses inline scripts.
  await target.evaluate(AXE_SOURCE);
  return target.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: Array<{ id: string; nodes: Array<{ target: unknown[] }> }>;
    }
    const results = await axe.run(
      { include: [[selector]] },
      { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } },
    );
    return results.violations.flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${JSON.stringify(node.target)}`),
    );
  }, scope);
}

/** Waits for a toast with exactly this text (sonner renders toasts in an aria-live list). */
function toast(target: Page, text: string): Promise<Locator> {
  return visible(target.locator("[data-sonner-toast]").getByText(text, { exact: true }));
}

/**
 * A mouse drag the way @hello-pangea/dnd wants one: press, move past its 5 px "sloppy click" threshold,
 * glide to the target in steps (it listens to every move), release.
 */
async function drag(target: Page, handle: Locator, to: { x: number; y: number }): Promise<void> {
  await handle.scrollIntoViewIfNeeded();
  const box = await handle.boundingBox();
  if (!box) throw new Error("The drag handle is not on screen.");
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await target.mouse.move(start.x, start.y);
  await target.mouse.down();
  await target.mouse.move(start.x, start.y + 8, { steps: 4 });
  await target.mouse.move(to.x, to.y, { steps: 25 });
  // One more move on the spot: the library settles its drop target on the frame after the last move.
  await target.waitForTimeout(150);
  await target.mouse.move(to.x, to.y + 1, { steps: 2 });
  await target.mouse.up();
}

async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("The drop target is not on screen.");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const LESSON_MARKDOWN = "## Before you start\n\n- Wear **gloves**\n- Check the `brakes`\n\n> Safety first.";
const YOUTUBE_URL = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";

describe("building a course", () => {
  it("creates a course with two modules and three lessons, reorders, moves a lesson and publishes", async () => {
    const page = await openPage(1280);
    const { slug } = await adminWithOrg(page);
    const ops = await post<{ id: number }>(page.request, "/_api/tags/create", {
      name: "Operations",
      type: "department",
      color: "#CFF3CF",
    });
    for (const name of ["Driver", "Loader"]) {
      await post(page.request, "/_api/tags/create", { name, type: "role", parentId: ops.id });
    }

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

    // Three lessons, each written in the lesson dialog.
    const lessons: Array<[string, string]> = [
      ["Safety Basics", "Protective Gear"],
      ["Safety Basics", "Daily Checks"],
      ["Daily Operations", "Loading the Truck"],
    ];
    for (const [moduleTitle, lessonTitle] of lessons) {
      await page.getByRole("button", { name: `Add Lesson to ${moduleTitle}` }).click();
      await toast(page, "Lesson created successfully!");
      await page.getByRole("button", { name: "Edit lesson New Lesson" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Edit Lesson" });
      await visible(dialog.getByLabel("Title", { exact: true }));
      await dialog.getByLabel("Title", { exact: true }).fill(lessonTitle);
      await dialog.getByLabel("Content", { exact: true }).fill(LESSON_MARKDOWN);
      if (lessonTitle === "Protective Gear") {
        await dialog.getByLabel("Video URL", { exact: true }).fill("not a url");
        await dialog.getByRole("button", { name: "Save Lesson" }).click();
        await visible(dialog.getByText("Must be a valid URL.", { exact: true }));
        await look(page, "course-lesson-dialog");
        expect(await accessibilityProblems(page, "[role=dialog]")).toEqual([]);
        await dialog.getByLabel("Video URL", { exact: true }).fill(YOUTUBE_URL);
      }
      await dialog.getByRole("button", { name: "Save Lesson" }).click();
      await toast(page, "Lesson updated successfully!");
      await dialog.waitFor({ state: "hidden" });
      await visible(page.getByRole("button", { name: `Edit lesson ${lessonTitle}` }));
    }
    expect(await outline(page.request, courseId)).toEqual({
      "Safety Basics": ["Protective Gear", "Daily Checks"],
      "Daily Operations": ["Loading the Truck"],
    });
    await look(page, "course-content");

    // Modules by mouse: Daily Operations dragged above Safety Basics.
    const firstModuleHandle = page.getByRole("button", { name: "Reorder module Safety Basics" });
    const firstBox = await firstModuleHandle.boundingBox();
    if (!firstBox) throw new Error("no module handle");
    await drag(page, page.getByRole("button", { name: "Reorder module Daily Operations" }), {
      x: firstBox.x + firstBox.width / 2,
      y: firstBox.y - 10,
    });
    await toast(page, "Modules reordered successfully!");
    expect(Object.keys(await outline(page.request, courseId))).toEqual(["Daily Operations", "Safety Basics"]);

    // Modules by keyboard: focus Safety Basics' handle, Space lifts, ArrowUp moves, Space drops.
    await page.getByRole("button", { name: "Reorder module Safety Basics" }).focus();
    await page.keyboard.press("Space");
    await page.waitForTimeout(250);
    await page.keyboard.press("ArrowUp");
    await page.waitForTimeout(400);
    await page.keyboard.press("Space");
    await expect
      .poll(async () => Object.keys(await outline(page.request, courseId)))
      .toEqual(["Safety Basics", "Daily Operations"]);

    // A lesson by mouse into the other module: Daily Checks onto Loading the Truck's place.
    const into = await centreOf(page.getByRole("button", { name: "Reorder lesson Loading the Truck" }));
    await drag(page, page.getByRole("button", { name: "Reorder lesson Daily Checks" }), { x: into.x, y: into.y - 12 });
    await toast(page, "Lesson moved to Daily Operations");
    await toast(page, "Lessons reordered successfully!");
    expect(await outline(page.request, courseId)).toEqual({
      "Safety Basics": ["Protective Gear"],
      "Daily Operations": ["Daily Checks", "Loading the Truck"],
    });
    // The screen shows what the server holds.
    const dailyOps = page.getByRole("list", { name: "Lessons of Daily Operations" });
    expect(await dailyOps.getByRole("listitem").allInnerTexts()).toEqual(["Daily Checks", "Loading the Truck"]);

    // The keyboard's way across modules (the drag library moves by keyboard within one list only):
    // the lesson dialog's Module field.
    await page.getByRole("button", { name: "Edit lesson Loading the Truck" }).focus();
    await page.keyboard.press("Enter");
    const moveDialog = page.getByRole("dialog", { name: "Edit Lesson" });
    await visible(moveDialog.getByLabel("Module", { exact: true }));
    await moveDialog.getByLabel("Module", { exact: true }).selectOption({ label: "Safety Basics" });
    await moveDialog.getByRole("button", { name: "Save Lesson" }).click();
    await toast(page, "Lesson moved to Safety Basics");
    await expect
      .poll(() => outline(page.request, courseId))
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
    const page = await openPage(1280);
    const { slug } = await adminWithOrg(page);
    const course = await post<{ id: number }>(page.request, "/_api/courses/create", { title: "Shared Course" });
    for (const title of ["Alpha", "Beta"]) {
      await post(page.request, "/_api/modules/create", { courseId: course.id, title });
    }
    await page.goto(`/${slug}/courses/${course.id}/content`);
    await visible(page.getByRole("button", { name: "Reorder module Beta" }));

    // Someone else adds a module meanwhile: this screen's list is now stale, and the server refuses it.
    await post(page.request, "/_api/modules/create", { courseId: course.id, title: "Gamma" });
    await page.getByRole("button", { name: "Reorder module Beta" }).focus();
    await page.keyboard.press("Space");
    await page.waitForTimeout(250);
    await page.keyboard.press("ArrowUp");
    await page.waitForTimeout(400);
    await page.keyboard.press("Space");
    await toast(page, "The modules of this course have changed since you loaded them. Reload and try again.");
    // The optimistic order is gone: the screen shows what the server holds, Gamma included.
    const handles = page.getByRole("button", { name: /^Reorder module/ });
    await expect
      .poll(() => handles.evaluateAll((elements) => elements.map((element) => element.getAttribute("aria-label"))))
      .toEqual(["Reorder module Alpha", "Reorder module Beta", "Reorder module Gamma"]);
  });

  it("deletes a course after confirmation", async () => {
    const page = await openPage(1280);
    const { slug } = await adminWithOrg(page);
    const course = await post<{ id: number }>(page.request, "/_api/courses/create", { title: "Old Procedure" });
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
