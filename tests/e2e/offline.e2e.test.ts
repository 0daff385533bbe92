/**
 * Offline learning on the installed app (decisions 0140–0143), in the system Chromium against the built
 * client with its service worker: a course saved for offline use opens and is worked through with no
 * network, the work is kept on the device and reaches the server exactly once when the network returns,
 * a refusal is reported, and logging out offline leaves nothing of the person in the browser's storage.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { THREE_QUESTIONS } from "../support/quiz-questions.js";
import { adminWithOrg, apiGet, apiPost, inviteAndJoin } from "./support/api-setup.js";
import { atPath, toast, visible, WIDTHS } from "./support/browser.js";
import { look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";
import {
  completeHere,
  forkliftCourseAndLearner,
  type OfflineCourse,
  openCourseControlled,
  saveForOffline,
  syncButton,
} from "./support/offline-course.js";

const session = harnessSession();
type Lesson = OfflineCourse["lessons"][number];

/** Everything of the app's offline records readable from the page: IndexedDB rows and cached image URLs. */
function storedRecords(page: Page): Promise<{ rows: number; images: string[]; text: string }> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open("trainwright-offline");
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    let rows = 0;
    let text = "";
    for (const name of Array.from(db.objectStoreNames)) {
      const all = await new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction(name).objectStore(name).getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      rows += all.length;
      text += JSON.stringify(all);
    }
    db.close();
    const images: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        if (new URL(request.url).pathname.startsWith("/_api/")) images.push(request.url);
      }
    }
    return { rows, images, text };
  });
}

describe("offline learning (decisions 0140–0142)", () => {
  it("a saved course is learnt offline, synced once on reconnection, a refusal reported, logout forgets it", async () => {
    const { admin, learner, context, slug, orgId, courseId, lessons } = await forkliftCourseAndLearner(
      session,
      WIDTHS[0],
    );
    const [first, second, third] = lessons as [Lesson, Lesson, Lesson];
    await openCourseControlled(learner, slug, courseId);
    await saveForOffline(learner);
    await look(learner, "offline-course-saved");

    await context.setOffline(true);
    await learner.goto(`/${slug}/courses/${courseId}`);
    await visible(learner.getByRole("heading", { level: 1, name: "Forklift Basics" }));
    await (await visible(learner.getByRole("link", { name: first.title }))).click();
    await atPath(learner, `/${slug}/lessons/${first.id}`);
    const image = await visible(learner.getByRole("img", { name: "The truck" }));
    await learner.waitForFunction(
      (element) => (element as HTMLImageElement).naturalWidth > 0,
      await image.elementHandle(),
    );
    await completeHere(learner);
    for (const lesson of [second, third]) {
      await (await visible(learner.getByRole("link", { name: new RegExp(`Next\\s*${lesson.title}`) }))).click();
      await atPath(learner, `/${slug}/lessons/${lesson.id}`);
      await completeHere(learner);
    }
    await visible(syncButton(learner, "3 waiting to sync"));
    await look(learner, "offline-lesson-waiting");

    // Reloaded offline: still done, still waiting.
    await learner.reload();
    await visible(learner.getByRole("heading", { level: 1, name: third.title }));
    await visible(learner.getByText("Waiting to sync", { exact: true }));
    await learner.goto(`/${slug}/courses/${courseId}`);
    await visible(learner.getByText("100%"));
    expect(await apiGet<{ lessonIds: number[] }>(admin, "/_api/users/completions")).toEqual({ lessonIds: [] });

    // Meanwhile the third lesson is deleted; back online, the rest goes through once and that one is reported.
    await apiPost(admin, "/_api/lessons/delete", { id: third.id });
    await context.setOffline(false);
    await visible(syncButton(learner, "1 not synced"), 30_000);
    const stats = await apiGet<{ totalCompletions: number }>(admin, `/_api/orgs/stats?orgId=${orgId}`);
    expect(stats.totalCompletions).toBe(2);
    await syncButton(learner, "1 not synced").click();
    await visible(learner.getByText("Not synced: Lesson not found."));
    await look(learner, "offline-sync-refused");
    await learner.keyboard.press("Escape");

    // A second app start sends nothing twice.
    await learner.reload();
    await visible(syncButton(learner, "1 not synced"));
    expect(
      (await apiGet<{ totalCompletions: number }>(admin, `/_api/orgs/stats?orgId=${orgId}`)).totalCompletions,
    ).toBe(2);

    // Offline again: a page that was never kept leads to the offline page, which links the saved course.
    await context.setOffline(true);
    await learner.goto(`/${slug}/team`);
    await atPath(learner, "/offline");
    const available = learner.getByRole("region", { name: "Available offline" });
    const courseLink = await visible(available.getByRole("link", { name: "Forklift Basics" }));
    expect(await courseLink.getAttribute("href")).toBe(`/${slug}/courses/${courseId}`);
    await look(learner, "offline-page-available");
    await learner.getByRole("button", { name: "Retry Connection" }).click();
    await visible(learner.getByText(/Still no connection \(tried at/));

    // Log out while offline: nothing of the person is left in the browser's storage.
    expect((await storedRecords(learner)).text).toContain("Forklift Basics");
    await learner.goto("/account");
    await (await visible(learner.getByRole("button", { name: "Log Out" }))).click();
    await atPath(learner, "/logged-out");
    const left = await storedRecords(learner);
    expect([left.rows, left.images]).toEqual([0, []]);
    expect(left.text).not.toContain("Forklift Basics");
    // Back online, the server ends the session too: the next person on this device starts signed out.
    await context.setOffline(false);
    await learner.goto("/");
    await learner.waitForFunction(async () => (await fetch("/_api/auth/me")).status === 401);
  });

  it("at 375 px: the course control, the header count and the offline page", async () => {
    const { learner, context, slug, courseId, lessons } = await forkliftCourseAndLearner(session, WIDTHS[1]);
    await openCourseControlled(learner, slug, courseId);
    await saveForOffline(learner);
    await look(learner, "offline-course-saved");
    await context.setOffline(true);
    await learner.goto(`/${slug}/lessons/${lessons[0]?.id}`);
    await completeHere(learner);
    await visible(syncButton(learner, "1 waiting to sync"));
    await look(learner, "offline-lesson-waiting");
    await learner.goto("/offline");
    await visible(
      learner.getByRole("region", { name: "Available offline" }).getByRole("link", { name: "Forklift Basics" }),
    );
    await look(learner, "offline-page-available");
  });
});

/** A published course with a sign-off lesson and a lesson with a three-question check, and a learner. */
async function signAndCheckSetup(width: number) {
  const admin = await session.open(width);
  const { org } = await adminWithOrg(admin, { name: "Cold Store Crew" });
  const course = await apiPost<{ id: number }>(admin, "/_api/courses/create", {
    title: "Cold Store",
    status: "published",
  });
  const module = await apiPost<{ id: number }>(admin, "/_api/modules/create", { courseId: course.id, title: "Store" });
  const procedure = await apiPost<{ id: number }>(admin, "/_api/lessons/create", {
    moduleId: module.id,
    title: "Defrost Procedure",
    content: "<p>Switch the unit off before defrosting.</p>",
  });
  await apiPost(admin, "/_api/lessons/update", { id: procedure.id, requiresSignoff: true });
  const quiz = await apiPost<{ id: number }>(admin, "/_api/lessons/create", {
    moduleId: module.id,
    title: "Forklift Check",
  });
  await apiPost(admin, "/_api/quizzes/save", { lessonId: quiz.id, questions: THREE_QUESTIONS });
  const context = await session.openContext(width);
  const learner = await context.newPage();
  const person = await inviteAndJoin(admin, learner, "learner");
  return { admin, learner, context, person, slug: org.slug, orgId: org.id, courseId: course.id, procedure, quiz };
}

/** Signing and submitting a check offline, at `width`; the screenshots show both waiting to sync. */
async function signAndSubmitOffline(width: number): Promise<void> {
  const { admin, learner, context, person, slug, orgId, courseId, procedure, quiz } = await signAndCheckSetup(width);
  await openCourseControlled(learner, slug, courseId, "Cold Store");
  await saveForOffline(learner);
  await context.setOffline(true);

  await learner.goto(`/${slug}/lessons/${procedure.id}`);
  const panel = await visible(learner.getByRole("region", { name: "Sign-off" }));
  await panel.getByLabel("I have read and understood this procedure").check();
  await panel.getByLabel("Full name").fill(person.name);
  await panel.getByRole("button", { name: "Sign" }).click();
  await toast(learner, "Signed on this device. It will sync when you're back online.");
  await visible(learner.getByText(`Signed on this device as ${person.name}. Waiting to sync.`));
  await visible(syncButton(learner, "1 waiting to sync"));
  await look(learner, "offline-signature-queued");

  await learner.goto(`/${slug}/lessons/${quiz.id}`);
  const check = await visible(learner.getByRole("region", { name: "Knowledge check" }));
  for (const answer of ["Low", "Brakes", "Horn", "False"]) await check.getByLabel(answer, { exact: true }).check();
  await check.getByRole("button", { name: "Submit answers" }).click();
  await visible(check.getByText("Submitted — result when back online"));
  await visible(syncButton(learner, "2 waiting to sync"));
  await look(learner, "offline-check-queued");

  // Reloaded offline: both still kept, and nothing reached the server.
  await learner.reload();
  await visible(learner.getByText("Submitted — result when back online"));
  await learner.goto(`/${slug}/lessons/${procedure.id}`);
  await visible(learner.getByText(/Signed on this device as/));
  const stats = () => apiGet<{ totalCompletions: number }>(admin, `/_api/orgs/stats?orgId=${orgId}`);
  expect((await stats()).totalCompletions).toBe(0);

  // Back online: the signature and the graded check reach the server once, and the result shows.
  await context.setOffline(false);
  await visible(learner.getByText(/^You signed this procedure on /), 30_000);
  await learner.goto(`/${slug}/lessons/${quiz.id}`);
  await visible(learner.getByText("Graded now that you're back online"));
  await visible(learner.getByText("Passed: 100%"));
  await look(learner, "offline-check-graded");
  await learner.reload();
  await visible(learner.getByText("Passed: 100%"));
  expect((await stats()).totalCompletions).toBe(2);
  const signoffs = await apiGet<{ members: { signedVersion: number | null }[] }>(
    admin,
    `/_api/reports/signoffs?lessonId=${procedure.id}`,
  );
  expect(signoffs.members.filter((member) => member.signedVersion === 2)).toHaveLength(1);
}

describe("signing and checks offline (decision 0143)", () => {
  it("at 1280 px: a signature and a check submission wait on the device, then reach the server once", () =>
    signAndSubmitOffline(WIDTHS[0]));
  it("at 375 px", () => signAndSubmitOffline(WIDTHS[1]));
});
