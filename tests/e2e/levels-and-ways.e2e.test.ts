import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminWithOrg, apiGet, apiPost, inviteAndJoin } from "./support/api-setup.js";
import { atPath, horizontalOverflow, toast, visible, WIDTHS } from "./support/browser.js";
import { accessibilityProblems } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/**
 * Navigation and permissions as the table says (docs/DESIGN.md §6; decisions 0295, 0296): a refused page says
 * why, managers reach the team from the reports, creating an organization is not a header button for
 * everyone, Manage Membership lists one's organizations, and a deleted organization is named as such.
 */

const session = harnessSession();
const SHOTS = "/tmp/shots-words-nav";

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({
    path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`,
    fullPage: true,
    animations: "disabled",
  });
  expect(await horizontalOverflow(page), `${name} scrolls sideways`).toBeLessThanOrEqual(0);
}

describe.each(WIDTHS)("levels and ways at %i px", (width) => {
  it("tells a teacher why /courses/create sent them back, and why a course has no Delete", async () => {
    const adminPage = await session.open(width);
    const { org } = await adminWithOrg(adminPage);
    const { id: courseId } = await apiPost<{ id: number }>(adminPage, "/_api/courses/create", {
      title: "Knife Safety",
      status: "published",
    });
    const page = await session.open(width);
    await inviteAndJoin(adminPage, page, "teacher");

    await page.goto(`/${org.slug}/courses/create`);
    await atPath(page, `/${org.slug}/courses`, "?denied=courses.create");
    await visible(
      page
        .getByRole("status")
        .getByText("Only admins and managers can create courses, so you were brought here instead."),
    );
    await shot(page, "courses-denied-create");
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.goto(`/${org.slug}/courses/${courseId}`);
    await visible(page.getByRole("link", { name: "Edit Course" }));
    await visible(page.getByRole("note").getByText("Only admins and managers can duplicate or delete courses."));
    await shot(page, "course-detail-teacher");
    expect(await accessibilityProblems(page)).toEqual([]);

    // Settings are not a teacher's: the dashboard says why.
    await page.goto(`/${org.slug}/settings`);
    await atPath(page, `/${org.slug}/dashboard`, "?denied=settings.view");
    await visible(
      page.getByText(
        "Only admins and managers can open the organization's settings, so you were brought here instead.",
      ),
    );
  });

  it("a learner has no header button for a new organization; Manage Membership lists, opens and leaves", async () => {
    const adminPage = await session.open(width);
    const { org } = await adminWithOrg(adminPage, { name: "Line Cooks Co" });
    const page = await session.open(width);
    await inviteAndJoin(adminPage, page, "learner");
    await page.goto(`/${org.slug}/dashboard`);
    await visible(page.getByRole("heading", { name: `Welcome to ${org.name}` }));
    expect(await page.getByRole("banner").getByRole("link", { name: "New organization" }).count()).toBe(0);

    await page.goto("/account");
    await page.getByRole("button", { name: "Manage Membership" }).click();
    const list = await visible(page.getByRole("list", { name: "Your organizations" }));
    await visible(list.getByText(org.name));
    await visible(page.getByText("Membership is free: there are no invoices or payment methods."));
    await visible(page.getByRole("link", { name: "New organization" }));
    await shot(page, "account-membership-learner");
    expect(await accessibilityProblems(page)).toEqual([]);

    await list.getByRole("button", { name: `Leave ${org.name}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Leave ${org.name}?` });
    await confirm.getByRole("button", { name: "Leave Organization" }).click();
    await atPath(page, "/setup-org");
    expect(await apiGet<unknown[]>(page, "/_api/orgs/list")).toEqual([]);
  });

  it("shows an admin what their organization uses, under Manage Membership", async () => {
    const page = await session.open(width);
    const { org } = await adminWithOrg(page, { name: "Usage Kitchen" });
    await apiPost(page, "/_api/courses/create", { title: "Opening Checklist", status: "published" });
    await page.goto("/account");
    await page.getByRole("button", { name: "Manage Membership" }).click();
    const list = await visible(page.getByRole("list", { name: "Your organizations" }));
    await visible(list.getByText(/1 member · 1 published course · 0 lessons · images 0 MB of \d+ MB/));
    await visible(list.getByRole("link", { name: `Open ${org.name}` }));
    await shot(page, "account-membership-admin");
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it("a manager reaches the team page from the reports and from a person named in them", async () => {
    const adminPage = await session.open(width);
    const { org } = await adminWithOrg(adminPage);
    const page = await session.open(width);
    const manager = await inviteAndJoin(adminPage, page, "manager");
    const { id: managerId } = await apiGet<{ id: number }>(page, "/_api/auth/me");

    await page.goto(`/${org.slug}/reports`);
    await (await visible(page.getByRole("link", { name: "Team", exact: true }))).click();
    await atPath(page, `/${org.slug}/team`);

    await page.goto(`/${org.slug}/reports/members/${managerId}`);
    await visible(page.getByRole("heading", { name: manager.name }));
    await shot(page, "member-report-team-link");
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole("link", { name: "Open on the team page" }).click();
    await atPath(page, `/${org.slug}/team`, `?search=${encodeURIComponent(manager.email)}`);
    expect(await page.getByRole("searchbox", { name: "Search team members" }).inputValue()).toBe(manager.email);
  });

  it("tells a manager what only an admin may do on the settings and tags pages", async () => {
    const adminPage = await session.open(width);
    const { org } = await adminWithOrg(adminPage);
    await apiPost(adminPage, "/_api/tags/create", { name: "Kitchen", type: "department", color: "#CFF3CF" });
    const page = await session.open(width);
    await inviteAndJoin(adminPage, page, "manager");

    await page.goto(`/${org.slug}/settings`);
    await visible(page.getByRole("note").getByText("Only an admin can rename or delete the organization."));
    await shot(page, "settings-manager");
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.goto(`/${org.slug}/tags`);
    await visible(page.getByRole("note").getByText("Only an admin can add or change departments and job roles."));
    await shot(page, "tags-manager");
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.goto(`/${org.slug}/reports`);
    await visible(page.getByRole("link", { name: "Team", exact: true }));
    await shot(page, "reports-matrix-manager");
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it("tells a member of a deleted organization that it was deleted", async () => {
    const adminPage = await session.open(width);
    const { admin, org } = await adminWithOrg(adminPage, { name: "Casa Rosa" });
    const page = await session.open(width);
    await inviteAndJoin(adminPage, page, "learner");
    await apiPost(adminPage, "/_api/orgs/delete", { orgId: org.id });

    await page.goto(`/${org.slug}/dashboard`);
    await toast(page, "Casa Rosa was deleted.");
    await atPath(page, "/setup-org");
    const notices = await visible(page.getByRole("list", { name: "Deleted organizations" }));
    await visible(notices.getByText("Casa Rosa was deleted"));
    await visible(notices.getByText(new RegExp(`${admin.name} deleted it on`)));
    await shot(page, "setup-org-deleted-notice");
    expect(await accessibilityProblems(page)).toEqual([]);
    await notices.getByRole("button", { name: "Dismiss the notice about Casa Rosa" }).click();
    await notices.waitFor({ state: "detached" });
  });
});
