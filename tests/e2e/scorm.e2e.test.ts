import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { LessonPageView } from "#server/modules/courses/lessons.presenter.js";
import type { ScormPackageView } from "#shared/schemas/scorm.js";
import { probePackage, scormPackage, singleScoPackage, zipOf } from "../support/scorm-packages.js";
import { adminWithOrg, apiGet, apiPost, inviteAndJoin, type Person, pageAgent } from "./support/api-setup.js";
import { visible, WIDTHS } from "./support/browser.js";
import { accessibilityProblems, look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/**
 * SCORM lessons in Chromium through the real runtime (docs/decisions/0333, 0334): packages the test builds
 * itself play in the lesson page's sandboxed frame, resume after a reload and on another browser, complete
 * the lesson on a pass and not on a fail, and cannot reach the learner's session.
 */

const session = harnessSession();

async function uploadPackage(admin: Page, lessonId: number, zip: Uint8Array): Promise<ScormPackageView> {
  const response = await admin.request.post(`/_api/scorm/upload?lessonId=${lessonId}`, {
    data: Buffer.from(zip),
    headers: { "content-type": "application/zip" },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (JSON.parse(await response.text()) as { json: ScormPackageView }).json;
}

/** An admin's organization with a published course of one SCORM lesson, and a learner in it. */
async function scormLesson(width: number, zip: Uint8Array, title = "Food safety") {
  const admin = await session.open(width);
  const { org } = await adminWithOrg(admin, { name: "Harbour Kitchens" });
  const learner = await session.open(width);
  const person = await inviteAndJoin(admin, learner, "learner");
  const course = await apiPost<{ id: number }>(admin, "/_api/courses/create", { title, status: "published" });
  const module = await apiPost<{ id: number }>(admin, "/_api/modules/create", { courseId: course.id, title: "Basics" });
  const lesson = await apiPost<{ id: number }>(admin, "/_api/lessons/create", { moduleId: module.id, title });
  await uploadPackage(admin, lesson.id, zip);
  return { admin, org, learner, person, lessonId: lesson.id, url: `/${org.slug}/lessons/${lesson.id}` };
}

/** The SCO's own page inside the lesson page's frame. */
function sco(page: Page, title: string) {
  return page.frameLocator(`iframe[title="${title}"]`);
}

async function committed(page: Page, action: () => Promise<void>): Promise<void> {
  const answered = page.waitForResponse((response) => response.url().includes("/_api/scorm/commit") && response.ok());
  await action();
  await answered;
}

async function signInElsewhere(width: number, person: Person): Promise<Page> {
  const page = await session.open(width);
  const answer = await pageAgent(page).post("/_api/auth/login", { email: person.email, password: person.password });
  expect(answer.status).toBe(200);
  return page;
}

describe.each(WIDTHS)("a SCORM 2004 lesson at %i px", (width) => {
  it("stops halfway, resumes after a reload and on another browser, and completes with its score", async () => {
    const zip = singleScoPackage("2004", "Food safety", { score: 90, status: "passed", suspendAs: "step-3" });
    const { learner, person, url, lessonId } = await scormLesson(width, zip);
    await learner.goto(url);
    const frame = sco(learner, "Food safety");
    await visible(frame.getByText("fresh start"));
    await look(learner, `scorm-lesson-${width}`);
    expect(await accessibilityProblems(learner)).toEqual([]);
    await committed(learner, () => frame.getByRole("button", { name: "Stop here" }).click());

    await learner.reload();
    await visible(sco(learner, "Food safety").getByText("resumed: step-3 at page-2"));

    const phone = await signInElsewhere(width, person);
    await phone.goto(url);
    const again = sco(phone, "Food safety");
    await visible(again.getByText("resumed: step-3 at page-2"));
    await committed(phone, () => again.getByRole("button", { name: "Finish" }).click());
    await visible(phone.getByText("Completed", { exact: true }));
    await look(phone, `scorm-lesson-completed-${width}`);
    const page = await apiGet<LessonPageView>(phone, `/_api/lessons/get?id=${lessonId}`);
    expect(page.isCompleted).toBe(true);
  });
});

describe("SCORM lessons that do not complete, and several parts", () => {
  it("keeps a failed 1.2 lesson open", async () => {
    const { learner, url, lessonId } = await scormLesson(
      1280,
      singleScoPackage("1.2", "Knives", { score: 40, status: "failed" }),
      "Knives",
    );
    await learner.goto(url);
    const frame = sco(learner, "Knives");
    await visible(frame.getByText("fresh start"));
    await committed(learner, () => frame.getByRole("button", { name: "Finish" }).click());
    const page = await apiGet<LessonPageView>(learner, `/_api/lessons/get?id=${lessonId}`);
    expect(page.isCompleted).toBe(false);
    expect(await learner.getByText("Completed", { exact: true }).count()).toBe(0);
  });

  it("plays a multi-SCO package part by part and completes after the last", async () => {
    const zip = scormPackage("1.2", "Forklift", [
      { id: "1", title: "Checks", href: "one/index.html", behaviour: { status: "completed" } },
      { id: "2", title: "Driving", href: "two/index.html", behaviour: { status: "passed", score: 100 } },
    ]);
    const { learner, url } = await scormLesson(1280, zip, "Forklift");
    await learner.goto(url);
    const first = sco(learner, "Forklift: Checks");
    await visible(first.getByText("fresh start"));
    await committed(learner, () => first.getByRole("button", { name: "Finish" }).click());
    await (await visible(learner.getByRole("button", { name: "Next part" }))).click();
    const second = sco(learner, "Forklift: Driving");
    await visible(second.getByText("fresh start"));
    await committed(learner, () => second.getByRole("button", { name: "Finish" }).click());
    await visible(learner.getByText("Completed", { exact: true }));
    await look(learner, "scorm-multi-sco-1280");
  });
});

describe("a multi-SCO SCORM 2004 package", () => {
  it("goes back and forth between its parts, and a failed part keeps the lesson open", async () => {
    const zip = scormPackage("2004", "Allergens", [
      { id: "1", title: "Labels", href: "one/index.html", behaviour: { status: "passed", score: 90 } },
      { id: "2", title: "Cross-contact", href: "two/index.html", behaviour: { status: "failed", score: 30 } },
    ]);
    const { learner, url, lessonId } = await scormLesson(375, zip, "Allergens");
    await learner.goto(url);
    const first = sco(learner, "Allergens: Labels");
    await visible(first.getByText("fresh start"));
    expect(await learner.getByRole("button", { name: "Next part" }).count()).toBe(0);
    await committed(learner, () => first.getByRole("button", { name: "Finish" }).click());
    await (await visible(learner.getByRole("button", { name: "Next part" }))).click();
    const second = sco(learner, "Allergens: Cross-contact");
    await visible(second.getByText("fresh start"));
    await committed(learner, () => second.getByRole("button", { name: "Finish" }).click());
    await look(learner, "scorm-multi-sco-2004");
    await (await visible(learner.getByRole("button", { name: "Previous part" }))).click();
    await visible(sco(learner, "Allergens: Labels").getByText("fresh start"));
    expect(await accessibilityProblems(learner)).toEqual([]);
    const page = await apiGet<LessonPageView>(learner, `/_api/lessons/get?id=${lessonId}`);
    expect(page.isCompleted).toBe(false);
  });
});

describe("a SCORM lesson played while the connection drops", () => {
  it("keeps its commits on the device, says so, and sends them once the connection returns", async () => {
    const zip = singleScoPackage("1.2", "Ovens", { status: "passed", score: 80 });
    const { learner, url, lessonId } = await scormLesson(375, zip, "Ovens");
    await learner.goto(url);
    const frame = sco(learner, "Ovens");
    await visible(frame.getByText("fresh start"));
    await learner.context().setOffline(true);
    await frame.getByRole("button", { name: "Finish" }).click();
    await visible(frame.getByText("finished"));
    await visible(learner.getByText("Waiting to sync"));
    await look(learner, "scorm-offline");

    const sent = learner.waitForResponse((response) => response.url().includes("/_api/scorm/commit") && response.ok());
    await learner.context().setOffline(false);
    await sent;
    await visible(learner.getByText("Completed", { exact: true }));
    await learner.getByText("Waiting to sync").waitFor({ state: "detached" });
    const page = await apiGet<LessonPageView>(learner, `/_api/lessons/get?id=${lessonId}`);
    expect(page.isCompleted).toBe(true);
  });
});

describe("a package's script", () => {
  it("gets nothing of the learner's from the API, the lesson page or the cookies", async () => {
    const { learner, url, person } = await scormLesson(1280, probePackage(), "Probe");
    await learner.goto(url);
    const frame = sco(learner, "Probe");
    await visible(frame.getByText(/^(status|blocked)/));
    const api = (await frame.locator("#api").textContent()) ?? "";
    expect(api).not.toContain(person.email);
    expect(api).toMatch(/^blocked|^status 401/);
    expect(await frame.locator("#parent").textContent()).toMatch(/^denied: SecurityError/);
    expect(await frame.locator("#cookie").textContent()).toMatch(/^denied: SecurityError|^cookie: \[\]$/);
  });
});

describe.each(WIDTHS)("uploading a package in the lesson editor at %i px", (width) => {
  it("says what it will play, and why it refuses a ZIP without a manifest", async () => {
    const admin = await session.open(width);
    const { org } = await adminWithOrg(admin, { name: "Harbour Kitchens" });
    const course = await apiPost<{ id: number }>(admin, "/_api/courses/create", {
      title: "HIPAA",
      status: "published",
    });
    const module = await apiPost<{ id: number }>(admin, "/_api/modules/create", {
      courseId: course.id,
      title: "Basics",
    });
    const lesson = await apiPost<{ id: number }>(admin, "/_api/lessons/create", {
      moduleId: module.id,
      title: "HIPAA",
    });
    await admin.goto(`/${org.slug}/lessons/${lesson.id}/edit`);
    const input = await visible(admin.getByLabel("Package ZIP (up to 200 MB)"));
    await input.setInputFiles({
      name: "broken.zip",
      mimeType: "application/zip",
      buffer: Buffer.from(zipOf({ "a.html": "x" })),
    });
    await visible(admin.getByText("This ZIP has no imsmanifest.xml at its top level"));
    const zip = scormPackage("2004", "HIPAA basics", [
      { id: "1", title: "Privacy", href: "one.html" },
      { id: "2", title: "Security", href: "two.html" },
    ]);
    await input.setInputFiles({ name: "hipaa.zip", mimeType: "application/zip", buffer: Buffer.from(zip) });
    await visible(admin.getByText("Uploaded: HIPAA basics (SCORM 2004, 2 parts)"));
    // The storage line follows the upload: the package's bytes now count (decision 0362).
    await visible(admin.getByText(/^Your organization's SCORM packages use [0-9.]+ MB of 2,048 MB\.$/));
    await admin.getByText("Uploaded: HIPAA basics").scrollIntoViewIfNeeded();
    await look(admin, `scorm-upload-${width}`);
    expect(await accessibilityProblems(admin)).toEqual([]);
  });
});
