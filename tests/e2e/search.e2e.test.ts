import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminWithOrg, apiPost } from "./support/api-setup.js";
import { atPath, visible } from "./support/browser.js";
import { accessibilityProblems, look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/**
 * Search (decision 0060): the palette by keyboard (Ctrl+K, arrows, Enter, Escape) and by the header button at
 * phone width, and the course list's search box, on the full-text engine.
 */

const session = harnessSession();

interface Created {
  id: number;
}

/** Two published courses; the lesson's text and a description carry script that must stay inert. */
async function seedContent(page: Page) {
  const forklift = await apiPost<Created>(page, "/_api/courses/create", {
    title: "Forklift inspections",
    description: 'The signature at every shift handover. <img src=x onerror="window.__xss=1">',
    status: "published",
  });
  const module = await apiPost<Created>(page, "/_api/modules/create", {
    courseId: forklift.id,
    title: "Daily routine",
  });
  const lesson = await apiPost<Created>(page, "/_api/lessons/create", {
    moduleId: module.id,
    title: "Battery care",
    content:
      '<p>Charge the battery after each shift and wear <strong>gloves</strong>.</p><img src=x onerror="window.__xss=2">',
  });
  await apiPost(page, "/_api/courses/create", {
    title: "Kitchen hygiene",
    description: "Handwashing and cold storage.",
    status: "published",
  });
  return { forklift, lesson };
}

const palette = (page: Page) => page.getByRole("dialog", { name: "Search" });
const combobox = (page: Page) => page.getByRole("combobox", { name: "Search courses and lessons" });

async function activeOptionText(page: Page): Promise<string> {
  const id = await combobox(page).getAttribute("aria-activedescendant");
  if (!id) return "";
  return (await page.locator(`[id="${id}"]`).textContent()) ?? "";
}

describe("the search palette", () => {
  it("opens with Ctrl+K, moves with the arrows, opens a lesson with Enter, closes with Escape", async () => {
    const page = await session.open(1280);
    const { org } = await adminWithOrg(page);
    const { lesson } = await seedContent(page);
    await page.goto(`/${org.slug}/courses`);
    const listSearch = page.getByRole("searchbox", { name: "Search courses" });
    await listSearch.focus();

    await page.keyboard.press("Control+k");
    await visible(palette(page));
    expect(await combobox(page).evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type("shift");
    await visible(page.getByRole("option", { name: /Battery care/ }));
    await visible(page.getByRole("option", { name: /Forklift inspections/ }));
    expect(await page.getByRole("option").count()).toBe(2);
    // The matched word is marked, as text: the description's markup shows as characters, never runs.
    await visible(palette(page).locator("mark", { hasText: "shift" }).first());
    expect(await accessibilityProblems(page, '[role="dialog"]')).toEqual([]);
    await look(page, "search-palette");

    const first = await activeOptionText(page);
    await page.keyboard.press("ArrowDown");
    const second = await activeOptionText(page);
    expect(second).not.toBe(first);
    await page.keyboard.press("ArrowUp");
    expect(await activeOptionText(page)).toBe(first);

    // Escape closes, and focus is back where it was before the shortcut.
    await page.keyboard.press("Escape");
    await palette(page).waitFor({ state: "hidden" });
    // The dialog gives focus back once it has closed, which may be a frame after it is hidden.
    await expect.poll(() => listSearch.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.keyboard.press("Control+k");
    await combobox(page).fill("batt");
    await visible(page.getByRole("option", { name: /Battery care/ }));
    expect(await activeOptionText(page)).toContain("Battery care");
    await page.keyboard.press("Enter");
    await atPath(page, `/${org.slug}/lessons/${lesson.id}`);
    await visible(page.getByRole("heading", { name: "Battery care", level: 1 }));
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  });

  it("opens from the header button at 375 px and gives focus back to it", async () => {
    const page = await session.open(375);
    const { org } = await adminWithOrg(page);
    await seedContent(page);
    await page.goto(`/${org.slug}/courses`);
    const button = page.getByRole("button", { name: "Search", exact: true });
    await button.click();
    await combobox(page).fill("gloves");
    await visible(page.getByRole("option", { name: /Battery care/ }));
    await look(page, "search-palette-375");
    await page.keyboard.press("Escape");
    await palette(page).waitFor({ state: "hidden" });
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
  });
});

describe("the course list's search box", () => {
  for (const width of [1280, 375] as const) {
    it(`finds a course by words of its description in any order at ${width} px`, async () => {
      const page = await session.open(width);
      const { org } = await adminWithOrg(page);
      await seedContent(page);
      await page.goto(`/${org.slug}/courses`);
      await visible(page.getByRole("heading", { name: "Kitchen hygiene" }));
      await page.getByRole("searchbox", { name: "Search courses" }).fill("handover signature");
      await page.getByRole("heading", { name: "Kitchen hygiene" }).waitFor({ state: "hidden" });
      await visible(page.getByRole("heading", { name: "Forklift inspections" }));
      await look(page, `course-list-search-${width}`);
      await page.getByRole("searchbox", { name: "Search courses" }).fill("%%");
      await visible(page.getByText("No courses found", { exact: true }));
    });
  }
});
