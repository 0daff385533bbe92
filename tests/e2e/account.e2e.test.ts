import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "#shared/schemas/account.js";
import { apiPost, newPerson, registerViaApi } from "./support/api-setup.js";
import { holdThenFail, toast, visible, WIDTHS } from "./support/browser.js";
import { accessibilityProblems, look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/** The account page's own e-mail, password and sessions (decision 0015). */

const session = harnessSession();

describe.each(WIDTHS)("account page at %i px", (width) => {
  it("lists sessions and signs out everywhere else; changes password and e-mail with the current password", async () => {
    const page = await session.open(width);
    const person = await registerViaApi(page, newPerson("Owner"));
    const elsewhere = await session.open(width);
    await apiPost(elsewhere, "/_api/auth/login", { email: person.email, password: person.password });

    await page.goto("/account");
    const sessions = page.getByRole("list", { name: "Signed-in sessions" });
    await visible(sessions.getByText("This browser"));
    expect(await sessions.getByRole("listitem").count()).toBe(2);
    await look(page, "account-security");
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.getByRole("button", { name: "Sign out everywhere else" }).click();
    await toast(page, "Signed out of 1 other session.");
    await visible(page.getByText("You are not signed in anywhere else."));
    expect((await elsewhere.request.get("/_api/auth/me")).status()).toBe(401);

    // Keyboard only: type into the fields and submit with Enter.
    const newPassword = `${person.password}-2`;
    await page.getByLabel("Current password").nth(1).fill("not-the-password");
    await page.getByLabel("New password").fill(newPassword);
    await page.getByLabel("New password").press("Enter");
    await visible(page.getByRole("alert").getByText(ACCOUNT_MESSAGES.wrongPassword));
    await page.getByLabel("Current password").nth(1).fill(person.password);
    await page.getByLabel("New password").press("Enter");
    await toast(page, ACCOUNT_MESSAGES.passwordChanged);
    // The toast comes from the mutation cache; the form clears itself once the sessions list is refetched.
    await expect.poll(() => page.getByLabel("New password").inputValue()).toBe("");

    const email = `moved.${person.email}`;
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Current password").first().fill(newPassword);
    await page.getByRole("button", { name: "Change email" }).click();
    await toast(page, ACCOUNT_MESSAGES.emailChanged);
    await visible(page.getByText(email, { exact: true }));
    await look(page, "account-after-changes");
  });

  it("shows skeletons while the sessions load and a message with 'Try again' when they fail", async () => {
    const page = await session.open(width);
    await registerViaApi(page, newPerson("Waiting"));
    await page.goto("/account");
    await visible(page.getByRole("heading", { name: "Account", exact: true }));
    const release = await holdThenFail(page, /auth\.sessions/);
    await page.reload();
    await visible(page.getByText("Loading sessions…"));
    await look(page, "account-sessions-loading");
    release();
    await visible(page.getByText("Could not load your sessions."));
    await visible(page.getByRole("button", { name: "Try again" }));
    await look(page, "account-sessions-error");
  });
});
