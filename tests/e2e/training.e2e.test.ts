import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminWithOrg, apiPost, departmentWithRoles, inviteAndJoin, type Person } from "./support/api-setup.js";
import { atPath, toast, visible } from "./support/browser.js";
import { accessibilityProblems, look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/**
 * Training that gets done (decision 0045): an admin makes a course required for a role within 7 days of
 * joining; a member with that role finds it under "My training", completes it, and the admin watches
 * their cell in the report matrix turn complete and exports the matrix as CSV.
 */

const session = harnessSession();

interface Scene {
  slug: string;
  admin: Page;
  member: Page;
  memberPerson: Person;
  courseId: number;
  lessonIds: number[];
  driverRoleId: number;
  dispatcherRoleId: number;
}

/** A course of one module with these lessons, made by the page's admin through the API. */
async function courseWithLessons(
  admin: Page,
  course: { title: string; status?: "published"; required?: boolean; tagIds?: number[]; description?: string },
  lessonTitles: readonly string[],
): Promise<{ courseId: number; lessonIds: number[] }> {
  const { id: courseId } = await apiPost<{ id: number }>(admin, "/_api/courses/create", course);
  const module = await apiPost<{ id: number }>(admin, "/_api/modules/create", { courseId, title: "Basics" });
  const lessonIds: number[] = [];
  for (const title of lessonTitles) {
    lessonIds.push((await apiPost<{ id: number }>(admin, "/_api/lessons/create", { moduleId: module.id, title })).id);
  }
  return { courseId, lessonIds };
}

/** An organization with Operations → Driver, a driver who joined it, and a draft course of two lessons. */
async function scene(width: number): Promise<Scene> {
  const admin = await session.open(width);
  const { org } = await adminWithOrg(admin, { name: "Harbour Logistics" });
  const operations = await departmentWithRoles(admin, { name: "Operations" }, ["Driver", "Dispatcher"]);
  const [driverRoleId = 0, dispatcherRoleId = 0] = operations.roleIds;
  const member = await session.open(width);
  const memberPerson = await inviteAndJoin(admin, member, "learner", [driverRoleId]);
  const course = await apiPost<{ id: number }>(admin, "/_api/courses/create", {
    title: "Forklift Safety",
    description: "Operating a forklift on the dock without hurting anyone.",
  });
  const module = await apiPost<{ id: number }>(admin, "/_api/modules/create", { courseId: course.id, title: "Basics" });
  const lessonIds: number[] = [];
  for (const title of ["Before You Drive", "Loading and Lifting"]) {
    lessonIds.push((await apiPost<{ id: number }>(admin, "/_api/lessons/create", { moduleId: module.id, title })).id);
  }
  return {
    slug: org.slug,
    admin,
    member,
    memberPerson,
    courseId: course.id,
    lessonIds,
    driverRoleId,
    dispatcherRoleId,
  };
}

/** The matrix row of one member. */
function matrixRow(page: Page, name: string) {
  return page.getByRole("region", { name: "Training matrix" }).getByRole("row").filter({ hasText: name });
}

describe("training", () => {
  it("an admin requires a course of a role within 7 days; a driver completes it; the report shows it and exports it", async () => {
    const { slug, admin, member, memberPerson, courseId, lessonIds } = await scene(1280);

    // The admin tags the course for the Driver role, makes it required within 7 days and publishes it.
    await admin.goto(`/${slug}/courses/${courseId}/edit`);
    await (await visible(admin.getByLabel("Driver", { exact: true }))).check();
    await admin.getByRole("radio", { name: /^Required/ }).check();
    await admin.getByRole("radio", { name: /^Days after joining/ }).check();
    await admin.getByLabel("Days to complete").fill("7");
    await admin.getByRole("radio", { name: /^Published/ }).check();
    await look(admin, "course-form-training");
    expect(await accessibilityProblems(admin)).toEqual([]);
    await admin.getByRole("button", { name: "Save Changes" }).click();
    await toast(admin, "Course updated successfully!");
    await atPath(admin, `/${slug}/courses/${courseId}`);

    // The driver's dashboard: the course under "My training", not started, due in 7 days.
    await member.goto(`/${slug}/dashboard`);
    const assigned = await visible(member.getByRole("list", { name: "Assigned to you" }));
    await visible(assigned.getByRole("link", { name: "Forklift Safety" }));
    await visible(assigned.getByText("Not started", { exact: true }));
    await visible(assigned.getByText(/^Due /));
    await visible(assigned.getByText("0 of 2 lessons", { exact: true }));
    // A learner gets no admin checklist.
    expect(await member.getByRole("heading", { name: "Getting Started" }).count()).toBe(0);
    await look(member, "dashboard-my-training");
    expect(await accessibilityProblems(member)).toEqual([]);

    // "Start" opens the first lesson, then "Continue" the next unfinished one, each time.
    for (const [done, lessonId] of lessonIds.entries()) {
      await member.goto(`/${slug}/dashboard`);
      const resume = done === 0 ? "Start" : "Continue";
      await (await visible(member.getByRole("link", { name: `${resume}: Forklift Safety` }))).click();
      await atPath(member, `/${slug}/lessons/${lessonId}`);
      await (await visible(member.getByRole("button", { name: "Mark as Complete" }))).click();
      await toast(member, "Lesson marked as complete!");
    }
    await member.goto(`/${slug}/dashboard`);
    await visible(member.getByRole("list", { name: "Assigned to you" }).getByText("Completed", { exact: true }));
    await visible(member.getByText(/^Completed \w/));
    // The course page says when.
    await member.goto(`/${slug}/courses/${courseId}`);
    await visible(member.getByText("Required for you", { exact: true }));
    await visible(member.getByText(/^Completed \w/));

    // The admin's report: the driver's cell is complete, the totals count it.
    await admin.goto(`/${slug}/dashboard`);
    await (await visible(admin.getByRole("link", { name: "Reports" }))).click();
    await atPath(admin, `/${slug}/reports`);
    const row = matrixRow(admin, memberPerson.name);
    await visible(row.getByRole("img", { name: "Completed" }));
    await visible(row.getByText("100%", { exact: true }));
    await visible(row.getByText("1 of 1", { exact: true }));
    await look(admin, "reports-matrix");
    expect(await accessibilityProblems(admin)).toEqual([]);

    const [download] = await Promise.all([
      admin.waitForEvent("download"),
      admin.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = readFileSync(await download.path(), "utf8");
    // A byte-order mark so Excel reads UTF-8; CRLF rows; the driver's line says completed.
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines[0]).toContain("Forklift Safety");
    const driverLine = lines.find((line) => line.includes(memberPerson.email));
    expect(driverLine, csv).toBeDefined();
    // Name, Email, Role, Assigned, Completed, then the one course's status and percent.
    expect(driverLine?.split(",").slice(3)).toEqual(["1", "1", "Completed", "100"]);
  });

  it.each([1280, 375])("dashboard, reports and the course form fit at %i px", async (width) => {
    const { slug, admin, member, memberPerson, courseId, driverRoleId, dispatcherRoleId } = await scene(width);
    await apiPost(admin, "/_api/courses/update", {
      id: courseId,
      status: "published",
      tagIds: [driverRoleId],
      required: true,
      dueDays: 7,
    });
    // A few more courses, so the matrix is wider than a phone.
    for (const title of ["Dock Hygiene", "Fire Drill", "Night Shift Handover"]) {
      await courseWithLessons(admin, { title, status: "published", required: true }, ["Overview", "Checklist"]);
    }
    const care = await courseWithLessons(admin, { title: "Customer Care", status: "published" }, ["Greeting"]);
    // For dispatchers only: the driver finds it in the library, marked as not theirs.
    await courseWithLessons(admin, { title: "Radio Etiquette", status: "published", tagIds: [dispatcherRoleId] }, [
      "Call Signs",
    ]);
    // Some progress, so that the screens show every kind of state.
    await apiPost(member, "/_api/lessons/complete", { lessonId: care.lessonIds[0] });

    await member.goto(`/${slug}/dashboard`);
    await visible(member.getByRole("list", { name: "Assigned to you" }).getByRole("link", { name: "Forklift Safety" }));
    await visible(member.getByRole("list", { name: "Optional courses" }).getByRole("link", { name: "Customer Care" }));
    await look(member, "dashboard-learner");

    await admin.goto(`/${slug}/dashboard`);
    await visible(admin.getByRole("heading", { name: "Getting Started" }));
    await visible(admin.getByRole("heading", { name: "My training" }));
    await look(admin, "dashboard-admin");

    await admin.goto(`/${slug}/reports`);
    await visible(matrixRow(admin, memberPerson.name).getByRole("img", { name: "Not started" }));
    await look(admin, "reports");
    if (width < 768) {
      // The matrix scrolls inside its own box, the member column staying put.
      const region = admin.getByRole("region", { name: "Training matrix" });
      const scrolls = await region.evaluate((box) => box.scrollWidth > box.clientWidth);
      expect(scrolls).toBe(true);
    }

    await matrixRow(admin, memberPerson.name).getByRole("link", { name: memberPerson.name }).click();
    await visible(admin.getByRole("heading", { name: memberPerson.name, level: 1 }));
    await look(admin, "reports-member");
    await admin.getByRole("link", { name: "Forklift Safety" }).click();
    await visible(admin.getByRole("heading", { name: "Forklift Safety", level: 1 }));
    await look(admin, "reports-course");

    await admin.goto(`/${slug}/courses/${courseId}/edit`);
    await visible(admin.getByLabel("Days to complete"));
    await look(admin, "course-form");

    // Named people: the admin assigns the course to the driver by name, on the course page.
    await admin.goto(`/${slug}/courses/${courseId}`);
    await visible(admin.getByRole("heading", { name: "Assigned people" }));
    await admin.getByRole("combobox", { name: "Person" }).click();
    await (await visible(admin.getByRole("option", { name: new RegExp(memberPerson.name) }))).click();
    await admin.getByRole("button", { name: "Assign" }).click();
    await toast(admin, "People assigned.");
    await visible(admin.getByRole("list", { name: "Assigned people" }).getByText(memberPerson.name));
    await look(admin, "course-detail-admin");

    await member.goto(`/${slug}/courses`);
    const radio = await visible(member.getByRole("listitem").filter({ hasText: "Radio Etiquette" }));
    await visible(radio.getByText("Not assigned to you"));
    await look(member, "courses-list-member");
  });
});
