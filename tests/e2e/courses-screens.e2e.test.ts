import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { APIRequestContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { horizontalOverflow, screenshot, uncaughtErrors, visible, WIDTHS } from "./support/browser.js";
import { type E2EHarness, startHarness } from "./support/harness.js";

/**
 * Every course screen (spec §2 "Courses list" to "Lesson page") at both widths: screenshots to look at,
 * no sideways scrolling, no axe-core violations in the page's own content; and the list's search.
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

/** Screenshot, no sideways scrolling, and no accessibility violations in the page's own content. */
async function check(target: Page, name: string): Promise<void> {
  await look(target, name);
  expect(await accessibilityProblems(target), `${name} accessibility`).toEqual([]);
}

const YOUTUBE_URL = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";

describe("courses list search", () => {
  it("searches on the server and says when nothing matches", async () => {
    const page = await openPage(1280);
    const { slug } = await adminWithOrg(page);
    for (const title of ["Fire Drill", "First Aid", "Ladder Use"]) {
      await post(page.request, "/_api/courses/create", { title, status: "published" });
    }
    await page.goto(`/${slug}/courses`);
    await visible(page.getByRole("link", { name: "Ladder Use" }));
    await page.getByRole("searchbox", { name: "Search courses" }).fill("fi");
    await expect
      .poll(async () => page.getByRole("list", { name: "Courses" }).getByRole("heading").allInnerTexts())
      .toEqual(["First Aid", "Fire Drill"]);
    await page.getByRole("searchbox", { name: "Search courses" }).fill("zzz");
    await visible(page.getByText("No courses found", { exact: true }));
    await look(page, "courses-not-found");
  });
});

describe.each(WIDTHS)("course screens at %i px", (width) => {
  it("shows the list, create, detail, edit, content and lesson screens without sideways scrolling", async () => {
    const page = await openPage(width);
    const { slug } = await adminWithOrg(page);
    const dept = await post<{ id: number }>(page.request, "/_api/tags/create", {
      name: "Warehouse",
      type: "department",
      color: "#E4F2F9",
    });
    const roleIds: number[] = [];
    for (const name of ["Picker", "Packer", "Shift Lead", "Inventory Clerk"]) {
      roleIds.push(
        (await post<{ id: number }>(page.request, "/_api/tags/create", { name, type: "role", parentId: dept.id })).id,
      );
    }
    const course = await post<{ id: number }>(page.request, "/_api/courses/create", {
      title: "Warehouse Onboarding: Receiving, Storing and Shipping Goods Safely",
      description:
        "A complete walk-through of the warehouse: where things are, how goods come in, how they are stored and how orders leave the building.",
      status: "published",
      tagIds: [dept.id, ...roleIds],
    });
    await post(page.request, "/_api/courses/create", { title: "Draft Ideas", description: null });
    const moduleA = await post<{ id: number }>(page.request, "/_api/modules/create", {
      courseId: course.id,
      title: "Receiving",
    });
    const moduleB = await post<{ id: number }>(page.request, "/_api/modules/create", {
      courseId: course.id,
      title: "Storing",
    });
    const first = await post<{ id: number }>(page.request, "/_api/lessons/create", {
      moduleId: moduleA.id,
      title: "Unloading a pallet",
      content:
        "## Steps\n\n1. Check the paperwork\n2. Inspect the pallet for damage\n3. Unload with the pallet jack\n\nRead the [handling guide](https://example.com/guide) and use `SCAN-IN` on the terminal.\n\n```\nscan --dock 4 --pallet 00123\n```\n\n| Item | Limit |\n| --- | --- |\n| Pallet | 1000 kg |",
      videoUrl: YOUTUBE_URL,
    });
    await post(page.request, "/_api/lessons/create", { moduleId: moduleA.id, title: "Checking the count" });
    await post(page.request, "/_api/lessons/create", { moduleId: moduleB.id, title: "Rack labels" });
    await post(page.request, "/_api/lessons/complete", { lessonId: first.id });

    await page.goto(`/${slug}/courses`);
    await visible(page.getByRole("link", { name: "Draft Ideas" }));
    // Four tags on the card: three shown, then "+2 more" (department + 4 roles = 5).
    await visible(page.getByText("+2 more", { exact: true }));
    await check(page, "courses-list");

    await page.goto(`/${slug}/courses/create`);
    await visible(page.getByRole("checkbox", { name: "Inventory Clerk" }));
    await check(page, "course-create-form");

    await page.goto(`/${slug}/courses/${course.id}`);
    await visible(page.getByText("1 of 3 lessons", { exact: true }));
    const bar = page.getByRole("progressbar", { name: "Course progress" });
    expect(await bar.getAttribute("aria-valuenow")).toBe("33");
    await visible(page.getByRole("img", { name: "Completed" }));
    await check(page, "course-detail");

    await page.goto(`/${slug}/courses/${course.id}/edit`);
    await visible(page.getByRole("checkbox", { name: "Warehouse" }));
    await check(page, "course-edit-form");

    await page.goto(`/${slug}/courses/${course.id}/content`);
    await visible(page.getByRole("button", { name: "Reorder lesson Rack labels" }));
    await check(page, "course-content-manage");

    await page.goto(`/${slug}/lessons/${first.id}`);
    await visible(page.locator(".lesson-content h2", { hasText: "Steps" }));
    await check(page, "lesson-page");

    await page.goto(`/${slug}/courses/999999`);
    await visible(page.getByRole("heading", { name: "Course Not Found" }));
    await check(page, "course-not-found");
    await page.goto(`/${slug}/lessons/999999`);
    await visible(page.getByRole("heading", { name: "Lesson not found." }));
    await check(page, "lesson-not-found");
    await page.goto(`/${slug}/courses/999999/content`);
    await visible(page.getByRole("heading", { name: "Error Loading Content" }));
  });
});
