import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiGet, apiPost, createOrgViaApi, type OrgRef, registerViaApi } from "./support/api-setup.js";
import { atPath, toast, visible } from "./support/browser.js";
import { harnessSession } from "./support/harness.js";

/**
 * One person, two tabs (two pages of one browser profile, so one session), two organizations: every
 * write lands in the organization of the tab it comes from, whatever the session's current one is.
 */

const session = harnessSession();

interface Me {
  currentOrganization: { slug: string } | null;
}

/** Through the documented REST paths, which act on the session's current organization. */
async function switchSession(page: Page, org: OrgRef): Promise<void> {
  await apiPost(page, "/_api/orgs/switch", { orgId: org.id });
}

async function currentSlug(page: Page): Promise<string | undefined> {
  return (await apiGet<Me>(page, "/_api/auth/me")).currentOrganization?.slug;
}

async function courseTitlesOf(page: Page, org: OrgRef): Promise<string[]> {
  await switchSession(page, org);
  return (await apiGet<Array<{ title: string }>>(page, "/_api/courses/list")).map((course) => course.title);
}

async function departmentNamesOf(page: Page, org: OrgRef): Promise<string[]> {
  await switchSession(page, org);
  return (await apiGet<Array<{ name: string }>>(page, "/_api/tags/list")).map((department) => department.name);
}

describe("two tabs on two organizations", () => {
  it("writes from each tab land in its own organization, and opening a page switches nothing", async () => {
    const context = await session.openContext(1280);
    const alphaTab = await context.newPage();
    await registerViaApi(alphaTab);
    const beta = await createOrgViaApi(alphaTab, { name: "Beta Works" });
    const alpha = await createOrgViaApi(alphaTab, { name: "Alpha Works" });
    expect(await currentSlug(alphaTab)).toBe(alpha.slug);

    await alphaTab.goto(`/${alpha.slug}/courses/create`);
    await visible(alphaTab.getByRole("heading", { name: "Create Course" }));

    const betaTab = await context.newPage();
    await betaTab.goto(`/${beta.slug}/tags`);
    await visible(betaTab.getByRole("heading", { name: "Departments & Roles", level: 1 }));
    await visible(betaTab.getByRole("banner").getByText(`Current organization: ${beta.name}`, { exact: true }));
    // Opening a page of another organization no longer moves the session there.
    expect(await currentSlug(betaTab)).toBe(alpha.slug);

    // The session now names beta (as the header's switcher in the second tab would leave it) …
    await switchSession(betaTab, beta);
    // … yet the first tab still creates its course in alpha and stays on alpha's pages.
    await alphaTab.getByLabel("Title", { exact: true }).fill("Alpha Onboarding");
    await alphaTab.getByRole("button", { name: "Create Course" }).click();
    await toast(alphaTab, "Course created successfully!");
    await visible(alphaTab.getByRole("heading", { name: "Alpha Onboarding", level: 1 }));
    expect(new URL(alphaTab.url()).pathname).toMatch(new RegExp(`^/${alpha.slug}/courses/\\d+$`));
    await visible(alphaTab.getByRole("banner").getByText(`Current organization: ${alpha.name}`, { exact: true }));

    // The other way round: the session names alpha, the second tab adds a department to beta.
    await switchSession(alphaTab, alpha);
    await betaTab.getByRole("button", { name: "Add Department" }).click();
    const dialog = betaTab.getByRole("dialog", { name: "Create New Department" });
    await dialog.getByLabel("Name", { exact: true }).fill("Beta Kitchen");
    await dialog.getByRole("button", { name: "Create Department" }).click();
    await toast(betaTab, "Tag created successfully!");
    await atPath(betaTab, `/${beta.slug}/tags`);

    expect(await courseTitlesOf(alphaTab, alpha)).toEqual(["Alpha Onboarding"]);
    expect(await courseTitlesOf(alphaTab, beta)).toEqual([]);
    expect(await departmentNamesOf(alphaTab, beta)).toEqual(["Beta Kitchen"]);
    expect(await departmentNamesOf(alphaTab, alpha)).toEqual([]);
  });
});
