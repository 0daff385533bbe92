import { afterAll, describe, expect, it } from "vitest";
import { MAIL_MESSAGES } from "#shared/schemas/mail.js";
import { mailSettingsFor, startSmtpServer } from "../support/smtp.js";
import { adminWithOrg, apiGet, inviteViaApi, newPerson, registerViaApi } from "./support/api-setup.js";
import { atPath, visible, WIDTHS } from "./support/browser.js";
import { accessibilityProblems, look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/** Forgot → reset → sign in, reading the mail from a real SMTP server; and the team page's "E-mail problems". */

const smtp = await startSmtpServer();
afterAll(() => smtp.close());
const session = harnessSession({ env: { ...mailSettingsFor(smtp), MAIL_POLL_MS: "100" } });

describe.each(WIDTHS)("e-mail at %i px", (width) => {
  it("resets a forgotten password from the mailed link, then signs in with the new one", async () => {
    const setup = await session.open(width);
    const person = await registerViaApi(setup, newPerson("Forgetful"));

    const page = await session.open(width);
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await atPath(page, "/forgot-password");
    await visible(page.getByRole("heading", { name: "Forgot your password?" }));
    await look(page, `forgot-password`);
    expect(await accessibilityProblems(page)).toEqual([]);
    const before = smtp.received.length;
    await page.getByLabel("Email").fill(person.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await visible(page.getByRole("status").getByText(MAIL_MESSAGES.resetRequested));
    await look(page, `forgot-password-sent`);

    const mails = await smtp.waitFor(before + 1);
    const mail = mails.slice(before).find((received) => received.to.includes(person.email));
    const link = /http:\/\/trainwright\.example\.test(\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail?.text ?? "");
    expect(link?.[1]).toBeTruthy();
    // The mail links to PUBLIC_URL; the test server listens elsewhere, so the path is opened here.
    await page.goto(String(link?.[1]));
    await visible(page.getByRole("heading", { name: "Choose a new password" }));
    await page.getByLabel("New password").fill("short");
    await page.getByRole("button", { name: "Set new password" }).click();
    await visible(page.getByText("Password must be at least 8 characters."));
    await look(page, `reset-password`);
    expect(await accessibilityProblems(page)).toEqual([]);
    const password = "a-fresh-password-here";
    await page.getByLabel("New password").fill(password);
    await page.getByRole("button", { name: "Set new password" }).click();
    await visible(page.getByRole("status").getByText(MAIL_MESSAGES.passwordReset));
    await look(page, `reset-password-done`);
    // The old session is over.
    expect((await setup.request.get("/_api/auth/me")).status()).toBe(401);

    await page.getByRole("link", { name: "Log in", exact: true }).click();
    await atPath(page, "/login");
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Log In" }).click();
    await atPath(page, "/setup-org");
  });

  it("shows admins the e-mails that could not be sent", async () => {
    const page = await session.open(width);
    const { org } = await adminWithOrg(page, { name: "Mail Trouble Ltd" });
    smtp.refuseNext(1, 550);
    await inviteViaApi(page, { name: "Unreachable Person", email: `bounce.${width}@example.com` });
    await expect
      .poll(async () => (await apiGet<unknown[]>(page, "/_api/mail/problems")).length, { timeout: 15_000 })
      .toBe(1);
    await page.goto(`/${org.slug}/team`);
    const panel = await visible(page.getByRole("heading", { name: "E-mail problems" }));
    await visible(page.getByText(`Invitation to bounce.${width}@example.com`));
    await panel.scrollIntoViewIfNeeded();
    await look(page, `mail-problems`);
    expect(await accessibilityProblems(page)).toEqual([]);
  });
});
