import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminWithOrg, apiPost, departmentWithRoles, inviteAndJoin } from "./support/api-setup.js";
import { toast, visible } from "./support/browser.js";
import { harnessSession } from "./support/harness.js";

/**
 * Keyboard focus around dialogs and in-place changes: a dialog opens with focus in its first field;
 * closing it, saving, deleting or changing a role leaves focus on the control that started it, or on
 * the next sensible one when that control is gone, never on <body>.
 */

const session = harnessSession();

/** Waits until `locator` is the focused element (document.activeElement), failing with what is instead. */
async function focused(page: Page, locator: Locator): Promise<void> {
  const handle = await locator.elementHandle();
  await expect
    .poll(() =>
      page.evaluate((element) => {
        const active = document.activeElement;
        if (active === element) return "expected element";
        return active ? `${active.tagName} ${active.getAttribute("aria-label") ?? active.textContent?.trim()}` : "none";
      }, handle),
    )
    .toBe("expected element");
}

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
    const course = await apiPost<{ id: number }>(page, "/_api/courses/create", { title: "Dock Safety" });
    const module = await apiPost<{ id: number }>(page, "/_api/modules/create", {
      courseId: course.id,
      title: "Basics",
    });
    await apiPost(page, "/_api/lessons/create", { moduleId: module.id, title: "Wet Floors" });
    await page.goto(`/${org.slug}/courses/${course.id}/content`);

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
