import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminWithOrg } from "./support/api-setup.js";
import { screenshot, visible, WIDTHS } from "./support/browser.js";
import { accessibilityProblems, look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/** Settings → API keys (docs/decisions/0320-api-keys.md) and the API reference (decision 0322), for admins. */

const session = harnessSession();
const SHOTS = "/tmp/shots-public-api";

/** look(), and a copy under /tmp/shots-public-api for the report. */
async function lookAndKeep(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await look(page, name, options);
  mkdirSync(SHOTS, { recursive: true });
  const file = await screenshot(page, name, options);
  copyFileSync(file, path.join(SHOTS, path.basename(file)));
}

/** A call of the documented REST path with the key alone, as an integrator makes it (no cookie). */
async function statusWithKey(page: Page, key: string): Promise<number> {
  const response = await fetch(new URL("/_api/tags/list", page.url()), { headers: { authorization: `Bearer ${key}` } });
  return response.status;
}

describe.each(WIDTHS)("API keys at %i px", (width) => {
  it("an admin makes a key, sees it once, copies it, sees it used, and revokes it with confirmation", async () => {
    const page = await session.open(width);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const { org } = await adminWithOrg(page);
    await page.goto(`/${org.slug}/settings`);
    await visible(page.getByRole("heading", { name: "API keys", level: 2 }));
    await visible(page.getByText("No API keys yet."));

    await page.getByLabel("Name", { exact: true }).fill("Payroll sync");
    await page.getByLabel("Access").selectOption("readonly");
    await page.getByRole("button", { name: "Create key" }).click();
    const notice = page.getByRole("status").filter({ hasText: "It is shown only once." });
    await visible(notice);
    const key = (await notice.locator("code").textContent()) ?? "";
    expect(key).toMatch(/^twk_/);
    await notice.getByRole("button", { name: "Copy the key" }).click();
    await visible(notice.getByText("Copied"));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    expect(await accessibilityProblems(page)).toEqual([]);
    await lookAndKeep(page, "api-keys-new");

    expect(await statusWithKey(page, key)).toBe(200);
    await notice.getByRole("button", { name: "Done" }).click();
    await page.reload();
    const list = page.getByRole("list", { name: "API keys" });
    await visible(list.getByText("Payroll sync"));
    await visible(list.getByText(/^Last used /));
    expect(await list.textContent()).not.toContain(key);
    await lookAndKeep(page, "api-keys-list");

    await list.getByRole("button", { name: "Revoke" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Revoke this API key?" });
    await visible(confirm);
    await lookAndKeep(page, "api-keys-revoke");
    await confirm.getByRole("button", { name: "Revoke key" }).click();
    await visible(page.getByText("API key revoked."));
    await visible(page.getByText("No API keys yet."));
    expect(await statusWithKey(page, key)).toBe(401);
  });

  it("the API reference lists the documented paths, with who may call them", async () => {
    const page = await session.open(width);
    const { org } = await adminWithOrg(page);
    await page.goto(`/${org.slug}/settings`);
    await page.getByRole("link", { name: "API reference" }).click();
    await visible(page.getByRole("heading", { name: "API reference", level: 1 }));
    const paths = page.getByRole("list", { name: "API paths" });
    await visible(paths.getByText("/_api/reports/matrix"));
    const matrix = paths.getByRole("listitem").filter({ hasText: "/_api/reports/matrix" });
    await visible(matrix.getByText("session or API key"));
    await visible(paths.getByRole("listitem").filter({ hasText: "/_api/auth/me" }).getByText("signed-in browser only"));
    expect(await accessibilityProblems(page)).toEqual([]);
    // The whole list is long: the window's first screen is what a person looks at.
    await lookAndKeep(page, "api-reference", { fullPage: false });
  });
});
