import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminWithOrg, apiGet, apiPost, inviteAndJoin } from "./support/api-setup.js";
import { atPath, toast, visible, WIDTHS } from "./support/browser.js";
import { look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/**
 * Taking a course (docs/SPEC.md §2 "Course detail" and "Lesson page", §4 lesson completion): a learner sees
 * published courses only, works through one with Next, marks each lesson complete and watches the
 * progress bar reach 100%; the admin's settings statistics follow.
 */

const session = harnessSession();

interface Team {
  slug: string;
  orgId: number;
  admin: Page;
  learner: Page;
}

/** An admin with a new organization, and a learner who joined it through an invitation. */
async function team(width: number): Promise<Team> {
  const admin = await session.open(width);
  const { org } = await adminWithOrg(admin, { name: "Harbour Logistics" });
  const learner = await session.open(width);
  await inviteAndJoin(admin, learner, "learner");
  return { slug: org.slug, orgId: org.id, admin, learner };
}

/** A published course of two modules and three lessons, and a draft; made by the admin. */
async function courses(admin: Page) {
  const course = await apiPost<{ id: number }>(admin, "/_api/courses/create", {
    title: "Dock Safety",
    description: "How to work safely on the loading dock.",
    status: "published",
  });
  const draft = await apiPost<{ id: number }>(admin, "/_api/courses/create", { title: "Unfinished Draft" });
  const basics = await apiPost<{ id: number }>(admin, "/_api/modules/create", { courseId: course.id, title: "Basics" });
  const practice = await apiPost<{ id: number }>(admin, "/_api/modules/create", {
    courseId: course.id,
    title: "Practice",
  });
  const lessons = [
    await apiPost<{ id: number }>(admin, "/_api/lessons/create", {
      moduleId: basics.id,
      title: "Hazards on the Dock",
      content: '## Watch out\n\n- Moving **forklifts**\n- Wet floors\n\n<img src=x onerror="window.__xss=1">',
      videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    }),
    await apiPost<{ id: number }>(admin, "/_api/lessons/create", {
      moduleId: basics.id,
      title: "Personal Protective Equipment",
      content: "Wear a *high-visibility vest* at all times.",
      videoUrl: "https://example.com/videos/ppe.mp4",
    }),
    await apiPost<{ id: number }>(admin, "/_api/lessons/create", {
      moduleId: practice.id,
      title: "Signalling a Driver",
      content: "<p>Use the <strong>agreed hand signals</strong>.</p><script>window.__xss=2</script>",
    }),
  ];
  return { course, draft, lessons };
}

function stats(admin: Page, orgId: number) {
  return apiGet<{ courseCount: number; lessonCount: number; totalCompletions: number }>(
    admin,
    `/_api/orgs/stats?orgId=${orgId}`,
  );
}

/** The number on the settings page's statistics card with this label. */
async function statOnPage(admin: Page, label: string): Promise<number> {
  const text = await visible(admin.getByText(label, { exact: true }));
  const value = await text.evaluate((element) => {
    // Up from the label to the card that also holds the number.
    for (let node: Element | null = element; node; node = node.parentElement) {
      const match = /^\s*([\d,]+)\s*$/m.exec((node as HTMLElement).innerText.replace(element.textContent ?? "", ""));
      if (match?.[1]) return match[1];
    }
    return null;
  });
  return Number((value ?? "NaN").replace(/,/g, ""));
}

describe.each(WIDTHS)("learning at %i px", (width) => {
  it("a learner sees published courses only and no Create Course button", async () => {
    const { slug, admin, learner } = await team(width);
    const { course, draft } = await courses(admin);

    await learner.goto(`/${slug}/courses`);
    await visible(learner.getByRole("link", { name: "Dock Safety" }));
    expect(await learner.getByRole("link", { name: "Unfinished Draft" }).count()).toBe(0);
    expect(await learner.getByRole("link", { name: "Create Course" }).count()).toBe(0);
    await look(learner, "courses-list-learner");

    // No editing buttons on the detail page; a draft reads as not there; the editor pages send back.
    await learner.goto(`/${slug}/courses/${course.id}`);
    await visible(learner.getByText("0 of 3 lessons", { exact: true }));
    for (const name of ["Edit Course", "Manage Content", "Delete Course"]) {
      expect(await learner.getByRole("link", { name }).or(learner.getByRole("button", { name })).count()).toBe(0);
    }
    await learner.goto(`/${slug}/courses/${draft.id}`);
    await visible(learner.getByRole("heading", { name: "Course Not Found" }));
    await learner.goto(`/${slug}/courses/create`);
    await atPath(learner, `/${slug}/courses`);
    await learner.goto(`/${slug}/courses/${course.id}/edit`);
    await atPath(learner, `/${slug}/courses`);
  });

  it("a learner completes every lesson through Next and reaches 100%; the statistics follow", async () => {
    const { slug, orgId, admin, learner } = await team(width);
    const { course, lessons } = await courses(admin);
    const before = await stats(admin, orgId);
    expect(before).toMatchObject({ courseCount: 1, lessonCount: 3, totalCompletions: 0 });

    await learner.goto(`/${slug}/courses/${course.id}`);
    const bar = learner.getByRole("progressbar", { name: "Course progress" });
    await visible(bar);
    expect(await bar.getAttribute("aria-valuenow")).toBe("0");
    expect(await learner.getByRole("img", { name: "Not completed" }).count()).toBe(3);
    await look(learner, "course-detail-learner");

    await learner.getByRole("link", { name: "Hazards on the Dock" }).click();
    await atPath(learner, `/${slug}/lessons/${lessons[0]?.id}`);
    const breadcrumb = learner.getByRole("navigation", { name: "Breadcrumb" });
    await visible(breadcrumb.getByRole("link", { name: "Dock Safety" }));
    await visible(breadcrumb.getByRole("link", { name: "Basics" }));
    await visible(breadcrumb.getByRole("link", { name: "Hazards on the Dock" }));
    // The YouTube address plays in a titled frame; Markdown arrived as formatted text; the payload is inert.
    const frame = await visible(learner.locator("iframe[title]"));
    expect(await frame.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    await visible(learner.locator(".lesson-content strong", { hasText: "forklifts" }));
    expect(await learner.locator(".lesson-content [onerror]").count()).toBe(0);
    await look(learner, "lesson-learner");

    const titles = ["Hazards on the Dock", "Personal Protective Equipment", "Signalling a Driver"];
    for (const [index, title] of titles.entries()) {
      await visible(learner.getByRole("heading", { name: title, level: 1 }));
      const complete = learner.getByRole("button", { name: "Mark as Complete" });
      expect(await complete.isEnabled()).toBe(true);
      await complete.click();
      await toast(learner, "Lesson marked as complete!");
      // No undo: the button stays disabled.
      await learner.waitForFunction(() =>
        [...document.querySelectorAll("button")].some((b) => b.textContent?.includes("Mark as Complete") && b.disabled),
      );
      if (index === 1) {
        // A video address of no known host is a link, not a frame.
        await visible(learner.getByRole("link", { name: /Watch the video/ }));
        expect(await learner.locator("iframe").count()).toBe(0);
      }
      if (index < titles.length - 1) {
        // Next crosses from Basics into Practice after the second lesson.
        await learner.getByRole("link", { name: /^Next/ }).click();
      }
    }
    await visible(breadcrumb.getByRole("link", { name: "Practice" }));
    await visible(learner.getByRole("link", { name: /^Previous/ }));
    expect(await learner.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

    await learner.getByRole("link", { name: "Back to Course" }).click();
    await atPath(learner, `/${slug}/courses/${course.id}`);
    await visible(learner.getByText("3 of 3 lessons", { exact: true }));
    expect(await bar.getAttribute("aria-valuenow")).toBe("100");
    await visible(learner.getByText("100%", { exact: true }));
    expect(await learner.getByRole("img", { name: "Completed" }).count()).toBe(3);
    await look(learner, "course-detail-complete");

    // The admin's settings statistics: 1 published course, 3 lessons, 3 completions.
    expect(await stats(admin, orgId)).toMatchObject({ courseCount: 1, lessonCount: 3, totalCompletions: 3 });
    await admin.goto(`/${slug}/settings`);
    expect(await statOnPage(admin, "Published Courses")).toBe(1);
    expect(await statOnPage(admin, "Total Lessons")).toBe(3);
    expect(await statOnPage(admin, "Completed Lessons")).toBe(3);
  });
});
