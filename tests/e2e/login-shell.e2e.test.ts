import type { Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newPerson, registerViaApi } from "./support/api-setup.js";
import { atPath, visible } from "./support/browser.js";
import { harnessSession } from "./support/harness.js";

/**
 * Decision 0201: `/login` without a session is prerendered like the landing page. The static form is
 * focused as the app focuses it, does not start the app by that, never submits itself (the password would
 * go into the URL), and what the visitor types before the app has taken over is what the app signs in with.
 */

const session = harnessSession();

describe("the prerendered login page", () => {
  it("focuses the e-mail field without starting the app, and signs in with what was typed before it ran", async () => {
    const page = await session.open(375);
    const person = await registerViaApi(page, newPerson("Early"));
    await page.context().clearCookies();

    const hydrationErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /hydrat/i.test(message.text())) hydrationErrors.push(message.text());
    });
    const pageUrls: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) pageUrls.push(frame.url());
    });
    // The app's script is held until the visitor has typed and pressed Enter: all of it lands on the
    // static form.
    const heldAppScripts: Route[] = [];
    let holding = true;
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      if (holding) heldAppScripts.push(route);
      else await route.continue();
    });

    await page.goto("/login");
    await visible(page.getByRole("heading", { name: "Welcome back" }));
    const email = page.getByLabel("Email");
    await expect.poll(() => email.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(heldAppScripts).toHaveLength(0);
    expect(await page.evaluate(() => window.trainwrightAppStarted ?? false)).toBe(false);

    await page.keyboard.type(person.email);
    await page.getByLabel("Password").focus();
    await page.keyboard.type(person.password);
    await page.keyboard.press("Enter");
    await expect.poll(() => heldAppScripts.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.trainwrightAppStarted ?? false)).toBe(false);
    holding = false;
    for (const route of heldAppScripts) await route.continue();

    await atPath(page, "/setup-org");
    expect(hydrationErrors).toEqual([]);
    expect(pageUrls.filter((url) => url.includes("password"))).toEqual([]);
  });
});
