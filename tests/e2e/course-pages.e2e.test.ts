import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { COURSE_PAGE_SIZE } from "#shared/course-cursor.js";
import { adminWithOrg, apiPost } from "./support/api-setup.js";
import { visible, WIDTHS } from "./support/browser.js";
import { look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/**
 * A page at a time, not everything: the course list screen shows one page of courses (decision 0151) and
 * loads the next as the end of the list scrolls into view, for the whole list and for a search alike.
 */

const session = harnessSession();

/** A full first page and some of a second, all matching "Safety", and one course that does not. */
const SAFETY_COURSES = COURSE_PAGE_SIZE + 6;

const courseTitles = (page: Page) => page.getByRole("list", { name: "Courses" }).getByRole("heading").allInnerTexts();

/** Brings the end of the list into view, as a visitor scrolling down does. */
async function scrollToEnd(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Show more" }).scrollIntoViewIfNeeded();
}

describe.each(WIDTHS)("the course list, a page at a time (decision 0162), at %i px", (width) => {
  it("loads the second page as the list scrolls, and pages a search the same way", async () => {
    const page = await session.open(width);
    const {
      org: { slug },
    } = await adminWithOrg(page);
    const safetyTitles = Array.from(
      { length: SAFETY_COURSES },
      (_, index) => `Safety ${String(index + 1).padStart(2, "0")}`,
    );
    for (const title of safetyTitles) await apiPost(page, "/_api/courses/create", { title, status: "published" });
    await apiPost(page, "/_api/courses/create", { title: "Kitchen Hygiene", status: "published" });
    const newestFirst = ["Kitchen Hygiene", ...[...safetyTitles].reverse()];

    const listRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/_api/trpc/") && request.url().includes("courses.list"))
        listRequests.push(request.url());
    });
    await page.goto(`/${slug}/courses`);
    await visible(page.getByRole("heading", { name: "Kitchen Hygiene" }));
    expect(await courseTitles(page)).toEqual(newestFirst.slice(0, COURSE_PAGE_SIZE));
    expect(listRequests).toHaveLength(1);

    await scrollToEnd(page);
    await visible(page.getByRole("heading", { name: "Safety 01" }));
    expect(await courseTitles(page)).toEqual(newestFirst);
    // The second page was not full: it was the last, and nothing is left to show.
    await expect.poll(() => page.getByRole("button", { name: "Show more" }).count()).toBe(0);
    expect(listRequests).toHaveLength(2);

    await page.getByRole("searchbox", { name: "Search courses" }).fill("safety");
    const safetyNewestFirst = newestFirst.slice(1);
    await expect.poll(() => courseTitles(page)).toEqual(safetyNewestFirst.slice(0, COURSE_PAGE_SIZE));
    await scrollToEnd(page);
    await expect.poll(() => courseTitles(page)).toEqual(safetyNewestFirst);
    await look(page, "courses-list-paged-search");
  });
});
