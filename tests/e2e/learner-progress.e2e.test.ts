import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  adminWithOrg,
  apiPost,
  courseWithLessonViaApi,
  createOrgViaApi,
  inviteAndJoin,
  registerViaApi,
} from "./support/api-setup.js";
import { atPath, visible, WIDTHS } from "./support/browser.js";
import { accessibilityProblems, look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/**
 * A learner finds their way back into their training: their progress on the course cards, Start and then
 * Continue on the course page to the first lesson not done, "Mark as Complete" after what it completes;
 * and someone in two organizations whose names start alike tells them apart in the header.
 */

const session = harnessSession();

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not rendered");
  return found;
}

/** An admin's published course of three lessons, open to everyone, and a learner who joined. */
async function courseAndLearner(width: number) {
  const admin = await session.open(width);
  const { org } = await adminWithOrg(admin);
  const { courseId, moduleId, lessonId } = await courseWithLessonViaApi(
    admin,
    { title: "Grill Station" },
    { title: "Lighting the Grill", content: "<p>Open the gas, then light the pilot.</p>" },
  );
  const more: number[] = [];
  for (const title of ["Cleaning the Grates", "Closing the Gas"]) {
    const lesson = await apiPost<{ id: number }>(admin, "/_api/lessons/create", {
      moduleId,
      title,
      content: `<p>${title}: follow the card on the wall.</p>`,
    });
    more.push(lesson.id);
  }
  const learner = await session.open(width);
  await inviteAndJoin(admin, learner, "user");
  return { slug: org.slug, courseId, lessons: [lessonId, ...more], learner };
}

function cardOf(page: Page, title: string): Locator {
  return page.getByRole("list", { name: "Courses" }).getByRole("listitem").filter({ hasText: title });
}

describe.each(WIDTHS)("a learner's way back into a course at %i px", (width) => {
  it("shows progress on the card, Start then Continue on the course page, and completion after the lesson", async () => {
    const { slug, courseId, lessons, learner: page } = await courseAndLearner(width);

    await page.goto(`/${slug}/courses`);
    const card = cardOf(page, "Grill Station");
    await visible(card.getByText("0 of 3 lessons"));
    expect(await card.getByRole("progressbar", { name: "Grill Station progress" }).getAttribute("aria-valuenow")).toBe(
      "0",
    );

    await page.goto(`/${slug}/courses/${courseId}`);
    await page.getByRole("link", { name: "Start: Grill Station" }).click();
    await atPath(page, `/${slug}/lessons/${lessons[0]}`);

    // "Mark as Complete" comes after the lesson's text, not above it.
    const text = await visible(page.getByText("Open the gas, then light the pilot."));
    const complete = page.getByRole("button", { name: "Mark as Complete" });
    expect((await box(complete)).y).toBeGreaterThan((await box(text)).y + (await box(text)).height);
    await look(page, "learner-lesson-before-complete");
    expect(await accessibilityProblems(page)).toEqual([]);
    await complete.click();
    await visible(page.getByText("You have completed this lesson."));
    expect(await complete.isDisabled()).toBe(true);

    // Back on the course page, Continue leads to the first lesson not done.
    await page.goto(`/${slug}/courses/${courseId}`);
    const resume = await visible(page.getByRole("link", { name: "Continue: Grill Station" }));
    await visible(page.getByText("1 of 3 lessons"));
    await look(page, "learner-course-continue");
    expect(await accessibilityProblems(page)).toEqual([]);
    await resume.click();
    await atPath(page, `/${slug}/lessons/${lessons[1]}`);
    await visible(page.getByRole("heading", { name: "Cleaning the Grates", level: 1 }));

    await page.goto(`/${slug}/courses`);
    await visible(cardOf(page, "Grill Station").getByText("1 of 3 lessons"));
    expect(
      await cardOf(page, "Grill Station")
        .getByRole("progressbar", { name: "Grill Station progress" })
        .getAttribute("aria-valuenow"),
    ).toBe("33");
    await look(page, "learner-course-cards");
    expect(await accessibilityProblems(page)).toEqual([]);
  });
});

/** Whether `word` of the element's text lies inside the element's box (a line clamp hides what is past it). */
function partingWordShows(element: Element, word: string): boolean {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.textContent?.indexOf(word) ?? -1;
    if (at === -1) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + word.length);
    const shown = element.getBoundingClientRect();
    const words = range.getBoundingClientRect();
    return words.bottom <= shown.bottom + 1 && words.right <= shown.right + 1;
  }
  return false;
}

/** Two names that a cut after their first words would make the same. */
const LONG_NAMES = ["Casa Rosa Restaurante Centro Histórico", "Casa Rosa Restaurante Playa del Norte"] as const;

describe.each(WIDTHS)("two organizations with long names that start alike, at %i px", (width) => {
  it("shows each name whole enough to tell them apart, and in full in the switcher", async () => {
    const page = await session.open(width);
    await registerViaApi(page);
    const first = await createOrgViaApi(page, { name: LONG_NAMES[0] });
    await createOrgViaApi(page, { name: LONG_NAMES[1] });

    await page.goto(`/${first.slug}/dashboard`);
    // The name with its tooltip (the title), read as "Current organization: …".
    const name = page.locator(`header [title="${LONG_NAMES[0]}"]`);
    await visible(name);
    expect(await name.textContent()).toBe(`Current organization: ${LONG_NAMES[0]}`);
    await visible(page.getByRole("button", { name: "Switch" }));
    await look(page, "header-long-organization-names", { fullPage: false });
    // Where the two names part ("Centro" here, "Playa" there) is in sight, not cut off with the rest.
    expect(await name.evaluate(partingWordShows, "Centro")).toBe(true);
    if (width === 375) {
      // A phone has the two lines for it: the whole name shows.
      expect(await name.evaluate((element) => element.scrollHeight <= element.clientHeight + 1)).toBe(true);
    }

    await page.getByRole("button", { name: "Switch" }).click();
    const switcher = await visible(page.getByRole("dialog", { name: "Switch organization" }));
    const current = switcher.getByRole("combobox", { name: "Organization" });
    await visible(current.getByText(LONG_NAMES[0], { exact: true }));
    expect(
      await current
        .getByText(LONG_NAMES[0], { exact: true })
        .evaluate(
          (element) => element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight + 1,
        ),
    ).toBe(true);
    expect(await accessibilityProblems(page, '[role="dialog"]')).toEqual([]);
    await current.click();
    for (const full of LONG_NAMES) {
      const option = await visible(page.getByRole("option", { name: full }));
      expect(await option.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }
    await look(page, "header-organization-switcher", { fullPage: false });
  });
});
