import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminWithOrg, apiPost, departmentWithRoles } from "./support/api-setup.js";
import { visible, WIDTHS } from "./support/browser.js";
import { accessibilityProblems, look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/**
 * Every course screen (docs/SPEC.md §2 "Courses list" to "Lesson page") at both widths: screenshots to look at,
 * no sideways scrolling, no axe-core violations in the page's own content; and the list's search.
 */

const session = harnessSession();

/** Screenshot, no sideways scrolling, and no accessibility violations in the page's own content. */
async function check(target: Page, name: string): Promise<void> {
  await look(target, name);
  expect(await accessibilityProblems(target), `${name} accessibility`).toEqual([]);
}

const YOUTUBE_URL = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";

describe("courses list search", () => {
  it("searches on the server and says when nothing matches", async () => {
    const page = await session.open(1280);
    const {
      org: { slug },
    } = await adminWithOrg(page);
    for (const title of ["Fire Drill", "First Aid", "Ladder Use"]) {
      await apiPost(page, "/_api/courses/create", { title, status: "published" });
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
    const page = await session.open(width);
    const {
      org: { slug },
    } = await adminWithOrg(page);
    const dept = await departmentWithRoles(page, { name: "Warehouse", color: "#E4F2F9" }, [
      "Picker",
      "Packer",
      "Shift Lead",
      "Inventory Clerk",
    ]);
    const course = await apiPost<{ id: number }>(page, "/_api/courses/create", {
      title: "Warehouse Onboarding: Receiving, Storing and Shipping Goods Safely",
      description:
        "A complete walk-through of the warehouse: where things are, how goods come in, how they are stored and how orders leave the building.",
      status: "published",
      tagIds: [dept.id, ...dept.roleIds],
    });
    await apiPost(page, "/_api/courses/create", { title: "Draft Ideas", description: null });
    const moduleA = await apiPost<{ id: number }>(page, "/_api/modules/create", {
      courseId: course.id,
      title: "Receiving",
    });
    const moduleB = await apiPost<{ id: number }>(page, "/_api/modules/create", {
      courseId: course.id,
      title: "Storing",
    });
    const first = await apiPost<{ id: number }>(page, "/_api/lessons/create", {
      moduleId: moduleA.id,
      title: "Unloading a pallet",
      content:
        "## Steps\n\n1. Check the paperwork\n2. Inspect the pallet for damage\n3. Unload with the pallet jack\n\nRead the [handling guide](https://example.com/guide) and use `SCAN-IN` on the terminal.\n\n```\nscan --dock 4 --pallet 00123\n```\n\n| Item | Limit |\n| --- | --- |\n| Pallet | 1000 kg |",
      videoUrl: YOUTUBE_URL,
    });
    await apiPost(page, "/_api/lessons/create", { moduleId: moduleA.id, title: "Checking the count" });
    await apiPost(page, "/_api/lessons/create", { moduleId: moduleB.id, title: "Rack labels" });
    await apiPost(page, "/_api/lessons/complete", { lessonId: first.id });

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
