import { describe, expect, it } from "vitest";
import { MESSAGES as AUTH_MESSAGES } from "#shared/schemas/auth.js";
import {
  adminWithOrg,
  apiPost,
  courseWithLessonViaApi,
  departmentWithRoles,
  inviteAndJoin,
} from "./support/api-setup.js";
import { focused, toast, visible } from "./support/browser.js";
import { harnessSession } from "./support/harness.js";

/**
 * Keyboard focus around dialogs and in-place changes: a dialog opens with focus in its first field;
 * closing it, saving, deleting or changing a role leaves focus on the control that started it, or on
 * the next sensible one when that control is gone, never on <body>.
 */

const session = harnessSession();

describe("focus on the tags page", () => {
  it("opens each dialog in its first field and returns focus to its opener, or near a deleted tag", async () => {
    const page = await session.open(1280);
    const { org } = await adminWithOrg(page);
    await page.goto(`/${org.slug}/tags`);

    const addDepartment = page.getByRole("button", { name: "Add Department" }).first();
    await addDepartment.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Create New Department" });
    await focused(page, dialog.getByLabel("Name", { exact: true }));
    await page.keyboard.type("Kitchen");
    await page.keyboard.press("Enter");
    await toast(page, "Tag created successfully!");
    await dialog.waitFor({ state: "hidden" });
    // The first "Add Department" (the empty state's) is gone with the first department: the header's.
    await focused(page, page.getByRole("button", { name: "Add Department" }));

    const addRole = page.getByRole("button", { name: "Add Role to Kitchen" });
    await addRole.click();
    const roleDialog = page.getByRole("dialog", { name: /Role/ });
    await focused(page, roleDialog.getByLabel("Name", { exact: true }));
    await page.keyboard.type("Chef");
    await page.keyboard.press("Enter");
    await roleDialog.waitFor({ state: "hidden" });
    await focused(page, addRole);

    const editDepartment = page.getByRole("button", { name: "Edit department Kitchen" });
    await editDepartment.click();
    await focused(page, page.getByRole("dialog").getByLabel("Name", { exact: true }));
    await page.keyboard.press("Escape");
    await focused(page, editDepartment);

    // Deleting a role: its buttons are gone, so focus goes to its department's "Add Role".
    await page.getByRole("button", { name: "Delete role Chef" }).click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: /^Delete/ })
      .click();
    await toast(page, "Tag deleted successfully!");
    await focused(page, addRole);
  });
});

describe("focus on the team page", () => {
  it("returns focus to Invite Member, to a member's edit button after saving, and to the role select", async () => {
    const page = await session.open(1280);
    const { org } = await adminWithOrg(page);
    await departmentWithRoles(page, { name: "Kitchen" }, ["Chef"]);
    const member = await inviteAndJoin(page, await session.open(1280), "user");
    await page.goto(`/${org.slug}/team`);

    const invite = page.getByRole("button", { name: "Invite Member" });
    await invite.click();
    const inviteDialog = page.getByRole("dialog", { name: "Invite Member" });
    await focused(page, inviteDialog.getByLabel("Name", { exact: true }));
    await page.keyboard.press("Escape");
    await focused(page, invite);

    const edit = page.getByRole("button", { name: `Edit ${member.name}` });
    await edit.click();
    const editDialog = page.getByRole("dialog", { name: "Edit Team Member" });
    await focused(page, editDialog.getByLabel("Name", { exact: true }));
    await editDialog.getByRole("checkbox", { name: "Chef" }).check();
    await editDialog.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Team member updated successfully.");
    await editDialog.waitFor({ state: "hidden" });
    await focused(page, edit);

    // The role select, used from the keyboard: focus stays on it once the change is saved.
    const role = page.getByRole("combobox", { name: `Role of ${member.name}` });
    await role.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("option", { name: "Learner", exact: true }).focus();
    await page.keyboard.press("Enter");
    await toast(page, `${member.name}'s role updated to learner`);
    await visible(role.getByText("Learner", { exact: true }));
    await focused(page, role);
  });
});

describe("focus on the course content page", () => {
  it("renames a lesson inline with focus back on its title, and goes to Add Lesson after a delete", async () => {
    const page = await session.open(1280);
    const { org } = await adminWithOrg(page);
    const { courseId } = await courseWithLessonViaApi(
      page,
      { title: "Dock Safety", status: "draft" },
      { title: "Wet Floors" },
    );
    await page.goto(`/${org.slug}/courses/${courseId}/content`);

    await page.getByRole("button", { name: /^Wet Floors\s*, rename$/ }).click();
    const field = page.getByLabel("Lesson title", { exact: true });
    await focused(page, field);
    await field.fill("Wet Floors and Spills");
    await field.press("Enter");
    await toast(page, "Lesson updated successfully!");
    // The renamed title's button, where the keyboard user started.
    await focused(page, page.getByRole("button", { name: /^Wet Floors and Spills\s*, rename$/ }));

    await page.getByRole("button", { name: "Delete lesson Wet Floors and Spills" }).click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: /^Delete/ })
      .click();
    await toast(page, "Lesson deleted successfully!");
    await focused(page, page.getByRole("button", { name: "Add Lesson to Basics" }));
  });
});

describe("focus after a change that removes the control used", () => {
  it("goes back to Invite Member after the Invitation Created dialog is closed", async () => {
    const page = await session.open(1280);
    const { org } = await adminWithOrg(page);
    await page.goto(`/${org.slug}/team`);
    const invite = page.getByRole("button", { name: "Invite Member" });
    await invite.click();
    const dialog = page.getByRole("dialog", { name: "Invite Member" });
    await dialog.getByLabel("Name", { exact: true }).fill("Sam Cook");
    await dialog.getByLabel("Email", { exact: true }).fill(`sam.${Date.now()}@example.com`);
    await dialog.getByRole("button", { name: "Create Invite Link" }).click();
    const created = await visible(page.getByRole("dialog", { name: "Invitation Created" }));
    await created.getByRole("button", { name: "Close", exact: true }).click();
    await created.waitFor({ state: "hidden" });
    await focused(page, invite);
  });

  it("puts the first answer in focus after Try again, and the signed note after Sign", async () => {
    const admin = await session.open(1280);
    const { org } = await adminWithOrg(admin);
    const learner = await session.open(1280);
    const person = await inviteAndJoin(admin, learner, "learner");
    const { lessonId } = await courseWithLessonViaApi(
      admin,
      { title: "Dock Safety" },
      { title: "Lockout procedure", content: "<p>Lock the isolator.</p>" },
    );
    await apiPost(admin, "/_api/lessons/update", { id: lessonId, requiresSignoff: true });
    await apiPost(admin, "/_api/quizzes/save", {
      lessonId: lessonId,
      passPercent: 100,
      maxAttempts: null,
      shuffle: false,
      questions: [
        {
          kind: "true_false",
          prompt: "Passengers may ride on the forks.",
          options: [
            { text: "True", correct: false },
            { text: "False", correct: true },
          ],
        },
      ],
    });

    await learner.goto(`/${org.slug}/lessons/${lessonId}`);
    const check = await visible(learner.getByRole("region", { name: "Knowledge check" }));
    await check.getByLabel("True").check();
    await check.getByRole("button", { name: "Submit answers" }).click();
    await check.getByRole("button", { name: "Try again" }).click();
    await focused(learner, check.getByLabel("True"));

    const panel = learner.getByRole("region", { name: "Sign-off" });
    await panel.getByLabel("I have read and understood this procedure").check();
    await panel.getByLabel("Full name").fill(person.name);
    await panel.getByRole("button", { name: "Sign" }).click();
    await toast(learner, "Signed. Thank you!");
    await focused(learner, learner.getByRole("region", { name: "Sign-off" }));
  });

  it("an empty sign-up puts focus in Name, the first field to fill", async () => {
    const page = await session.open(1280);
    await page.goto("/login?signup=true");
    const name = page.getByLabel("Name", { exact: true });
    await focused(page, name);
    await page.getByRole("button", { name: "Create Account" }).click();
    // The messages show once the form has judged the fields, after it chose where focus goes.
    await visible(page.getByText(AUTH_MESSAGES.nameTooShort));
    await focused(page, name);
  });

  it("Tab goes on past a toast at the page's end instead of round it", async () => {
    const page = await session.open(1280);
    const { org } = await adminWithOrg(page);
    const { lessonId } = await courseWithLessonViaApi(page, { title: "Dock Safety" }, { title: "Wet Floors" });
    await page.goto(`/${org.slug}/lessons/${lessonId}`);
    await (await visible(page.getByRole("button", { name: "Mark as Complete" }))).click();
    await toast(page, "Lesson marked as complete!");

    const last = page.locator("footer a").last();
    await last.focus();
    const visited: string[] = [];
    for (let press = 0; press < 4; press += 1) {
      await page.keyboard.press("Tab");
      visited.push(
        await page.evaluate(() => {
          const active = document.activeElement;
          if (!active || active === document.body) return "page end";
          if (active.closest("[data-sonner-toaster]")) return "toast";
          return active.closest("footer") ? "footer" : "page";
        }),
      );
    }
    // Into the toast (its text, then Dismiss), past the page's end, then from the top of the page again.
    expect(visited).toEqual(["toast", "toast", "page end", "page"]);
  });
});
