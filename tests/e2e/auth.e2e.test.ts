import { describe, expect, it } from "vitest";
import { newPerson, registerViaApi } from "./support/api-setup.js";
import { atPath, visible, WIDTHS } from "./support/browser.js";
import { look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/** Journeys of docs/SPEC.md §2 (landing, login, logged-out, account, Not Found) against the spec's own texts. */

const session = harnessSession();

describe.each(WIDTHS)("auth journeys at %i px", (width) => {
  it("signs up from the landing page and lands on /setup-org", async () => {
    const page = await session.open(width);
    await page.goto("/");
    const cta = page
      .getByRole("link", { name: "Get Started For Free" })
      .or(page.getByRole("button", { name: "Get Started For Free" }));
    await visible(cta);
    await look(page, "landing");
    await cta.first().click();
    await atPath(page, "/login", "?signup=true");

    const person = newPerson("Journey");
    await visible(page.getByLabel("Name", { exact: true }));
    await look(page, "login-signup");
    await page.getByLabel("Name", { exact: true }).fill(person.name);
    await page.getByLabel("Email", { exact: true }).fill(person.email);
    await page.getByLabel("Password", { exact: true }).fill(person.password);
    await page.getByRole("button", { name: "Create Account", exact: true }).click();

    await atPath(page, "/setup-org");
    await visible(page.getByText("Account created successfully!"));
    await look(page, "setup-org");
  });

  it("logs out from /account and shows the logged-out page", async () => {
    const page = await session.open(width);
    await registerViaApi(page, newPerson("Journey"));
    await page.goto("/account");
    await visible(page.getByRole("heading", { name: "Account", exact: true }));
    await look(page, "account");

    await page.getByRole("button", { name: "Log Out", exact: true }).click();
    await atPath(page, "/logged-out");
    await visible(page.getByText("You logged out. While you're here, check this out..."));
    await look(page, "logged-out");
    // The session is gone on the server, not only in the page.
    expect((await page.request.get("/_api/auth/me")).status()).toBe(401);
  });

  it("signs in and returns to the path in `next`", async () => {
    const page = await session.open(width);
    const person = newPerson("Journey");
    await registerViaApi(page, person);
    await page.context().clearCookies();

    await page.goto("/login?next=%2Faccount");
    await visible(page.getByLabel("Email", { exact: true }));
    await look(page, "login");
    await page.getByLabel("Email", { exact: true }).fill(person.email);
    await page.getByLabel("Password", { exact: true }).fill(person.password);
    await page.getByRole("button", { name: "Log In", exact: true }).click();

    await atPath(page, "/account");
    await visible(page.getByRole("heading", { name: "Account", exact: true }));
    await visible(page.getByText("Login successful!"));
  });

  it("shows 'Invalid email or password.' for a wrong password and stays on /login", async () => {
    const page = await session.open(width);
    const person = newPerson("Journey");
    await registerViaApi(page, person);
    await page.context().clearCookies();

    await page.goto("/login");
    await page.getByLabel("Email", { exact: true }).fill(person.email);
    await page.getByLabel("Password", { exact: true }).fill("not the password");
    await page.getByRole("button", { name: "Log In", exact: true }).click();

    await visible(page.getByText("Invalid email or password."));
    await look(page, "login-wrong-password");
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("shows field errors under the fields on an empty submit", async () => {
    const page = await session.open(width);
    await page.goto("/login");
    await visible(page.getByLabel("Email", { exact: true }));
    await page.getByRole("button", { name: "Log In", exact: true }).click();

    const fields: Array<[string, string]> = [
      ["Email", "Please enter a valid email address."],
      ["Password", "Password is required."],
    ];
    for (const [label, message] of fields) {
      const error = await visible(page.getByText(message, { exact: true }));
      const input = page.getByLabel(label, { exact: true });
      const [errorBox, inputBox] = [await error.boundingBox(), await input.boundingBox()];
      expect(errorBox && inputBox, `${label}: both on screen`).toBeTruthy();
      if (!errorBox || !inputBox) continue;
      // Below its own field, and above the next one: within two lines of the field's bottom edge.
      expect(errorBox.y).toBeGreaterThanOrEqual(inputBox.y + inputBox.height - 2);
      expect(errorBox.y).toBeLessThan(inputBox.y + inputBox.height + 48);
    }
    await look(page, "login-empty-submit");
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("shows the product tour at /demo with a way to sign up", async () => {
    const page = await session.open(width);
    await page.goto("/demo");
    await visible(page.getByRole("heading", { level: 1, name: /Trainwright/ }));
    await look(page, "demo");
    // The tour is served by the app itself, so it plays without any third-party player.
    const video = page.getByRole("main").getByLabel("Trainwright demo video");
    const source = await video.getAttribute("src");
    const served = await page.request.get(source ?? "");
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toContain("video/mp4");
    await page.getByRole("main").getByRole("link", { name: "Get Started For Free" }).click();
    await atPath(page, "/login");
    expect(new URL(page.url()).searchParams.get("signup")).toBe("true");
  });

  it("shows a Not Found page with a link home for an unknown path", async () => {
    const page = await session.open(width);
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(200);
    await visible(page.getByText(/not found/i));
    await look(page, "not-found");

    // The page's own link, not the header's Home: inside the main landmark.
    const home = await visible(page.getByRole("main").getByRole("link", { name: /home/i }));
    expect(await home.getAttribute("href")).toBe("/");
    await home.click();
    await atPath(page, "/");
  });
});
