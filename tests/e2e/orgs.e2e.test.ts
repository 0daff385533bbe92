import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ORGANIZATION_HEADER } from "#shared/constants.js";
import { imageBytes } from "../support/image-bytes.js";
import { atPath, horizontalOverflow, screenshot, uncaughtErrors, visible, WIDTHS } from "./support/browser.js";
import { accessibilityProblems } from "./support/checks.js";
import { type E2EHarness, startHarness } from "./support/harness.js";

/**
 * Organizations in the browser (docs/SPEC.md §2): create from /setup-org, onboarding, the header's switcher,
 * /select-org, the dashboard's Getting Started card and settings (rename, statistics, delete).
 * The protected-route rules are in orgs-guard.e2e.test.ts.
 */

interface Org {
  id: number;
  name: string;
  slug: string;
}

let harness: E2EHarness;
let page: Page | undefined;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});
afterEach(async () => {
  const errors = page ? uncaughtErrors(page) : [];
  await page?.context().close();
  page = undefined;
  expect(errors).toEqual([]);
});

const uid = () => randomBytes(3).toString("hex");

/** Screenshot, no sideways scrolling, no accessibility violations. */
async function look(target: Page, name: string): Promise<void> {
  await screenshot(target, name);
  expect(await horizontalOverflow(target), `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  expect(await accessibilityProblems(target, "body"), `${name} accessibility`).toEqual([]);
}

/** A documented REST call; bodies come back superjson-encoded ({ json: … }). */
async function call<T>(api: APIRequestContext, method: "GET" | "POST", path: string, data?: object): Promise<T> {
  const response = method === "GET" ? await api.get(path) : await api.post(path, { data: data ?? {} });
  const text = await response.text();
  expect(response.status(), `${method} ${path}: ${text}`).toBe(200);
  return (JSON.parse(text) as { json: T }).json;
}

/** Registers a new person in the page's browser profile, which is then signed in. */
async function signUp(target: Page): Promise<{ name: string; email: string; password: string }> {
  const id = uid();
  const person = { name: `Orga ${id}`, email: `orga.${id}@example.com`, password: `orga-${id}-password` };
  await call(target.request, "POST", "/_api/auth/register", person);
  return person;
}

/** Creates an organization for the signed-in person; it becomes their current one. */
function createOrg(api: APIRequestContext, label: string): Promise<Org> {
  const id = uid();
  return call<Org>(api, "POST", "/_api/orgs/create", { name: `${label} ${id}`, slug: `${label.toLowerCase()}-${id}` });
}

/** Waits until the header names `name` as the current organization. */
async function headerShows(target: Page, name: string): Promise<void> {
  await visible(target.getByRole("banner").getByText(`Current organization: ${name}`, { exact: true }));
}

describe.each(WIDTHS)("organization journeys at %i px", (width) => {
  it("creates an organization from /setup-org, then onboarding leads to the tags page", async () => {
    // Someone else owns a slug first, so that one can be shown as taken.
    const other = await harness.newPage({ width });
    await signUp(other);
    const taken = await createOrg(other.request, "Taken");
    await other.context().close();

    page = await harness.newPage({ width });
    const person = await signUp(page);
    await page.goto("/setup-org");
    await visible(page.getByRole("heading", { name: "Welcome to Trainwright" }));
    await visible(page.getByText("The URL cannot be changed later."));
    const host = new URL(harness.baseUrl).host;
    await visible(page.getByText(`${host}/`, { exact: true }));

    const name = page.getByLabel("Organization Name");
    const slug = page.getByLabel("Organization URL");
    const submit = page.getByRole("button", { name: "Create Organization" });

    // The slug follows the name; a taken one is shown as such and cannot be submitted.
    await name.fill(taken.name);
    expect(await slug.inputValue()).toBe(taken.slug);
    await visible(page.getByText("URL is taken"));
    expect(await submit.isDisabled()).toBe(true);
    await look(page, "orgs-setup-taken");

    // A placeholder word would read as "the current organization" in every URL: never available.
    await slug.fill("organization");
    await visible(page.getByText("URL is taken"));

    // Typed by hand, the slug is cleaned the same way, and stops following the name.
    await slug.fill("Team  Alpha_2!");
    expect(await slug.inputValue()).toBe("team-alpha2");
    await name.fill("Something else");
    expect(await slug.inputValue()).toBe("team-alpha2");

    // Emptying the slug hands it back to the name.
    const orgName = `Acme Labs ${uid()}`;
    await slug.fill("");
    await name.fill(orgName);
    const expectedSlug = orgName.toLowerCase().replaceAll(" ", "-");
    expect(await slug.inputValue()).toBe(expectedSlug);
    await visible(page.getByText("URL is available"));
    expect(await submit.isEnabled()).toBe(true);
    await look(page, "orgs-setup-available");

    await submit.click();
    await atPath(page, "/onboarding");
    await visible(page.getByText(`Organization "${orgName}" created!`));
    await visible(page.getByRole("heading", { name: `Your org is set-up, ${person.name}` }));
    await visible(page.getByText("Please watch this short video:"));
    await look(page, "orgs-onboarding");

    // With an organization, /setup-org leads on to onboarding, unless another one is asked for.
    await page.goto("/setup-org");
    await atPath(page, "/onboarding");
    await page.goto("/setup-org?new=1");
    await visible(page.getByLabel("Organization Name"));
    await page.goto("/onboarding");

    await (await visible(page.getByRole("link", { name: "Set-up Tags" }))).click();
    await atPath(page, `/${expectedSlug}/tags`);
  });

  it("switches between two organizations from the header", async () => {
    page = await harness.newPage({ width });
    await signUp(page);
    const first = await createOrg(page.request, "First");
    const second = await createOrg(page.request, "Second");

    await page.goto(`/${second.slug}/dashboard`);
    await visible(page.getByRole("heading", { name: `Welcome to ${second.name}` }));
    await headerShows(page, second.name);

    await page.getByRole("button", { name: "Switch" }).click();
    const organization = await visible(page.getByRole("combobox", { name: "Organization" }));
    await visible(page.getByText("Your role: Admin"));
    await visible(page.getByRole("link", { name: "New organization" }));
    await look(page, "orgs-switcher-open");
    await organization.click();
    await page.getByRole("option", { name: first.name }).click();

    await atPath(page, `/${first.slug}/dashboard`);
    await visible(page.getByText(`Switched to ${first.name}`));
    await visible(page.getByRole("heading", { name: `Welcome to ${first.name}` }));
    await headerShows(page, first.name);
    const me = await call<{ currentOrganization: Org }>(page.request, "GET", "/_api/auth/me");
    expect(me.currentOrganization.slug).toBe(first.slug);

    // "New organization" opens /setup-org?new=1.
    await page.getByRole("button", { name: "Switch" }).click();
    await page.getByRole("link", { name: "New organization" }).click();
    await atPath(page, "/setup-org", "?new=1");
    await visible(page.getByLabel("Organization Name"));
  });

  it("shows the Getting Started card with what is already done", async () => {
    page = await harness.newPage({ width });
    await signUp(page);
    const org = await createOrg(page.request, "Starter");
    await page.goto(`/${org.slug}/dashboard`);
    await visible(page.getByRole("heading", { name: `Welcome to ${org.name}` }));
    await visible(page.getByText("0 of 3 done"));
    await visible(page.getByRole("link", { name: /Set up tags/ }));
    await visible(page.getByRole("link", { name: /Invite members/ }));
    await visible(page.getByRole("link", { name: /Go to courses/ }));

    // A department makes the first step done, from the real tag list.
    await call(page.request, "POST", "/_api/tags/create", { name: "Kitchen", type: "department", color: "#FFC1C0" });
    await page.reload();
    await visible(page.getByText("1 of 3 done"));
    await visible(page.getByText("Set up departments & roles (done)"));
    await look(page, "orgs-dashboard");
  });
});

describe.each(WIDTHS)("/select-org and settings at %i px", (width) => {
  it("lists the user's organizations with their role and opens the chosen one", async () => {
    page = await harness.newPage({ width });
    await signUp(page);
    const first = await createOrg(page.request, "Alpha");
    const second = await createOrg(page.request, "Beta");

    await page.goto("/select-org");
    await visible(page.getByRole("heading", { name: "Select Organization" }));
    await visible(page.getByText(first.name));
    await visible(page.getByText(second.name));
    expect(await page.getByText("Your role: Admin").count()).toBe(2);
    await look(page, "orgs-select");

    await page.getByRole("button", { name: new RegExp(first.name) }).click();
    await atPath(page, `/${first.slug}/dashboard`);
    await visible(page.getByText(`Switched to ${first.name}`));
  });

  it("renames the organization, shows statistics and deletes it after its exact name is typed", async () => {
    page = await harness.newPage({ width });
    await signUp(page);
    const kept = await createOrg(page.request, "Kept");
    await createOrg(page.request, "Also");
    const doomed = await createOrg(page.request, "Doomed");
    // 300 KB of images (decision 0276): the settings page shows them against the organization's storage.
    const inDoomed = { [ORGANIZATION_HEADER]: String(doomed.id) };
    const created = await page.request.post("/_api/courses/create", {
      data: { title: "Yard Safety" },
      headers: inDoomed,
    });
    const course = ((await created.json()) as { json: { id: number } }).json;
    const upload = await page.request.post(`/_api/uploads/image?courseId=${course.id}`, {
      data: Buffer.from(imageBytes("png", { size: 300 * 1024 })),
      headers: { "content-type": "image/png", ...inDoomed },
    });
    expect(upload.status()).toBe(200);

    await page.goto(`/${doomed.slug}/settings`);
    await visible(page.getByRole("heading", { name: "Settings" }));
    for (const label of ["Total Members", "Published Courses", "Total Lessons", "Completed Lessons"]) {
      await visible(page.getByText(label, { exact: true }));
    }
    await visible(page.getByText("0.3 MB of 500 MB used", { exact: true }));
    const used = page.getByRole("progressbar", { name: "Image storage used" });
    expect(await used.getAttribute("aria-valuetext")).toBe("0.3 MB of 500 MB used");
    // The slug is shown, read-only, with the note that it cannot change.
    const url = page.getByLabel("Organization URL");
    expect(await url.inputValue()).toBe(`${new URL(harness.baseUrl).host}/${doomed.slug}`);
    expect(await url.getAttribute("readonly")).not.toBeNull();
    await visible(page.getByText("The organization URL cannot be changed."));
    await look(page, "orgs-settings");

    const renamed = `${doomed.name} Renamed`;
    await page.getByLabel("Organization Name").fill(renamed);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await visible(page.getByText("Organization updated successfully."));
    await headerShows(page, renamed);

    await page.getByRole("button", { name: "Delete Organization" }).click();
    const dialog = await visible(page.getByRole("dialog"));
    const confirm = dialog.getByRole("button", { name: "Delete Organization" });
    const typed = dialog.getByLabel(/to confirm/);
    await typed.fill(renamed.toLowerCase());
    expect(await confirm.isDisabled()).toBe(true);
    await typed.fill(renamed);
    expect(await confirm.isEnabled()).toBe(true);
    await look(page, "orgs-delete-dialog");
    await confirm.click();

    await atPath(page, "/select-org");
    await visible(page.getByRole("heading", { name: "Select Organization" }));
    await visible(page.getByText(kept.name));
    await visible(page.getByText(`Organization "${renamed}" deleted.`));
    expect(await page.getByRole("button", { name: new RegExp(renamed) }).count()).toBe(0);
    const organizations = await call<Org[]>(page.request, "GET", "/_api/orgs/list");
    expect(organizations.map((org) => org.id)).not.toContain(doomed.id);
  });
});

describe("settings loading and failure states", () => {
  it("shows 4 skeletons while the statistics load, and the error texts when the organization cannot load", async () => {
    page = await harness.newPage({ width: 1280 });
    await signUp(page);
    const org = await createOrg(page.request, "States");
    const isSettingsRead = (url: URL) => url.pathname.includes("orgs.stats") || url.pathname.includes("orgs.get");

    // Held back until the skeletons have been looked at.
    let release = () => {};
    const looked = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(isSettingsRead, async (route) => {
      await looked;
      await route.continue();
    });
    await page.goto(`/${org.slug}/settings`);
    await visible(page.getByTestId("stat-skeleton"));
    expect(await page.getByTestId("stat-skeleton").count()).toBe(4);
    await screenshot(page, "orgs-settings-loading");
    release();
    await visible(page.getByText("Total Members", { exact: true }));

    // Refused: both reads fail (after the default retries) and say so.
    await page.unroute(isSettingsRead);
    await page.route(isSettingsRead, (route) => route.abort());
    await page.reload();
    await visible(page.getByText("Error Loading Organization"), 30_000);
    await visible(page.getByText("Could not load statistics."), 30_000);
    await look(page, "orgs-settings-error");
  });
});
