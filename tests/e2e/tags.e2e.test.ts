import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminWithOrg, apiGet, apiPost, departmentWithRoles, inviteAndJoin } from "./support/api-setup.js";
import { holdThenFail, visible, WIDTHS } from "./support/browser.js";
import { look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/** docs/SPEC.md §2 "Tags page": an admin builds departments and roles; a learner only looks. */

const session = harnessSession();

async function submitTagDialog(page: Page, title: string, name: string, color?: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: title });
  await visible(dialog);
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  if (color) await dialog.getByRole("radio", { name: color, exact: true }).check();
  await dialog.getByRole("button", { name: /^(Create|Save)/ }).click();
  await dialog.waitFor({ state: "hidden" });
}

interface DepartmentRow {
  name: string;
  color: string;
  roles: { name: string }[];
}

describe.each(WIDTHS)("tags at %i px", (width) => {
  it("an admin builds two departments with roles, edits one and deletes one with confirmation", async () => {
    const page = await session.open(width);
    const { org } = await adminWithOrg(page);
    await page.goto(`/${org.slug}/tags`);
    await visible(page.getByRole("heading", { name: "Departments & Roles", level: 1 }));
    await visible(page.getByText("No Departments Found"));
    await look(page, "tags-empty");

    // First department: the dialog opens with the default colour, Red, chosen.
    await page.getByRole("button", { name: "Add Department" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Department" });
    await visible(dialog);
    expect(await dialog.getByRole("radio", { name: "Red", exact: true }).isChecked()).toBe(true);
    expect(await dialog.getByRole("radio").count()).toBe(7);
    await dialog.getByLabel("Name", { exact: true }).fill("Kitchen");
    await dialog.getByRole("radio", { name: "Green", exact: true }).check();
    await look(page, "tags-dialog");
    await dialog.getByRole("button", { name: "Create Department" }).click();
    await visible(page.getByText("Tag created successfully!"));
    await dialog.waitFor({ state: "hidden" });

    // A role: no colour picker, and it is listed under its department.
    await page.getByRole("button", { name: "Add Role to Kitchen" }).click();
    const roleDialog = page.getByRole("dialog", { name: "Create New Role" });
    await visible(roleDialog);
    expect(await roleDialog.getByRole("radio").count()).toBe(0);
    await submitTagDialog(page, "Create New Role", "Chef");
    await visible(page.getByRole("list", { name: "Roles in Kitchen" }).getByText("Chef"));

    await page.getByRole("button", { name: "Add Role to Kitchen" }).click();
    await submitTagDialog(page, "Create New Role", "Line Cook");

    // The second department, Blue, with two roles.
    await page.getByRole("button", { name: "Add Department" }).click();
    await submitTagDialog(page, "Create New Department", "Front of House", "Blue");
    await page.getByRole("button", { name: "Add Role to Front of House" }).click();
    await submitTagDialog(page, "Create New Role", "Host");
    await page.getByRole("button", { name: "Add Role to Front of House" }).click();
    await submitTagDialog(page, "Create New Role", "Server");
    await visible(page.getByRole("list", { name: "Roles in Front of House" }).getByText("Server"));

    // Edit the first: a new name and colour.
    await page.getByRole("button", { name: "Edit department Kitchen" }).click();
    const editDialog = page.getByRole("dialog", { name: "Edit Department" });
    await visible(editDialog);
    expect(await editDialog.getByLabel("Name", { exact: true }).inputValue()).toBe("Kitchen");
    expect(await editDialog.getByRole("radio", { name: "Green", exact: true }).isChecked()).toBe(true);
    await submitTagDialog(page, "Edit Department", "Back of House", "Violet");
    await visible(page.getByText("Tag updated successfully!"));
    await visible(page.getByRole("list", { name: "Roles in Back of House" }).getByText("Line Cook"));

    // Rename a role.
    await page.getByRole("button", { name: "Edit role Server" }).click();
    const editRole = page.getByRole("dialog", { name: "Edit Role" });
    await visible(editRole);
    expect(await editRole.getByRole("radio").count()).toBe(0);
    await submitTagDialog(page, "Edit Role", "Waiter");
    await visible(page.getByRole("list", { name: "Roles in Front of House" }).getByText("Waiter"));

    // A third department, then deleted with the confirmation that names what goes with it.
    await page.getByRole("button", { name: "Add Department" }).click();
    await submitTagDialog(page, "Create New Department", "Temporary");
    await page.getByRole("button", { name: "Add Role to Temporary" }).click();
    await submitTagDialog(page, "Create New Role", "Helper");
    await page.getByRole("button", { name: "Delete department Temporary" }).click();
    const confirm = page.getByRole("alertdialog");
    await visible(confirm);
    const warning = await confirm.innerText();
    expect(warning).toContain("also removes all of its roles");
    expect(warning).toContain("cannot be undone");
    await look(page, "tags-delete-confirm");
    // Cancel first: nothing happens.
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "hidden" });
    await visible(page.getByRole("button", { name: "Delete department Temporary" }));
    await page.getByRole("button", { name: "Delete department Temporary" }).click();
    await visible(confirm);
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await visible(page.getByText("Tag deleted successfully!"));
    await page.getByRole("button", { name: "Delete department Temporary" }).waitFor({ state: "detached" });

    // Collapsing a department hides its roles.
    const trigger = page.getByRole("button", { name: /^Front of House/ });
    expect(await trigger.getAttribute("aria-expanded")).toBe("true");
    await trigger.click();
    expect(await trigger.getAttribute("aria-expanded")).toBe("false");
    await page.getByRole("list", { name: "Roles in Front of House" }).waitFor({ state: "detached" });
    await trigger.click();
    await visible(page.getByRole("list", { name: "Roles in Front of House" }));
    await look(page, "tags-list");

    // What the page showed is what the server holds.
    const tree = await apiGet<DepartmentRow[]>(page, "/_api/tags/list");
    expect(tree.map((d) => [d.name, d.color, d.roles.map((r) => r.name)])).toEqual([
      ["Back of House", "#EBD6F5", ["Chef", "Line Cook"]],
      ["Front of House", "#E4F2F9", ["Host", "Waiter"]],
    ]);
  });

  it("a duplicate name fails with the server's message and keeps the dialog open", async () => {
    const page = await session.open(width);
    const { org } = await adminWithOrg(page);
    await apiPost(page, "/_api/tags/create", { name: "Kitchen", type: "department" });
    await page.goto(`/${org.slug}/tags`);
    await page.getByRole("button", { name: "Add Department" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Department" });
    await dialog.getByLabel("Name", { exact: true }).fill("kitchen");
    await dialog.getByRole("button", { name: "Create Department" }).click();
    await visible(page.getByText('A department named "kitchen" already exists.'));
    expect(await dialog.isVisible()).toBe(true);
    // An empty name never reaches the server.
    await dialog.getByLabel("Name", { exact: true }).fill("");
    await dialog.getByRole("button", { name: "Create Department" }).click();
    await visible(dialog.getByText("Name is required", { exact: true }));
  });
});

describe("tags page states", () => {
  it("shows 3 skeleton cards while loading and 'Error Loading Tags' when the list fails", async () => {
    const page = await session.open(1280);
    const { org } = await adminWithOrg(page);
    const release = await holdThenFail(page, /\/_api\/trpc\/[^?]*tags\.list/);
    await page.goto(`/${org.slug}/tags`);
    await visible(page.getByTestId("tag-skeleton"));
    expect(await page.getByTestId("tag-skeleton").count()).toBe(3);
    await look(page, "tags-loading");
    release();
    await visible(page.getByText("Error Loading Tags"), 30_000);
    await look(page, "tags-error");
  });

  it("a learner sees the departments without any add, edit or delete control", async () => {
    const admin = await session.open(1280);
    const { org } = await adminWithOrg(admin);
    await departmentWithRoles(admin, { name: "Kitchen", color: "#CFF3CF" }, ["Chef"]);
    const learner = await session.open(375);
    await inviteAndJoin(admin, learner, "learner");

    await learner.goto(`/${org.slug}/tags`);
    await visible(learner.getByRole("list", { name: "Roles in Kitchen" }).getByText("Chef"));
    for (const name of ["Add Department", "Add Role to Kitchen", "Edit department Kitchen", "Delete role Chef"]) {
      expect(await learner.getByRole("button", { name }).count(), name).toBe(0);
    }
    await look(learner, "tags-readonly");
  });
});
