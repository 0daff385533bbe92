import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminWithOrg, apiGet, apiPost, departmentWithRoles, newPerson } from "./support/api-setup.js";
import { atPath, holdThenFail, visible, WIDTHS } from "./support/browser.js";
import { look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/**
 * docs/SPEC.md §2 "Team page" and the invitation round trip: an admin invites a member with tags, the invitee
 * joins from the link in a browser of their own, and the admin changes the member's role and tags.
 */

const session = harnessSession();

/** An admin signed in in `page`, with an organization and two departments of two roles each. */
async function adminWithTags(page: Page) {
  const { admin, org } = await adminWithOrg(page);
  await departmentWithRoles(page, { name: "Kitchen", color: "#CFF3CF" }, ["Chef", "Line Cook"]);
  await departmentWithRoles(page, { name: "Front of House", color: "#E4F2F9" }, ["Host", "Server"]);
  return { admin, org };
}

/** The card (list item) of one member on the team page. */
function memberCard(page: Page, name: string) {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
}

async function chooseRole(page: Page, label: string, role: string): Promise<void> {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: role, exact: true }).click();
}

describe.each(WIDTHS)("team at %i px", (width) => {
  it("invites a member with tags, who joins from the link; the admin changes their role and tags", async () => {
    const adminPage = await session.open(width);
    await adminPage.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const { admin, org } = await adminWithTags(adminPage);

    await adminPage.goto(`/${org.slug}/team`);
    await visible(adminPage.getByRole("heading", { name: "Team", level: 1 }));
    const own = memberCard(adminPage, admin.name);
    await visible(own.getByText("(You)"));
    await visible(own.getByText("No tags assigned"));
    // Nobody changes their own role.
    expect(await own.getByRole("combobox", { name: `Role of ${admin.name}` }).isDisabled()).toBe(true);
    expect(await adminPage.getByText("You do not have permission to manage team members").count()).toBe(0);
    await look(adminPage, "team-admin");

    // The invitation: role defaults to User; tags from both levels of the tree.
    const invitee = newPerson("Invitee");
    await adminPage.getByRole("button", { name: "Invite Member" }).click();
    const dialog = adminPage.getByRole("dialog", { name: "Invite Member" });
    await visible(dialog);
    expect(await dialog.getByRole("combobox", { name: "Role" }).innerText()).toBe("User");
    await dialog.getByLabel("Name", { exact: true }).fill(invitee.name);
    await dialog.getByLabel("Email", { exact: true }).fill(invitee.email);
    await dialog.getByRole("checkbox", { name: "Kitchen" }).check();
    await dialog.getByRole("checkbox", { name: "Chef" }).check();
    await look(adminPage, "team-invite-dialog");
    await dialog.getByRole("button", { name: "Create Invite Link" }).click();

    const linkDialog = adminPage.getByRole("dialog", { name: "Invitation Created" });
    const linkField = await visible(linkDialog.getByLabel("Invite link"));
    const link = await linkField.inputValue();
    expect(link).toMatch(new RegExp(`/${org.slug}/invite\\?token=`));
    await linkDialog.getByRole("button", { name: "Copy Invite Link" }).click();
    await visible(adminPage.getByText("Invite link copied to clipboard!"));
    expect(await adminPage.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await look(adminPage, "team-invite-link");
    await linkDialog.getByRole("button", { name: "Close", exact: true }).click();
    await linkDialog.waitFor({ state: "hidden" });

    // The invitee, in a browser profile of their own, registers from the link and lands in the organization.
    const inviteePage = await session.open(width);
    await inviteePage.goto(link);
    await visible(inviteePage.getByRole("heading", { name: "You're Invited" }));
    await visible(inviteePage.getByText(admin.name));
    await visible(inviteePage.getByText(org.name));
    const email = inviteePage.getByLabel("Email", { exact: true });
    expect(await email.inputValue()).toBe(invitee.email);
    expect(await email.getAttribute("readonly")).not.toBeNull();
    await look(inviteePage, "invite-register");
    await inviteePage.getByLabel("Name", { exact: true }).fill(invitee.name);
    await inviteePage.getByLabel("Password", { exact: true }).fill(invitee.password);
    await inviteePage.getByRole("button", { name: "Create Account & Join" }).click();
    await atPath(inviteePage, `/${org.slug}/dashboard`);
    await visible(inviteePage.getByText("Successfully joined the organization!"));
    await look(inviteePage, "invite-joined-dashboard");

    // The admin sees the new member with the invited role and tags, and changes the role from the select.
    await adminPage.reload();
    const card = memberCard(adminPage, invitee.name);
    await visible(card.getByText("User", { exact: true }));
    await visible(card.getByText("Chef"));
    await visible(card.getByText("Kitchen"));
    await chooseRole(adminPage, `Role of ${invitee.name}`, "Learner");
    await visible(adminPage.getByText(`${invitee.name}'s role updated to learner`));
    await visible(card.getByText("Learner", { exact: true }));

    // …and the tags in the edit dialog.
    await card.getByRole("button", { name: `Edit ${invitee.name}` }).click();
    const edit = adminPage.getByRole("dialog", { name: "Edit Team Member" });
    await visible(edit);
    expect(await edit.getByLabel("Email", { exact: true }).inputValue()).toBe(invitee.email);
    expect(await edit.getByRole("checkbox", { name: "Chef" }).isChecked()).toBe(true);
    await edit.getByRole("checkbox", { name: "Chef" }).uncheck();
    await edit.getByRole("checkbox", { name: "Kitchen" }).uncheck();
    await edit.getByRole("checkbox", { name: "Host" }).check();
    await look(adminPage, "team-edit-dialog");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await visible(adminPage.getByText("Team member updated successfully."));
    await edit.waitFor({ state: "hidden" });
    await visible(card.getByText("Host"));
    expect(await card.getByText("Chef").count()).toBe(0);
    await look(adminPage, "team-after-edit");

    const members = await apiGet<{ email: string; role: string; tags: { name: string }[] }[]>(
      adminPage,
      "/_api/team/members",
    );
    const joined = members.find((member) => member.email === invitee.email);
    expect(joined?.role).toBe("learner");
    expect(joined?.tags.map((tag) => tag.name)).toEqual(["Host"]);

    // The member, now a learner, sees the team without the means to manage it.
    await inviteePage.goto(`/${org.slug}/team`);
    await visible(inviteePage.getByText("You do not have permission to manage team members"));
    await visible(memberCard(inviteePage, invitee.name).getByText("(You)"));
    expect(await inviteePage.getByRole("button", { name: "Invite Member" }).count()).toBe(0);
    expect(await inviteePage.getByRole("button", { name: /^Edit / }).count()).toBe(0);
    const selects = inviteePage.getByRole("combobox", { name: /^Role of / });
    expect(await selects.count()).toBe(2);
    for (const select of await selects.all()) expect(await select.isDisabled()).toBe(true);
    await look(inviteePage, "team-learner");
  });

  it("a failed edit shows the server's message and keeps the dialog open; the login e-mail is read-only", async () => {
    const adminPage = await session.open(width);
    const { org } = await adminWithTags(adminPage);
    const popUp = await departmentWithRoles(adminPage, { name: "Pop-up" }, []);

    await adminPage.goto(`/${org.slug}/team`);
    const own = adminPage.getByRole("button", { name: /^Edit Admin/ });
    await own.click();
    const edit = adminPage.getByRole("dialog", { name: "Edit Team Member" });
    await visible(edit.getByText("You cannot change your own role."));
    expect(await edit.getByRole("combobox", { name: "Role" }).isDisabled()).toBe(true);
    await visible(edit.getByText("The login email can only be changed by its owner, on their Account page."));
    expect(await edit.getByLabel("Email", { exact: true }).getAttribute("readonly")).not.toBeNull();
    await edit.getByRole("checkbox", { name: "Pop-up" }).check();
    // The tag goes away while the dialog is open: the server refuses it, and the dialog says so.
    await apiPost(adminPage, "/_api/tags/delete", { id: popUp.id });
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await visible(adminPage.getByText("Tag not found."));
    expect(await edit.isVisible()).toBe(true);
    await edit.getByLabel("Name", { exact: true }).fill("A");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await visible(edit.getByText("Name must be at least 2 characters."));
  });
});

describe("team page states", () => {
  it("shows 3 member skeletons while loading and 'Error: …' when the list fails", async () => {
    const page = await session.open(1280);
    const { org } = await adminWithTags(page);
    const release = await holdThenFail(page, /\/_api\/trpc\/[^?]*team\.members/);
    await page.goto(`/${org.slug}/team`);
    await visible(page.getByTestId("member-skeleton"));
    expect(await page.getByTestId("member-skeleton").count()).toBe(3);
    await look(page, "team-loading");
    release();
    await visible(page.getByText(/^Error: /), 30_000);
    await look(page, "team-error");
  });
});
