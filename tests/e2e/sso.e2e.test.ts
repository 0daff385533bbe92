import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startIdentityProvider, type TestIdentityProvider } from "../support/identity-provider.js";
import { adminWithOrg, apiGet, departmentWithRoles } from "./support/api-setup.js";
import { screenshot, visible, WIDTHS } from "./support/browser.js";
import { accessibilityProblems, look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/**
 * Company sign-in (docs/decisions/0370-oidc-sign-in.md): an admin adds the provider in settings, then a
 * person who never had a password here signs in through the provider's own login page, lands in the
 * organization, and the account page says which provider signed them in.
 */

const session = harnessSession();
const SHOTS = "/tmp/shots-sso";
let idp: TestIdentityProvider;

beforeAll(async () => {
  idp = await startIdentityProvider([`${session.harness.baseUrl}/_api/sso/callback`]);
});
afterAll(async () => {
  await idp?.close();
});

/** look(), and a copy under /tmp/shots-sso for the report. */
async function lookAndKeep(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await look(page, name, options);
  mkdirSync(SHOTS, { recursive: true });
  const file = await screenshot(page, name, options);
  copyFileSync(file, path.join(SHOTS, path.basename(file)));
}

describe.each(WIDTHS)("company sign-in at %i px", (width) => {
  it("an admin adds the provider; a new person signs in through its login page and lands in the organization", async () => {
    const adminPage = await session.open(width);
    const { org } = await adminWithOrg(adminPage);
    const domain = `${org.slug}.test`;
    const shop = await departmentWithRoles(adminPage, { name: "Shop floor" }, ["Cashier"]);
    await adminPage.goto(`/${org.slug}/settings`);
    await visible(adminPage.getByRole("heading", { name: "Company sign-in", level: 2 }));
    await visible(adminPage.getByText("No company sign-in yet: people sign in with a password."));
    await adminPage.getByRole("button", { name: "Add a sign-in" }).click();
    await adminPage.getByLabel("Name shown to people (optional)").fill("Acme Okta");
    await adminPage.getByLabel("Issuer URL").fill(idp.issuer);
    await adminPage.getByLabel("Client ID").fill(idp.clientId);
    await adminPage.getByLabel("Client secret").fill(idp.clientSecret);
    await adminPage.getByLabel("E-mail domains (comma separated)").fill(domain);
    await adminPage.getByLabel("Access level of people it brings in").selectOption("learner");
    await adminPage.getByRole("checkbox", { name: "Cashier" }).check();
    expect(await accessibilityProblems(adminPage)).toEqual([]);
    await lookAndKeep(adminPage, `sso-settings-form-${width}`, { fullPage: true });
    await adminPage.getByRole("button", { name: "Add sign-in" }).click();
    const list = adminPage.getByRole("list", { name: "Company sign-ins" });
    await visible(list.getByText("Acme Okta"));
    await visible(list.getByText(domain));
    expect(await accessibilityProblems(adminPage)).toEqual([]);
    await lookAndKeep(adminPage, `sso-settings-list-${width}`);

    const email = `new.hire@${domain}`;
    idp.accounts.set(email, { email, emailVerified: true, name: "New Hire" });
    const page = await session.open(width);
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with your organization's sign-in" }).click();
    await page.getByLabel("Work e-mail or organization").fill(email);
    expect(await accessibilityProblems(page)).toEqual([]);
    await lookAndKeep(page, `sso-login-${width}`);
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    // The provider's own page, on its own origin: no password was ever typed into Trainwright.
    await page.waitForURL((url) => url.origin === idp.issuer);
    await page.locator('input[name="login"]').fill(email);
    await page.locator('input[name="password"]').fill("the provider's password");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await page.waitForURL(`**/${org.slug}/dashboard`);
    await visible(page.getByRole("heading", { level: 1 }));

    // In with the access level and the job role the admin chose.
    const members = await apiGet<{ email: string; role: string; tags: { id: number }[] }[]>(
      adminPage,
      "/_api/team/members",
    );
    const joined = members.find((member) => member.email === email);
    expect(joined?.role).toBe("learner");
    expect(joined?.tags.map((tag) => tag.id)).toEqual(shop.roleIds);

    await page.goto("/account");
    const sessions = page.getByRole("list", { name: "Signed-in sessions" });
    await visible(sessions.getByText(/signed in with Acme Okta/));
    expect(await accessibilityProblems(page)).toEqual([]);
    await lookAndKeep(page, `sso-account-sessions-${width}`, { fullPage: true });
  });

  it("a refused sign-in comes back to the sign-in page, which says why", async () => {
    const page = await session.open(width);
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with your organization's sign-in" }).click();
    await page.getByLabel("Work e-mail or organization").fill("someone@no-provider.test");
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await visible(page.getByRole("alert").filter({ hasText: "No sign-in is set up for this e-mail domain" }));
    expect(await accessibilityProblems(page)).toEqual([]);
    await lookAndKeep(page, `sso-login-refused-${width}`);
  });
});
