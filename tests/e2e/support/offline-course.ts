import { readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { adminWithOrg, apiPost, inviteAndJoin } from "./api-setup.js";
import { toast, visible } from "./browser.js";
import type { HarnessSession } from "./harness.js";

/**
 * The offline journeys' common start (decisions 0140–0143, 0293): an admin's published course of three
 * lessons (the first shows an uploaded image) and a learner in a fresh profile, whose service worker
 * controls the pages it opens.
 */

const ICON = readFileSync(path.resolve("client/public/icons/icon-192.png"));

export const SAVED_TOAST = "Saved on this device. It will sync when you're back online.";

export interface OfflineCourse {
  admin: Page;
  learner: Page;
  context: BrowserContext;
  slug: string;
  orgId: number;
  courseId: number;
  lessons: { id: number; title: string }[];
}

export async function forkliftCourseAndLearner(session: HarnessSession, width: number): Promise<OfflineCourse> {
  const admin = await session.open(width);
  const { org } = await adminWithOrg(admin, { name: "Yard Crew" });
  const course = await apiPost<{ id: number }>(admin, "/_api/courses/create", {
    title: "Forklift Basics",
    description: "Driving a forklift safely in the yard.",
    status: "published",
  });
  const upload = await admin.request.post(`/_api/uploads/image?courseId=${course.id}`, {
    data: ICON,
    headers: { "content-type": "image/png" },
  });
  expect(upload.status()).toBe(200);
  const imageUrl = ((await upload.json()) as { json: { url: string } }).json.url;
  const module = await apiPost<{ id: number }>(admin, "/_api/modules/create", { courseId: course.id, title: "Yard" });
  const titles = ["Pre-shift Check", "Loading a Pallet", "Parking Safely"];
  const lessons = [];
  for (const [index, title] of titles.entries()) {
    const content =
      index === 0 ? `<p>Walk round the truck.</p><p><img src="${imageUrl}" alt="The truck"></p>` : `<p>${title}.</p>`;
    const lesson = await apiPost<{ id: number }>(admin, "/_api/lessons/create", {
      moduleId: module.id,
      title,
      content,
    });
    lessons.push({ id: lesson.id, title });
  }
  const context = await session.openContext(width);
  const learner = await context.newPage();
  await inviteAndJoin(admin, learner, "learner");
  return { admin, learner, context, slug: org.slug, orgId: org.id, courseId: course.id, lessons };
}

/** The course page, controlled by the service worker (installed on the first load, in control after a reload). */
export async function openCourseControlled(page: Page, slug: string, courseId: number, title = "Forklift Basics") {
  await page.goto(`/${slug}/courses/${courseId}`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await visible(page.getByRole("heading", { level: 1, name: title }));
}

export async function saveForOffline(page: Page): Promise<void> {
  await (await visible(page.getByRole("button", { name: "Make available offline" }))).click();
  await visible(page.getByText("Available offline", { exact: true }));
}

/** "Mark as Complete" with no connection: kept on the device, shown as done and waiting to sync. */
export async function completeHere(page: Page): Promise<void> {
  await (await visible(page.getByRole("button", { name: "Mark as Complete" }))).click();
  await toast(page, SAVED_TOAST);
  await visible(page.getByText("Waiting to sync", { exact: true }));
  await visible(page.getByText("Completed", { exact: true }));
}

/** The header's count of work waiting on the device ("3 waiting to sync", "1 not synced"). */
export const syncButton = (page: Page, label: string) => page.getByRole("button", { name: label, exact: true });
