import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { MAIL_MESSAGES } from "#shared/schemas/mail.js";
import { mailSettingsFor, startSmtpServer } from "../support/smtp.js";
import { adminWithOrg, apiGet, apiPost, inviteViaApi, newPerson, registerViaApi } from "./support/api-setup.js";
import { horizontalOverflow, visible, WIDTHS } from "./support/browser.js";
import { accessibilityProblems } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/**
 * Words people understand (decision 0295): access levels explained where chosen, tags headed as departments
 * and job roles, the invite page in plain words, a dead reset link said before a password is asked, and
 * "Invite Several" saying whether it mailed the links and keeping the refused lines to fix.
 */

const smtp = await startSmtpServer();
afterAll(() => smtp.close());
const session = harnessSession({ env: { ...mailSettingsFor(smtp), MAIL_POLL_MS: "100" } });

const SHOTS = "/tmp/shots-words-nav";

/** A full-page screenshot to look at, and nothing may scroll sideways. */
async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({
    path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`,
    fullPage: true,
    animations: "disabled",
  });
  expect(await horizontalOverflow(page), `${name} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Serious and critical axe findings only, anywhere on the page (dialogs live outside #main). */
describe.each(WIDTHS)("clear words at %i px", (width) => {
  it("explains each access level where it is chosen, and heads the tags as departments and job roles", async () => {
    const page = await session.open(width);
    const { org } = await adminWithOrg(page);
    await page.goto(`/${org.slug}/team`);
    await page.getByRole("button", { name: "Invite Member" }).click();
    const dialog = await visible(page.getByRole("dialog", { name: /Invite/ }));
    // The chosen level ("User", the default) is explained under the select, beside Learner's meaning.
    await visible(dialog.getByText("Same access as Learner: takes the training meant for them."));
    await visible(dialog.getByRole("group", { name: "Departments and job roles" }));
    await visible(dialog.getByText("They decide which training this person gets."));
    await dialog.getByRole("combobox", { name: "Role" }).click();
    const manager = await visible(page.getByRole("option", { name: /^Manager/ }));
    expect(await manager.textContent()).toContain("Invites and manages people (not admins)");
    const learner = await visible(page.getByRole("option", { name: /^Learner/ }));
    expect(await learner.textContent()).toContain("Takes the training meant for them.");
    await shot(page, "invite-dialog-levels");
    expect(await accessibilityProblems(page, "body")).toEqual([]);
    // The full-page screenshot resizes the window, which closes the list: open it again to choose.
    if ((await page.getByRole("option", { name: /^Manager/ }).count()) === 0) {
      await dialog.getByRole("combobox", { name: "Role" }).click();
    }
    await (await visible(page.getByRole("option", { name: /^Manager/ }))).click();
    await visible(dialog.getByText("Invites and manages people (not admins), creates courses and sees reports."));
  });

  it("the invite page fills in the invited name, speaks plainly, and a withdrawn link says whom to ask", async () => {
    const adminPage = await session.open(width);
    await adminWithOrg(adminPage, { name: "Casa Rosa Kitchen" });
    const guest = newPerson("Marta");
    const link = await inviteViaApi(adminPage, guest, { role: "learner" });

    const page = await session.open(width);
    await page.goto(link);
    await visible(page.getByRole("heading", { name: "You're Invited" }));
    await visible(page.getByText(/has invited you to join Casa Rosa Kitchen to take the training there\./));
    expect(await page.getByText(/Learner role/).count()).toBe(0);
    expect(await (await visible(page.getByLabel("Name"))).inputValue()).toBe(guest.name);
    await shot(page, "invite-page-prefilled");
    expect(await accessibilityProblems(page, "#main")).toEqual([]);

    // The admin replaces the link: the old one says to ask one's manager for a new one.
    const [pending] = await apiGet<{ id: number }[]>(adminPage, "/_api/team/invitations");
    await apiPost(adminPage, "/_api/team/resend-invite", { invitationId: pending?.id });
    await page.reload();
    await visible(page.getByRole("heading", { name: "Invitation Error" }));
    await visible(page.getByText(/Ask your manager for a new link\./));
    await shot(page, "invite-page-replaced");
  });

  it("the reset page says a replaced link is dead before asking for a new password", async () => {
    const setup = await session.open(width);
    const person = await registerViaApi(setup, newPerson("Forgetful"));
    const linkFor = async () => {
      const before = smtp.received.length;
      await apiPost(setup, "/_api/auth/forgot-password", { email: person.email });
      const mails = await smtp.waitFor(before + 1);
      const mail = mails.slice(before).find((received) => received.to.includes(person.email));
      return String(/(\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1]);
    };
    const first = await linkFor();
    const second = await linkFor();

    const page = await session.open(width);
    await page.goto(first);
    await visible(page.getByText(MAIL_MESSAGES.resetInvalid));
    expect(await page.getByLabel("New password").count()).toBe(0);
    await visible(page.getByRole("link", { name: "Ask for a new link" }));
    await shot(page, "reset-password-dead-link");
    expect(await accessibilityProblems(page, "#main")).toEqual([]);

    await page.goto(second);
    await visible(page.getByLabel("New password"));
  });

  it("Invite Several says the links are being e-mailed, and keeps the refused lines to fix", async () => {
    const page = await session.open(width);
    const { org } = await adminWithOrg(page);
    await page.goto(`/${org.slug}/team`);
    const [ann, bo] = [newPerson("Ann"), newPerson("Bo")];
    await page.getByRole("button", { name: "Invite Several" }).click();
    const bulk = page.getByRole("dialog", { name: "Invite Several People" });
    await bulk.getByLabel("People to invite").fill(`${ann.name},${ann.email}\n${bo.email}\nNo Address,not-an-email`);
    await bulk.getByRole("button", { name: "Invite All" }).click();
    const results = await visible(page.getByRole("dialog", { name: "2 people invited" }));
    await visible(results.getByText("We are e-mailing each person their link; you can also copy them."));
    await shot(page, "bulk-invite-mailed");
    expect(await accessibilityProblems(page, "body")).toEqual([]);

    await results.getByRole("button", { name: "Fix Rejected Lines" }).click();
    const again = await visible(page.getByRole("dialog", { name: "Invite Several People" }));
    expect(await again.getByLabel("People to invite").inputValue()).toBe("No Address,not-an-email");
    await visible(again.getByRole("list", { name: "Lines to fix" }).getByText("A valid email is required."));
    await shot(page, "bulk-invite-fix");
    expect(await accessibilityProblems(page, "body")).toEqual([]);
  });
});
