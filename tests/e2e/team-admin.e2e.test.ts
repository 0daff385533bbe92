import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminWithOrg, departmentWithRoles, inviteAndJoin, newPerson } from "./support/api-setup.js";
import { visible, WIDTHS } from "./support/browser.js";
import { accessibilityProblems, look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/**
 * On the team page (docs/SPEC.md §7): invite three people at once, see them pending, revoke one, resend one (a new
 * link to copy), and remove a member after a confirmation; the removed member's next visit is refused.
 */

const session = harnessSession();

function pendingRow(page: Page, name: string) {
  return page.getByRole("list", { name: "Pending invitations" }).getByRole("listitem").filter({ hasText: name });
}

function memberCard(page: Page, name: string) {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
}

describe.each(WIDTHS)("team administration at %i px", (width) => {
  it("invites three, revokes one, resends one, and removes a member", async () => {
    const adminPage = await session.open(width);
    await adminPage.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const { org } = await adminWithOrg(adminPage);
    await departmentWithRoles(adminPage, { name: "Kitchen", color: "#CFF3CF" }, ["Chef"]);
    const memberPage = await session.open(width);
    const member = await inviteAndJoin(adminPage, memberPage, "learner");

    await adminPage.goto(`/${org.slug}/team`);
    await visible(memberCard(adminPage, member.name));

    // Three people in one paste: two CSV lines and a bare address; plus one line that cannot be invited.
    const [ann, bo, cy] = [newPerson("Ann"), newPerson("Bo"), newPerson("Cy")];
    await adminPage.getByRole("button", { name: "Invite Several" }).click();
    const bulk = adminPage.getByRole("dialog", { name: "Invite Several People" });
    await bulk
      .getByLabel("People to invite")
      .fill(
        `${ann.name},${ann.email},teacher,Kitchen;Chef\n${bo.name},${bo.email}\n${cy.email}\nNo Address,not-an-email`,
      );
    await look(adminPage, "team-bulk-invite");
    await bulk.getByRole("button", { name: "Invite All" }).click();
    const results = adminPage.getByRole("dialog", { name: "3 people invited" });
    await visible(results);
    await visible(results.getByRole("list", { name: "Not invited" }).getByText("A valid email is required."));
    await look(adminPage, "team-bulk-results");
    await results.getByRole("button", { name: "Close", exact: true }).click();
    await results.waitFor({ state: "hidden" });

    for (const person of [ann, bo]) await visible(pendingRow(adminPage, person.name));
    await visible(pendingRow(adminPage, cy.email));
    await visible(pendingRow(adminPage, ann.name).getByText("Tags: Kitchen, Chef"));
    await look(adminPage, "team-pending-invitations");
    expect(await accessibilityProblems(adminPage)).toEqual([]);

    // Revoke Bo, after a confirmation.
    await adminPage.getByRole("button", { name: `Revoke invitation to ${bo.name}` }).click();
    const revoke = adminPage.getByRole("alertdialog", { name: "Revoke this invitation?" });
    await revoke.getByRole("button", { name: "Revoke Invitation" }).click();
    await revoke.waitFor({ state: "hidden" });
    await pendingRow(adminPage, bo.name).waitFor({ state: "detached" });

    // Resend Ann's: a new link, which Ann uses to join.
    await adminPage.getByRole("button", { name: `Resend invitation to ${ann.name}` }).click();
    const resent = adminPage.getByRole("dialog", { name: "New Invitation Link" });
    const link = await (await visible(resent.getByLabel("Invite link"))).inputValue();
    expect(link).toMatch(new RegExp(`/${org.slug}/invite\\?token=`));
    await resent.getByRole("button", { name: "Copy Invite Link" }).click();
    expect(await adminPage.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await resent.getByRole("button", { name: "Close", exact: true }).click();

    // Remove the member, after a confirmation; the card goes and their next visit is refused.
    await memberCard(adminPage, member.name)
      .getByRole("button", { name: `Remove ${member.name}` })
      .click();
    const confirm = adminPage.getByRole("alertdialog", { name: "Remove this member?" });
    await look(adminPage, "team-remove-confirm");
    await confirm.getByRole("button", { name: "Remove Member" }).click();
    await confirm.waitFor({ state: "hidden" });
    await memberCard(adminPage, member.name).waitFor({ state: "detached" });

    await memberPage.goto(`/${org.slug}/courses`);
    await memberPage.waitForURL((url) => !url.pathname.startsWith(`/${org.slug}/`), { timeout: 15_000 });

    // Former members are one filter away.
    await adminPage.getByRole("combobox", { name: "Show members or former members" }).click();
    await adminPage.getByRole("option", { name: "Former members" }).click();
    await visible(adminPage.getByRole("list", { name: "Former members" }).getByText(member.name));
    await look(adminPage, "team-former-members");
  });
});
