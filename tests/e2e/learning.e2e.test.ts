import { randomBytes } from "node:crypto";
import type { APIRequestContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { atPath, horizontalOverflow, screenshot, uncaughtErrors, visible, WIDTHS } from "./support/browser.js";
import { type E2EHarness, startHarness } from "./support/harness.js";

/**
 * Taking a course (spec §2 "Course detail" and "Lesson page", §4 lesson completion): a learner sees
 * published courses only, works through one with Next, marks each lesson complete and watches the
 * progress bar reach 100%; the admin's settings statistics follow.
 */

let harness: E2EHarness;
const pages: Page[] = [];

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});
afterEach(async () => {
  const errors = pages.flatMap((each) => uncaughtErrors(each));
  for (const each of pages.splice(0)) await each.context().close();
  expect(errors).toEqual([]);
});

async function openPage(width: number): Promise<Page> {
  const page = await harness.newPage({ width });
  pages.push(page);
  return page;
}

// ---- API set-up through the documented REST paths, each person in their own browser profile ---------

async function body<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { json: T }).json;
}

async function post<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  return body<T>(await request.post(path, { data }));
}

function person(label: string) {
  const id = randomBytes(4).toString("hex");
  return { name: `${label} ${id}`, email: `${label.toLowerCase()}.${id}@example.com`, password: `${label}-${id}-pw` };
}

interface Team {
  slug: string;
  orgId: number;
  admin: Page;
  learner: Page;
}

/** An admin with a new organization, and a learner who joined it through an invitation. */
async function team(width: number): Promise<Team> {
  const admin = await openPage(width);
  await post(admin.request, "/_api/auth/register", person("Admin"));
  const slug = `learn-${randomBytes(4).toString("hex")}`;
  const org = await post<{ id: number }>(admin.request, "/_api/orgs/create", { name: "Harbour Logistics", slug });

  const learner = await openPage(width);
  const who = person("Learner");
  const invite = await post<{ inviteLink: string }>(admin.request, "/_api/team/invite", {
    name: who.name,
    email: who.email,
    role: "learner",
    tagIds: [],
  });
  await post(learner.request, "/_api/auth/register", who);
  await post(learner.request, "/_api/team/accept-invite", {
    token: new URL(invite.inviteLink).searchParams.get("token"),
  });
  return { slug, orgId: org.id, admin, learner };
}

/** A published course of two modules and three lessons, and a draft; made by the admin. */
async function courses(admin: Page) {
  const request = admin.request;
  const course = await post<{ id: number }>(request, "/_api/courses/create", {
    title: "Dock Safety",
    description: "How to work safely on the loading dock.",
    status: "published",
  });
  const draft = await post<{ id: number }>(request, "/_api/courses/create", { title: "Unfinished Draft" });
  const basics = await post<{ id: number }>(request, "/_api/modules/create", { courseId: course.id, title: "Basics" });
  const practice = await post<{ id: number }>(request, "/_api/modules/create", {
    courseId: course.id,
    title: "Practice",
  });
  const lessons = [
    await post<{ id: number }>(request, "/_api/lessons/create", {
      moduleId: basics.id,
      title: "Hazards on the Dock",
      content: '## Watch out\n\n- Moving **forklifts**\n- Wet floors\n\n<img src=x onerror="window.__xss=1">',
      videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    }),
    await post<{ id: number }>(request, "/_api/lessons/create", {
      moduleId: basics.id,
      title: "Personal Protective Equipment",
      content: "Wear a *high-visibility vest* at all times.",
      videoUrl: "https://example.com/videos/ppe.mp4",
    }),
    await post<{ id: number }>(request, "/_api/lessons/create", {
      moduleId: practice.id,
      title: "Signalling a Driver",
      content: "<p>Use the <strong>agreed hand signals</strong>.</p><script>window.__xss=2</script>",
    }),
  ];
  return { course, draft, lessons };
}

async function look(target: Page, name: string): Promise<void> {
  await screenshot(target, name);
  expect(await horizontalOverflow(target), `${name} scrolls sideways`).toBeLessThanOrEqual(0);
}

function toast(target: Page, text: string): Promise<Locator> {
  return visible(target.locator("[data-sonner-toast]").getByText(text, { exact: true }));
}

async function stats(admin: Page, orgId: number) {
  return body<{ courseCount: number; lessonCount: number; totalCompletions: number }>(
    await admin.request.get(`/_api/orgs/stats?orgId=${orgId}`),
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
