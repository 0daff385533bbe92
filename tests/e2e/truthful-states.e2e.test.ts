import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { THREE_QUESTIONS } from "../support/quiz-questions.js";
import { adminWithOrg, apiGet, apiPost, departmentWithRoles, inviteAndJoin, type Person } from "./support/api-setup.js";
import { toast, visible, WIDTHS } from "./support/browser.js";
import { accessibilityProblems, look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/**
 * Screens that say what is true: a check passed on a sign-off lesson still asks for the signature; an
 * empty course is not "complete"; admins see the audience and deadline they set; a due date in the past
 * is confirmed before it is saved; the settings statistics say what they count; a lesson's versions count
 * from 1; a lesson's checklist boxes are named; toasts and reports are readable (WCAG AA contrast).
 */

const session = harnessSession();

/** One true-or-false question, answered "False". */
const ONE_QUESTION = THREE_QUESTIONS.filter((question) => question.kind === "true_false");

async function courseOf(admin: Page, input: Record<string, unknown>) {
  const course = await apiPost<{ id: number }>(admin, "/_api/courses/create", { status: "published", ...input });
  const module = await apiPost<{ id: number }>(admin, "/_api/modules/create", { courseId: course.id, title: "Basics" });
  return { course, module };
}

async function sign(page: Page, person: Person): Promise<void> {
  const panel = await visible(page.getByRole("region", { name: "Sign-off" }));
  await panel.getByLabel("I have read and understood this procedure").check();
  await panel.getByLabel("Full name").fill(person.name);
  await panel.getByRole("button", { name: "Sign" }).click();
  await toast(page, "Signed. Thank you!");
}

describe.each(WIDTHS)("states that tell the truth at %i px", (width) => {
  it("a passed check on a sign-off lesson says the signature is still to come", async () => {
    const admin = await session.open(width);
    const { org } = await adminWithOrg(admin, { name: "Northside Plant" });
    const learner = await session.open(width);
    const person = await inviteAndJoin(admin, learner, "learner");
    const { course, module } = await courseOf(admin, { title: "Forklift Safety" });
    const lesson = await apiPost<{ id: number }>(admin, "/_api/lessons/create", {
      moduleId: module.id,
      title: "Lockout procedure",
      content: "<p>Switch the machine off and lock the isolator.</p>",
    });
    for (const title of ["Reading", "Practice"]) {
      await apiPost(admin, "/_api/lessons/create", { moduleId: module.id, title, content: "Read this." });
    }
    await apiPost(admin, "/_api/lessons/update", { id: lesson.id, requiresSignoff: true });
    await apiPost(admin, "/_api/quizzes/save", {
      lessonId: lesson.id,
      passPercent: 80,
      maxAttempts: null,
      shuffle: false,
      questions: ONE_QUESTION,
    });

    await learner.goto(`/${org.slug}/lessons/${lesson.id}`);
    const check = await visible(learner.getByRole("region", { name: "Knowledge check" }));
    await check.getByLabel("False").check();
    await check.getByRole("button", { name: "Submit answers" }).click();
    await visible(check.getByText("Passed: 100%"));
    await visible(check.getByText(/Sign below to complete this lesson\./));
    expect(await learner.getByText(/The lesson is complete/).count()).toBe(0);
    await look(learner, "states-check-passed-sign-below");
    expect(await accessibilityProblems(learner)).toEqual([]);

    // Seen again later: the same, until the learner signs; the course still counts it as not done.
    await learner.reload();
    await visible(learner.getByText("You passed this check. Sign below to complete this lesson."));
    await learner.goto(`/${org.slug}/courses/${course.id}`);
    await visible(learner.getByText("0 of 3 lessons", { exact: true }));
    await learner.goto(`/${org.slug}/lessons/${lesson.id}`);
    await sign(learner, person);
    await visible(learner.getByText("You passed this check. The lesson is complete."));
    await look(learner, "states-check-passed-signed");
    expect(await accessibilityProblems(learner)).toEqual([]);
  });

  it("an empty course shows 100 % and 'No lessons yet', not 'Course complete'", async () => {
    const admin = await session.open(width);
    const { org } = await adminWithOrg(admin);
    const course = await apiPost<{ id: number }>(admin, "/_api/courses/create", { title: "Knife Skills" });
    await admin.goto(`/${org.slug}/courses/${course.id}`);
    await visible(admin.getByText("0 of 0 lessons", { exact: true }));
    await visible(admin.getByText("· No lessons yet"));
    expect(await admin.getByRole("progressbar", { name: "Course progress" }).getAttribute("aria-valuenow")).toBe("100");
    expect(await admin.getByText(/Course complete/).count()).toBe(0);
    await look(admin, "states-empty-course");
    expect(await accessibilityProblems(admin)).toEqual([]);
  });

  it("admins and managers see the audience and deadline they set, and their own part when it is theirs", async () => {
    const admin = await session.open(width);
    const { org } = await adminWithOrg(admin);
    const manager = await session.open(width);
    await inviteAndJoin(admin, manager, "manager");
    const kitchen = await departmentWithRoles(admin, { name: "Kitchen" }, []);
    const tagged = await apiPost<{ id: number }>(admin, "/_api/courses/create", {
      title: "Allergen Basics",
      status: "published",
      tagIds: [kitchen.id],
      required: true,
      dueDate: "2030-06-30",
    });
    await apiPost(admin, "/_api/courses/create", {
      title: "Food Hygiene",
      status: "published",
      required: true,
      dueDays: 30,
    });

    await manager.goto(`/${org.slug}/courses`);
    await visible(manager.getByText("Required for Kitchen · Due Jun 30, 2030"));
    // Everyone's course is the manager's to take too: their own deadline beside what was set.
    await visible(manager.getByText("Required for everyone · Due 30 days after joining"));
    await visible(manager.getByText(/^Assigned to you · Due /));
    expect(await manager.getByText("Not assigned to you").count()).toBe(0);
    await look(manager, "states-courses-manager");
    expect(await accessibilityProblems(manager)).toEqual([]);

    await manager.goto(`/${org.slug}/courses/${tagged.id}`);
    await visible(manager.getByText("Required for Kitchen · Due Jun 30, 2030"));
    await look(manager, "states-course-manager");
    expect(await accessibilityProblems(manager)).toEqual([]);
  });

  it("asks before saving a due date that has passed; Cancel keeps the form, confirming saves", async () => {
    const admin = await session.open(width);
    const { org } = await adminWithOrg(admin);
    await admin.goto(`/${org.slug}/courses/create`);
    await (await visible(admin.getByLabel("Title"))).fill("Fire Drill");
    await admin.getByText("Required", { exact: true }).click();
    await admin.getByText("By a date", { exact: true }).click();
    await admin.getByLabel("Due date").fill("2020-03-01");
    const create = admin.getByRole("button", { name: "Create Course" });
    await create.click();
    const dialog = await visible(admin.getByRole("alertdialog", { name: "This due date has passed" }));
    await visible(dialog.getByText(/Mar 1, 2020 is in the past/));
    await look(admin, "states-past-due-date");
    expect(await accessibilityProblems(admin, "[role=alertdialog]")).toEqual([]);

    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await admin.getByLabel("Title").inputValue()).toBe("Fire Drill");
    expect(await admin.getByLabel("Due date").inputValue()).toBe("2020-03-01");
    expect(await apiGet<unknown[]>(admin, "/_api/courses/list")).toEqual([]);

    await admin.getByLabel("Due date").fill("2020-03-02");
    await create.click();
    await admin
      .getByRole("alertdialog", { name: "This due date has passed" })
      .getByRole("button", { name: "Save with this date" })
      .click();
    await toast(admin, "Course created successfully!");
    const [course] = await apiGet<Array<{ dueDate: string | null }>>(admin, "/_api/courses/list");
    expect(course?.dueDate).toBe("2020-03-02");
  });

  it("the settings statistics say what each number counts", async () => {
    const admin = await session.open(width);
    const { org } = await adminWithOrg(admin);
    await admin.goto(`/${org.slug}/settings`);
    for (const [label, explanation] of [
      ["Total Members", "people in this organization"],
      ["Published Courses", "drafts not counted"],
      ["Total Lessons", "in all courses, drafts too"],
      ["Completed Lessons", "lesson completions by all members"],
    ] as const) {
      await visible(admin.getByText(label, { exact: true }));
      await visible(admin.getByText(explanation, { exact: true }));
    }
    await look(admin, "states-settings-statistics");
    expect(await accessibilityProblems(admin)).toEqual([]);
  });

  it("a lesson's versions count from 1, whatever autosaves came before sign-off", async () => {
    const admin = await session.open(width);
    const { org } = await adminWithOrg(admin);
    const { module } = await courseOf(admin, { title: "Machine Safety" });
    const lesson = await apiPost<{ id: number }>(admin, "/_api/lessons/create", {
      moduleId: module.id,
      title: "Lockout procedure",
      content: "<p>Draft one.</p>",
    });
    // Autosaves while writing, before sign-off is switched on: they count the edit version up.
    for (const text of ["Draft two.", "Draft three.", "Draft four."]) {
      await apiPost(admin, "/_api/lessons/update", { id: lesson.id, content: `<p>${text}</p>` });
    }
    await apiPost(admin, "/_api/lessons/update", { id: lesson.id, requiresSignoff: true });
    await apiPost(admin, "/_api/lessons/update", { id: lesson.id, content: "<p>Switch it off and lock it.</p>" });

    await admin.goto(`/${org.slug}/lessons/${lesson.id}/history`);
    const versions = await visible(admin.getByRole("list", { name: "Versions" }));
    await visible(versions.getByText("Version 2", { exact: true }));
    await visible(versions.getByText("Version 1", { exact: true }));
    await visible(admin.getByRole("heading", { name: "Version 2 compared with version 1" }));
    await versions.getByRole("button", { name: "View changes" }).nth(1).click();
    await visible(admin.getByRole("heading", { name: "Version 1 (first version)" }));
    await look(admin, "states-version-history");
    expect(await accessibilityProblems(admin)).toEqual([]);
  });

  it("a lesson's checklist boxes are named by their items", async () => {
    const admin = await session.open(width);
    const { org } = await adminWithOrg(admin);
    const { module } = await courseOf(admin, { title: "Opening the Kitchen" });
    const lesson = await apiPost<{ id: number }>(admin, "/_api/lessons/create", {
      moduleId: module.id,
      title: "Morning checks",
      content:
        '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><label><input type="checkbox" checked></label><div><p>Fridge below 5 °C</p></div></li>' +
        '<li data-type="taskItem" data-checked="false"><label><input type="checkbox"></label><div><p>Hand soap refilled</p></div></li></ul>',
    });
    await admin.goto(`/${org.slug}/lessons/${lesson.id}`);
    await visible(admin.getByRole("checkbox", { name: "Fridge below 5 °C" }));
    await visible(admin.getByRole("checkbox", { name: "Hand soap refilled" }));
    await look(admin, "states-lesson-checklist");
    expect(await accessibilityProblems(admin)).toEqual([]);
  });

  it("a success toast's text is readable", async () => {
    const admin = await session.open(width);
    const { org } = await adminWithOrg(admin);
    const { module } = await courseOf(admin, { title: "Opening the Kitchen" });
    const lesson = await apiPost<{ id: number }>(admin, "/_api/lessons/create", {
      moduleId: module.id,
      title: "Wash your hands",
    });
    await admin.goto(`/${org.slug}/lessons/${lesson.id}`);
    await (await visible(admin.getByRole("button", { name: "Mark as Complete" }))).click();
    await toast(admin, "Lesson marked as complete!");
    await look(admin, "states-lesson-toast");
    expect(await accessibilityProblems(admin, "[data-sonner-toaster]")).toEqual([]);
  });

  it("the progress reports' secondary text is readable", async () => {
    const admin = await session.open(width);
    const { org } = await adminWithOrg(admin);
    const learner = await session.open(width);
    const person = await inviteAndJoin(admin, learner, "learner");
    const { course, module } = await courseOf(admin, { title: "Dock Safety", required: true, dueDays: 14 });
    await courseOf(admin, { title: "Customer Care" });
    const draftTag = await departmentWithRoles(admin, { name: "Office" }, []);
    await courseOf(admin, { title: "Filing", tagIds: [draftTag.id] });
    const [first] = [
      await apiPost<{ id: number }>(admin, "/_api/lessons/create", { moduleId: module.id, title: "Hazards" }),
      await apiPost<{ id: number }>(admin, "/_api/lessons/create", { moduleId: module.id, title: "Quiz" }),
    ];
    await apiPost(learner, "/_api/lessons/complete", { lessonId: first?.id });
    const quiz = await apiPost<{ id: number }>(admin, "/_api/lessons/create", { moduleId: module.id, title: "Check" });
    await apiPost(admin, "/_api/quizzes/save", {
      lessonId: quiz.id,
      passPercent: 80,
      maxAttempts: null,
      shuffle: false,
      questions: ONE_QUESTION,
    });

    await admin.goto(`/${org.slug}/reports`);
    await visible(admin.getByRole("region", { name: "Training matrix" }).getByRole("link", { name: person.name }));
    await look(admin, "states-reports-matrix");
    expect(await accessibilityProblems(admin)).toEqual([]);
    const me = await apiGet<{ id: number }>(learner, "/_api/auth/me");
    await admin.goto(`/${org.slug}/reports/members/${me.id}`);
    await visible(admin.getByRole("heading", { name: person.name, level: 1 }));
    await look(admin, "states-reports-member");
    expect(await accessibilityProblems(admin)).toEqual([]);
    await admin.goto(`/${org.slug}/reports/courses/${course.id}`);
    await visible(admin.getByRole("heading", { name: "Dock Safety", level: 1 }));
    await visible(admin.getByText("Not tried"));
    await look(admin, "states-reports-course");
    expect(await accessibilityProblems(admin)).toEqual([]);
  });
});
