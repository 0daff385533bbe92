import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { INVITATION_LIMITS, INVITATIONS_PAGE_SIZE } from "#shared/constants.js";
import { INVITATION_LIMIT_MESSAGES as L } from "#shared/schemas/team-admin.js";
import { adminWithOrg, apiPost, newPerson } from "./support/api-setup.js";
import { visible, WIDTHS } from "./support/browser.js";
import { accessibilityProblems, look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/**
 * The team page's pending invitations a page at a time, with a "Show more" button a keyboard reaches, and
 * the invite form's message when an invitation limit is reached
 * (docs/decisions/0270-invitation-limits-pages-fair-outbox.md).
 */

const session = harnessSession();

const pendingList = (page: Page) => page.getByRole("list", { name: "Pending invitations" });

/** `count` people invited at once through the API, named "<label> 00", "<label> 01", … (oldest first). */
async function inviteMany(page: Page, count: number, label: string) {
  const rows = Array.from({ length: count }, (_, index) => {
    const who = newPerson(label);
    return { name: `${label} ${String(index).padStart(2, "0")}`, email: who.email };
  });
  await apiPost(page, "/_api/team/invite-many", { rows });
}

describe.each(WIDTHS)("pending invitations at %i px", (width) => {
  it("shows the newest page first and the rest with Show more, from the keyboard", async () => {
    const page = await session.open(width);
    const { org } = await adminWithOrg(page);
    const count = INVITATIONS_PAGE_SIZE + 5;
    await inviteMany(page, count, "Waiting");

    await page.goto(`/${org.slug}/team`);
    const list = await visible(pendingList(page));
    await expect.poll(() => list.getByRole("listitem").count()).toBe(INVITATIONS_PAGE_SIZE);
    await visible(page.getByRole("heading", { name: `Pending invitations (${INVITATIONS_PAGE_SIZE}+)` }));
    // Newest first: the last of the list sent is on top; the oldest five wait for the next page.
    await expect.poll(() => list.getByRole("listitem").first().textContent()).toContain(`Waiting ${count - 1}`);
    const showMore = page.getByRole("button", { name: "Show more pending invitations" });
    await look(page, "team-pending-show-more");
    expect(await accessibilityProblems(page)).toEqual([]);

    await showMore.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => list.getByRole("listitem").count()).toBe(count);
    await visible(page.getByRole("heading", { name: `Pending invitations (${count})` }));
    // Focus moved to the first invitation the page brought; the button is gone, nothing more to load.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest("li")?.textContent ?? ""))
      .toContain(`Waiting ${String(count - 1 - INVITATIONS_PAGE_SIZE).padStart(2, "0")}`);
    expect(await showMore.count()).toBe(0);
    // The keyboard goes on from there, to that invitation's own buttons.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      `Resend invitation to Waiting ${String(count - 1 - INVITATIONS_PAGE_SIZE).padStart(2, "0")}`,
    );
    await look(page, "team-pending-all");
  });

  it("says in the invite form when the organization's invitations for the hour are used up", async () => {
    const page = await session.open(width);
    const { org } = await adminWithOrg(page);
    await inviteMany(page, INVITATION_LIMITS.organization.new.perHour, "Onboarded");

    await page.goto(`/${org.slug}/team`);
    await page.getByRole("button", { name: "Invite Member" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite Member" });
    const who = newPerson("Late");
    await dialog.getByLabel("Name", { exact: true }).fill(who.name);
    await dialog.getByLabel("Email", { exact: true }).fill(who.email);
    await dialog.getByRole("button", { name: "Create Invite Link" }).click();
    const message = `${L.organizationPerHour(INVITATION_LIMITS.organization.new.perHour)} ${L.newOrganization}`;
    await visible(dialog.getByRole("alert").filter({ hasText: message }));
    await look(page, "team-invite-limit");
    expect(await accessibilityProblems(page, "[role=dialog]")).toEqual([]);
  });
});
