import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { EditorQuizView as EditorCheck } from "#server/modules/quizzes/quizzes.presenter.js";
import { QUIZ_MESSAGES, questionMessage } from "#shared/schemas/quizzes.js";
import { THREE_QUESTIONS } from "../support/quiz-questions.js";
import { adminWithOrg, apiGet, apiPost, inviteAndJoin } from "./support/api-setup.js";
import { toast, visible, WIDTHS } from "./support/browser.js";
import { look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/**
 * Knowledge checks (docs/SPEC.md §7): a teacher builds a three-question check with the keyboard only, a learner
 * fails it once, reads the explanations, passes on the second try, and the lesson and course progress follow.
 */

const session = harnessSession();

async function typeInto(page: Page, label: string, text: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).focus();
  await page.keyboard.type(text);
}

async function pressOn(page: Page, label: string, key: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).focus();
  await page.keyboard.press(key);
}

/** The prompts of the builder's questions, top to bottom. */
function builderPrompts(page: Page): Promise<string[]> {
  return page
    .locator('textarea[id$="-prompt"]')
    .evaluateAll((fields) => fields.map((f) => (f as HTMLTextAreaElement).value));
}

async function addQuestion(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Add question" }).focus();
  await page.keyboard.press("Enter");
}

/** An admin's new organization with a published course of one module, and one more member per role asked for. */
async function courseWithMembers(width: number, title: string, roles: ("teacher" | "learner")[]) {
  const admin = await session.open(width);
  const { org } = await adminWithOrg(admin, { name: "Harbour Logistics" });
  const members: Page[] = [];
  for (const role of roles) {
    const page = await session.open(width);
    await inviteAndJoin(admin, page, role);
    members.push(page);
  }
  const course = await apiPost<{ id: number }>(admin, "/_api/courses/create", { title, status: "published" });
  const module = await apiPost<{ id: number }>(admin, "/_api/modules/create", { courseId: course.id, title: "Basics" });
  return { admin, org, members, course, module };
}

describe.each(WIDTHS)("knowledge check at %i px", (width) => {
  it("built by keyboard, failed once, passed, and progress follows", async () => {
    const { admin, org, members, course, module } = await courseWithMembers(width, "Forklift Licence", [
      "teacher",
      "learner",
    ]);
    const [teacher, learner] = members as [Page, Page];
    await apiPost(admin, "/_api/lessons/create", { moduleId: module.id, title: "Reading", content: "Read this." });
    const lesson = await apiPost<{ id: number }>(admin, "/_api/lessons/create", {
      moduleId: module.id,
      title: "Forklift Quiz",
      content: "Answer the questions below.",
    });

    // The teacher builds it: the new question's text takes the focus, everything else by focus and keys.
    await teacher.goto(`/${org.slug}/lessons/${lesson.id}/edit`);
    await visible(teacher.getByRole("heading", { name: "Knowledge check" }));
    await visible(teacher.getByText("This lesson has no knowledge check. Add a question to create one."));
    await addQuestion(teacher);
    await teacher.keyboard.type("Is it safe to carry passengers on the forks?");
    await pressOn(teacher, "Question 1 type", "t"); // True / false
    expect(await teacher.getByLabel("Question 1 type", { exact: true }).inputValue()).toBe("true_false");
    await pressOn(teacher, "Question 1, option 2 is correct", "Space"); // False
    await typeInto(teacher, "Explanation (shown after answering)", "Never: nobody rides on the forks.");

    await addQuestion(teacher);
    await teacher.keyboard.type("Which fork height is safe to drive at?");
    await typeInto(teacher, "Question 2, option 1", "Low");
    await typeInto(teacher, "Question 2, option 2", "Fully raised");
    await teacher.getByRole("button", { name: "Add option" }).nth(0).focus();
    await teacher.keyboard.press("Enter");
    await typeInto(teacher, "Question 2, option 3", "Chest high");

    // Saving without a correct option names the question; the check is not saved.
    await teacher.getByRole("button", { name: "Save check" }).focus();
    await teacher.keyboard.press("Enter");
    await visible(teacher.getByText(questionMessage(1, QUIZ_MESSAGES.noCorrect)));
    await pressOn(teacher, "Question 2, option 1 is correct", "Space");
    await teacher.getByLabel("Explanation (shown after answering)").nth(1).focus();
    await teacher.keyboard.type("Just above the floor, so the load stays stable.");

    await addQuestion(teacher);
    await teacher.keyboard.type("What do you check before every shift?");
    await pressOn(teacher, "Question 3 type", "m"); // Multiple choice
    expect(await teacher.getByLabel("Question 3 type", { exact: true }).inputValue()).toBe("multiple");
    await typeInto(teacher, "Question 3, option 1", "Brakes");
    await typeInto(teacher, "Question 3, option 2", "Horn");
    await teacher.getByRole("button", { name: "Add option" }).nth(1).focus();
    await teacher.keyboard.press("Enter");
    await typeInto(teacher, "Question 3, option 3", "Radio");
    await pressOn(teacher, "Question 3, option 1 is correct", "Space");
    await pressOn(teacher, "Question 3, option 2 is correct", "Space");

    // Reorder by keyboard: Alt+ArrowUp in the third question's text, then the second's "Move down" button.
    await teacher.getByLabel("Question 3 text", { exact: true }).focus();
    await teacher.keyboard.press("Alt+ArrowUp");
    expect(await builderPrompts(teacher)).toEqual([
      "Is it safe to carry passengers on the forks?",
      "What do you check before every shift?",
      "Which fork height is safe to drive at?",
    ]);
    await pressOn(teacher, "Move question 1 down", "Enter");
    expect((await builderPrompts(teacher))[0]).toBe("What do you check before every shift?");
    // Correct answers show after a pass or the last attempt unless the author says never (decision 0278).
    expect(await teacher.getByLabel("Show correct answers").inputValue()).toBe("after_pass_or_last_attempt");
    await look(teacher, "knowledge-check-builder");

    await teacher.getByRole("button", { name: "Save check" }).focus();
    await teacher.keyboard.press("Enter");
    await toast(teacher, "Knowledge check saved.");

    // The learner: no Mark as Complete; one wrong answer is 66%, below the pass mark of 80%.
    await learner.goto(`/${org.slug}/lessons/${lesson.id}`);
    const check = await visible(learner.getByRole("region", { name: "Knowledge check" }));
    expect(await learner.getByRole("button", { name: "Mark as Complete" }).count()).toBe(0);
    await look(learner, "knowledge-check-learner");
    await check.getByLabel("Brakes").check();
    await check.getByLabel("Horn").check();
    await check.getByLabel("True").check();
    await check.getByLabel("Low").check();
    await check.getByRole("button", { name: "Submit answers" }).click();
    await visible(check.getByText("Not passed: 66%"));
    // The wrong answer is explained; which option was right is kept back until a pass or the last attempt.
    await visible(check.getByText("Never: nobody rides on the forks."));
    await visible(check.getByText("The correct answers are shown once you pass or use your last attempt."));
    expect(await check.getByText(/— correct answer/).count()).toBe(0);
    expect(await check.getByText("Just above the floor, so the load stays stable.").count()).toBe(0);
    await look(learner, "knowledge-check-failed");

    await check.getByRole("button", { name: "Try again" }).click();
    await check.getByLabel("Brakes").check();
    await check.getByLabel("Horn").check();
    await check.getByLabel("False").check();
    await check.getByLabel("Low").check();
    await check.getByRole("button", { name: "Submit answers" }).click();
    await visible(check.getByText("Passed: 100%"));
    // Passed: every correct option and explanation is shown now.
    await visible(check.getByText(/False — correct answer/));
    await visible(check.getByText("Just above the floor, so the load stays stable."));
    expect(await check.getByRole("button", { name: "Try again" }).count()).toBe(0);
    await visible(learner.getByText("Completed", { exact: true }));
    await look(learner, "knowledge-check-passed");

    await learner.goto(`/${org.slug}/courses/${course.id}`);
    await visible(learner.getByText("1 of 2 lessons", { exact: true }));
    const bar = learner.getByRole("progressbar", { name: "Course progress" });
    expect(await bar.getAttribute("aria-valuenow")).toBe("50");
  });
});

describe.each(WIDTHS)("knowledge check results at %i px", (width) => {
  it("content creators see wrong answers per question, and managers best scores in the reports", async () => {
    const { admin, org, members, course, module } = await courseWithMembers(width, "Dock Safety", ["learner"]);
    const [learner] = members as [Page];
    const lesson = await apiPost<{ id: number }>(admin, "/_api/lessons/create", {
      moduleId: module.id,
      title: "Dock Quiz",
    });
    const check = await apiPost<EditorCheck>(admin, "/_api/quizzes/save", {
      lessonId: lesson.id,
      questions: THREE_QUESTIONS,
    });
    const answers = (wrong: number[]) =>
      check.questions.map((question, index) => ({
        questionId: question.id,
        optionIds: question.options.filter((option) => option.correct !== wrong.includes(index)).map((o) => o.id),
      }));
    await apiPost(learner, "/_api/quizzes/submit", { lessonId: lesson.id, answers: answers([0, 2]) });
    await apiPost(learner, "/_api/quizzes/submit", { lessonId: lesson.id, answers: answers([2]) });

    await admin.goto(`/${org.slug}/lessons/${lesson.id}/edit`);
    await admin.getByRole("button", { name: "Show answer statistics" }).click();
    await visible(admin.getByText("2 attempts by 1 member"));
    await visible(admin.getByText("2 of 2 (100%)"));
    await visible(admin.getByText("1 of 2 (50%)"));
    await admin.getByRole("button", { name: "Hide answer statistics" }).scrollIntoViewIfNeeded();
    await look(admin, "knowledge-check-stats");

    await admin.goto(`/${org.slug}/reports/courses/${course.id}`);
    await visible(admin.getByRole("columnheader", { name: "Check: Dock Quiz" }));
    await visible(admin.getByText("best 66%"));
    await look(admin, "knowledge-check-course-report");
    const me = await apiGet<{ id: number }>(learner, "/_api/auth/me");
    await admin.goto(`/${org.slug}/reports/members/${me.id}`);
    await visible(admin.getByRole("columnheader", { name: "Knowledge checks" }));
    await visible(admin.getByText(/Dock Quiz:/));
    await look(admin, "knowledge-check-member-report");
  });
});
