import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminWithOrg, apiPost, inviteAndJoin, type Person } from "./support/api-setup.js";
import { atPath, toast, visible } from "./support/browser.js";
import { accessibilityProblems, look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/**
 * SOP sign-off (docs/SPEC.md §7): an admin requires sign-off of a procedure, a member signs it, the admin
 * publishes a material change (through the course's draft, docs/decisions/0390-course-drafts.md), the member sees what changed, highlighted, and signs again; the sign-off
 * report shows both signatures.
 */

const session = harnessSession();

const FIRST_TEXT = "<p>Switch the machine off and lock the isolator.</p>";
const CHANGED_TEXT = "<p>Switch the machine off, lock the isolator and test for zero energy.</p>";

interface Scene {
  slug: string;
  admin: Page;
  member: Page;
  memberPerson: Person;
  courseId: number;
  lessonId: number;
}

async function scene(width: number): Promise<Scene> {
  const admin = await session.open(width);
  const { org } = await adminWithOrg(admin, { name: "Northside Plant" });
  const member = await session.open(width);
  const memberPerson = await inviteAndJoin(admin, member, "learner");
  const course = await apiPost<{ id: number }>(admin, "/_api/courses/create", {
    title: "Machine Safety",
    status: "published",
  });
  const module = await apiPost<{ id: number }>(admin, "/_api/modules/create", { courseId: course.id, title: "SOPs" });
  const lesson = await apiPost<{ id: number }>(admin, "/_api/lessons/create", {
    moduleId: module.id,
    title: "Lockout procedure",
    content: FIRST_TEXT,
  });
  return { slug: org.slug, admin, member, memberPerson, courseId: course.id, lessonId: lesson.id };
}

async function signLesson(member: Page, person: Person): Promise<void> {
  const panel = await visible(member.getByRole("region", { name: "Sign-off" }));
  await panel.getByLabel("I have read and understood this procedure").check();
  await panel.getByLabel("Full name").fill(`  ${person.name.toLowerCase()} `);
  await panel.getByRole("button", { name: "Sign" }).click();
  await toast(member, "Signed. Thank you!");
  await visible(member.getByText(/^You signed this procedure/));
}

/**
 * The progress reports while the member's signature is outdated: the matrix marks their cell of the
 * course, and their member report names the procedure as needing re-signing.
 */
async function reportsAskForResigning(
  admin: Page,
  slug: string,
  courseId: number,
  person: Person,
  name: string,
): Promise<void> {
  await admin.goto(`/${slug}/reports`);
  const matrix = await visible(admin.getByRole("region", { name: "Training matrix" }));
  await visible(matrix.getByRole("columnheader", { name: /Machine Safety/ }).getByText("1 sign-off"));
  const row = matrix.getByRole("row").filter({ hasText: person.name });
  await visible(row.getByText("Sign-off: 0 of 1 signed, 1 needs re-signing"));
  await look(admin, `${name}-matrix`);
  expect(await accessibilityProblems(admin)).toEqual([]);

  // The sign-off filter keeps who must sign or re-sign, and is in the page's address.
  await admin.getByRole("combobox", { name: "Filter by sign-off" }).click();
  await admin.getByRole("option", { name: "Needs signing" }).click();
  await admin.waitForURL(/signoff=needed/);
  await visible(matrix.getByRole("row").filter({ hasText: person.name }));
  await look(admin, `${name}-matrix-needs-signing`);

  // The course report: each member's standing with the course's procedure.
  await admin.goto(`/${slug}/reports/courses/${courseId}`);
  const members = await visible(admin.getByRole("region", { name: "Members of this course" }));
  await visible(members.getByRole("columnheader", { name: "Sign-off" }));
  await visible(members.getByRole("row").filter({ hasText: person.name }).getByText("Outdated — needs re-signing"));
  await look(admin, `${name}-course-report`);
  expect(await accessibilityProblems(admin)).toEqual([]);

  await admin.goto(`/${slug}/reports`);
  await visible(admin.getByRole("region", { name: "Training matrix" }));
  await admin.getByRole("row").filter({ hasText: person.name }).getByRole("link", { name: person.name }).click();
  const courses = await visible(admin.getByRole("region", { name: "Courses of this member" }));
  await visible(courses.getByRole("columnheader", { name: "Sign-off" }));
  await visible(courses.getByText("Outdated — needs re-signing"));
  await look(admin, `${name}-member-report`);
  expect(await accessibilityProblems(admin)).toEqual([]);
}

/** A published course's changes are published from Manage Content, material per lesson (docs/decisions/0390-course-drafts.md). */
async function publishMaterialChange(admin: Page, slug: string, courseId: number, summary: string): Promise<void> {
  await admin.goto(`/${slug}/courses/${courseId}/content`);
  const panel = await visible(admin.getByRole("region", { name: "Changes and versions" }));
  await (await visible(panel.getByLabel(/Material change/))).check();
  await panel.getByLabel("Reason for the change").fill(summary);
  await panel.getByRole("button", { name: "Publish changes" }).click();
  await toast(admin, "Changes published. Learners now read the new version.");
}

describe("SOP sign-off", () => {
  it("a member signs, a material change asks them to sign again with the change highlighted, the report shows both", async () => {
    const { slug, admin, member, memberPerson, courseId, lessonId } = await scene(1280);

    // The admin marks the lesson for sign-off in the editor.
    await admin.goto(`/${slug}/lessons/${lessonId}/edit`);
    await (await visible(admin.getByLabel("Requires sign-off"))).check();
    await toast(admin, "Sign-off setting saved.");
    await visible(admin.getByRole("link", { name: "Version history" }));

    // The member signs instead of marking it complete.
    await member.goto(`/${slug}/lessons/${lessonId}`);
    await visible(member.getByRole("region", { name: "Sign-off" }));
    expect(await member.getByRole("button", { name: "Mark as Complete" }).count()).toBe(0);
    await look(member, "signoff-panel");
    expect(await accessibilityProblems(member)).toEqual([]);
    await signLesson(member, memberPerson);

    // A material change: the text changes in the course's draft (as the editor's autosave saves it), then
    // the admin publishes it.
    await apiPost(admin, "/_api/lessons/update", { id: lessonId, content: CHANGED_TEXT, draft: true });
    await publishMaterialChange(admin, slug, courseId, "Test for zero energy");
    await reportsAskForResigning(admin, slug, courseId, memberPerson, "signoff");

    // The member is asked to sign again, on the dashboard and on the course page.
    await member.goto(`/${slug}/dashboard`);
    const notice = await visible(member.getByRole("region", { name: "Updated — review and sign again" }));
    await member.goto(`/${slug}/courses/${courseId}`);
    await visible(member.getByRole("region", { name: "Updated — review and sign again" }));
    await member.goto(`/${slug}/dashboard`);
    await notice.getByRole("link", { name: "Lockout procedure" }).click();
    await atPath(member, `/${slug}/lessons/${lessonId}`);
    const changes = await visible(member.getByRole("region", { name: "Changes since you signed" }));
    await visible(changes.getByRole("listitem").filter({ hasText: "Test for zero energy" }));
    await visible(changes.locator("ins").filter({ hasText: "zero energy" }));
    await look(member, "signoff-diff");
    expect(await accessibilityProblems(member)).toEqual([]);
    await signLesson(member, memberPerson);
    expect(await member.getByRole("region", { name: "Changes since you signed" }).count()).toBe(0);

    // The member report counts the new signature; the matrix cell has nothing left to re-sign.
    await admin.reload();
    const courses = await visible(admin.getByRole("region", { name: "Courses of this member" }));
    await visible(courses.getByText("Signed (current version)"));
    await admin.goto(`/${slug}/reports`);
    const matrix = await visible(admin.getByRole("region", { name: "Training matrix" }));
    await visible(matrix.getByText("Sign-off: 1 of 1 signed"));

    // The report: the member signed the current version, and both signatures are kept.
    await admin.goto(`/${slug}/reports/courses/${courseId}`);
    await (await visible(admin.getByRole("link", { name: "Lockout procedure" }))).click();
    await atPath(admin, `/${slug}/reports/signoffs/${lessonId}`);
    const members = await visible(admin.getByRole("region", { name: "Members" }));
    await visible(
      members.getByRole("row").filter({ hasText: memberPerson.name }).getByText("Signed (current version)"),
    );
    const signatures = await visible(admin.getByRole("region", { name: "Every signature" }));
    await visible(signatures.getByRole("row").filter({ hasText: "Current" }));
    await visible(signatures.getByRole("row").filter({ hasText: "Outdated" }));
    expect(await signatures.getByRole("row").count()).toBe(3);
    await look(admin, "signoff-report");
    expect(await accessibilityProblems(admin)).toEqual([]);
    // Two people and a dozen pages, one after the other: longer than a journey of one screen.
  }, 120_000);

  it("the sign panel, the changes and the report fit at 375 px", async () => {
    const { slug, admin, member, memberPerson, courseId, lessonId } = await scene(375);
    await apiPost(admin, "/_api/lessons/update", { id: lessonId, requiresSignoff: true });
    await member.goto(`/${slug}/lessons/${lessonId}`);
    await visible(member.getByRole("region", { name: "Sign-off" }));
    await look(member, "signoff-panel-375");
    await signLesson(member, memberPerson);
    await apiPost(admin, "/_api/lessons/update", {
      id: lessonId,
      content: CHANGED_TEXT,
      change: "material",
      changeSummary: "Test for zero energy",
    });
    await member.goto(`/${slug}/lessons/${lessonId}`);
    await visible(member.getByRole("region", { name: "Changes since you signed" }));
    await look(member, "signoff-diff-375");
    await reportsAskForResigning(admin, slug, courseId, memberPerson, "signoff-375");
    await admin.goto(`/${slug}/reports/signoffs/${lessonId}`);
    await visible(admin.getByRole("region", { name: "Every signature" }));
    await look(admin, "signoff-report-375");
    await admin.goto(`/${slug}/lessons/${lessonId}/history`);
    await visible(admin.getByRole("region", { name: /^Version 2/ }));
    await look(admin, "signoff-history-375");
  });
});
