import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "#shared/roles.js";
import { atPath, horizontalOverflow, screenshot, uncaughtErrors, visible } from "./support/browser.js";
import { type E2EHarness, startHarness } from "./support/harness.js";

/**
 * docs/SPEC.md §2 protected-route behaviour for /:orgSlug/… pages, docs/SPEC.md §4 navigation after login, and the
 * role rules of §6 (navigation, settings permission) in the browser. Desktop width: these are rules,
 * not layouts (orgs.e2e.test.ts looks at both widths); one page is also looked at on a phone.
 */

interface Org {
  id: number;
  name: string;
  slug: string;
}

interface Person {
  name: string;
  email: string;
  password: string;
}

const WIDTH = 1280;
let harness: E2EHarness;
const pages: Page[] = [];

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});
afterEach(async () => {
  const errors = pages.flatMap((opened) => uncaughtErrors(opened));
  await Promise.all(pages.map((opened) => opened.context().close()));
  pages.length = 0;
  expect(errors).toEqual([]);
});

const uid = () => randomBytes(3).toString("hex");

async function open(width = WIDTH): Promise<Page> {
  const opened = await harness.newPage({ width });
  pages.push(opened);
  return opened;
}

/** A documented REST call; bodies come back superjson-encoded ({ json: … }). */
async function call<T>(api: APIRequestContext, method: "GET" | "POST", path: string, data?: object): Promise<T> {
  const response = method === "GET" ? await api.get(path) : await api.post(path, { data: data ?? {} });
  const text = await response.text();
  expect(response.status(), `${method} ${path}: ${text}`).toBe(200);
  return (JSON.parse(text) as { json: T }).json;
}

async function signUp(target: Page): Promise<Person> {
  const id = uid();
  const person = { name: `Guard ${id}`, email: `guard.${id}@example.com`, password: `guard-${id}-password` };
  await call(target.request, "POST", "/_api/auth/register", person);
  return person;
}

function createOrg(api: APIRequestContext, label: string): Promise<Org> {
  const id = uid();
  return call<Org>(api, "POST", "/_api/orgs/create", { name: `${label} ${id}`, slug: `${label.toLowerCase()}-${id}` });
}

/** The admin in `admin`'s page invites a new person with `role`, who signs up and joins in their own page. */
async function joinAs(admin: Page, role: Role): Promise<Page> {
  const member = await open();
  const person = await signUp(member);
  const { inviteLink } = await call<{ inviteLink: string }>(admin.request, "POST", "/_api/team/invite", {
    name: person.name,
    email: person.email,
    role,
    tagIds: [],
  });
  const token = new URL(inviteLink).searchParams.get("token");
  await call(member.request, "POST", "/_api/team/accept-invite", { token });
  return member;
}

async function currentSlug(target: Page): Promise<string | undefined> {
  const me = await call<{ currentOrganization: Org | null }>(target.request, "GET", "/_api/auth/me");
  return me.currentOrganization?.slug;
}

describe("protected organization routes", () => {
  it("sends a visitor to /login with the path and query in `next`, and back after signing in", async () => {
    const owner = await open();
    const person = await signUp(owner);
    const org = await createOrg(owner.request, "Login");
    await owner.context().clearCookies();

    await owner.goto(`/${org.slug}/settings?tab=profile`);
    await atPath(owner, "/login");
    expect(new URL(owner.url()).searchParams.get("next")).toBe(`/${org.slug}/settings?tab=profile`);
    expect(owner.url()).toContain(`next=${encodeURIComponent(`/${org.slug}/settings?tab=profile`)}`);

    await owner.getByLabel("Email", { exact: true }).fill(person.email);
    await owner.getByLabel("Password", { exact: true }).fill(person.password);
    await owner.getByRole("button", { name: "Log In", exact: true }).click();
    await atPath(owner, `/${org.slug}/settings`, "?tab=profile");
    await visible(owner.getByRole("heading", { name: "Settings" }));
  });

  it("replaces a placeholder slug with the current organization's, keeping the path and query", async () => {
    const page = await open();
    await signUp(page);
    // Without an organization a placeholder leads to /select-org, which sends them on to /setup-org.
    await page.goto("/orgSlug/dashboard");
    await atPath(page, "/setup-org");

    const org = await createOrg(page.request, "Placeholder");
    for (const placeholder of ["orgSlug", "slug", "org", "organization", ":orgSlug"]) {
      await page.goto(`/${placeholder}/settings?tab=stats`);
      await atPath(page, `/${org.slug}/settings`, "?tab=stats");
    }
    await visible(page.getByRole("heading", { name: "Settings" }));
    // A slug in another case is the same organization, at its one canonical address.
    await page.goto(`/${org.slug.toUpperCase()}/dashboard`);
    await atPath(page, `/${org.slug}/dashboard`);
  });

  it("refuses an invalid organization identifier with a notice and /select-org", async () => {
    const page = await open();
    await signUp(page);
    await createOrg(page.request, "Valid");
    await createOrg(page.request, "Other");
    for (const invalid of ["-leading", "trailing-", "under_score"]) {
      await page.goto(`/${invalid}/dashboard`);
      await atPath(page, "/select-org");
      await visible(page.getByText("Invalid organization identifier."));
      await visible(page.getByRole("heading", { name: "Select Organization" }));
    }
  });

  it("opens another organization of the user's by URL, in this tab only: the session stays", async () => {
    const page = await open();
    await signUp(page);
    const first = await createOrg(page.request, "Mine");
    const second = await createOrg(page.request, "Also");
    expect(await currentSlug(page)).toBe(second.slug);

    await page.goto(`/${first.slug}/settings`);
    await visible(page.getByRole("heading", { name: "Settings" }));
    expect(new URL(page.url()).pathname).toBe(`/${first.slug}/settings`);
    // The tab's organization context is the URL's; the session's current one is what was chosen last.
    await visible(page.getByRole("banner").getByText(`Current organization: ${first.name}`, { exact: true }));
    await visible(page.getByLabel("Organization Name"));
    expect(await page.getByLabel("Organization Name").inputValue()).toBe(first.name);
    expect(await currentSlug(page)).toBe(second.slug);
  });

  it("keeps the URL's organization when another tab switches the session elsewhere", async () => {
    const page = await open();
    await signUp(page);
    const first = await createOrg(page.request, "Here");
    const second = await createOrg(page.request, "There");
    // The page's clock, so that the cached user can grow stale (5 minutes) without waiting for it.
    await page.clock.install();
    await page.goto(`/${second.slug}/dashboard`);
    await visible(page.getByRole("heading", { name: `Welcome to ${second.name}` }));

    // Another tab (same cookies) switches to the first organization; this tab learns it when it comes
    // back into focus with a stale user, and stays where it is without switching back.
    await call(page.request, "POST", "/_api/orgs/switch", { orgId: first.id });
    await page.clock.fastForward("06:00");
    const userRefetched = page.waitForResponse((response) => response.url().includes("auth.me"));
    await page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));
    await userRefetched;
    expect(new URL(page.url()).pathname).toBe(`/${second.slug}/dashboard`);
    await visible(page.getByRole("heading", { name: `Welcome to ${second.name}` }));
    await visible(page.getByRole("banner").getByText(`Current organization: ${second.name}`, { exact: true }));
    expect(await currentSlug(page)).toBe(first.slug);
  });

  it("sends a non-member away: to their current dashboard, or to /select-org without one", async () => {
    const stranger = await open();
    await signUp(stranger);
    const theirs = await createOrg(stranger.request, "Theirs");

    const page = await open();
    await signUp(page);
    const mine = await createOrg(page.request, "Mine");

    for (const slug of [theirs.slug, `no-such-org-${uid()}`]) {
      await page.goto(`/${slug}/dashboard`);
      await atPath(page, `/${mine.slug}/dashboard`);
      await visible(page.getByText("You don't have access to this organization."));
    }
    // Nothing changed for either organization.
    expect(await currentSlug(page)).toBe(mine.slug);
    expect(await currentSlug(stranger)).toBe(theirs.slug);

    const newcomer = await open();
    await signUp(newcomer);
    await newcomer.goto(`/${theirs.slug}/dashboard`);
    await atPath(newcomer, "/setup-org");
  });

  it("shows a spinner while the organization loads", async () => {
    const page = await open(375);
    await signUp(page);
    const org = await createOrg(page.request, "Slow");
    // Hold the organizations list back until we have looked at the guard waiting for it.
    let release = () => {};
    const looked = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname.includes("orgs.list"),
      async (route) => {
        await looked;
        await route.continue();
      },
    );
    await page.goto(`/${org.slug}/dashboard`);
    await visible(page.getByText("Loading organization"), 5_000);
    await screenshot(page, "orgs-guard-loading");
    release();
    await visible(page.getByRole("heading", { name: `Welcome to ${org.name}` }));
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});

describe("landing page after login (docs/SPEC.md §4)", () => {
  async function logIn(page: Page, person: Person): Promise<void> {
    await page.context().clearCookies();
    await page.goto("/login");
    await page.getByLabel("Email", { exact: true }).fill(person.email);
    await page.getByLabel("Password", { exact: true }).fill(person.password);
    await page.getByRole("button", { name: "Log In", exact: true }).click();
  }

  it("goes to /setup-org with none, the dashboard with one, /select-org with several", async () => {
    const page = await open();
    const person = await signUp(page);
    await logIn(page, person);
    await atPath(page, "/setup-org");

    const only = await createOrg(page.request, "Only");
    await logIn(page, person);
    await atPath(page, `/${only.slug}/dashboard`);

    await createOrg(page.request, "Second");
    await logIn(page, person);
    await atPath(page, "/select-org");
  });
});

describe("roles in the organization pages (docs/SPEC.md §6)", () => {
  it("shows Team, Tags and Settings by role and sends those without the permission away from settings", async () => {
    const admin = await open();
    await signUp(admin);
    const org = await createOrg(admin.request, "Roles");
    await admin.goto(`/${org.slug}/dashboard`);
    const nav = admin.getByRole("navigation", { name: "Main" });
    for (const label of ["Dashboard", "Team", "Tags", "Settings", "Courses", "Account"]) {
      await visible(nav.getByRole("link", { name: label, exact: true }));
    }

    const manager = await joinAs(admin, "manager");
    await manager.goto(`/${org.slug}/settings`);
    await visible(manager.getByRole("heading", { name: "Settings" }));
    await visible(manager.getByText("Total Members", { exact: true }));
    expect(await manager.getByLabel("Organization Name").getAttribute("readonly")).not.toBeNull();
    expect(await manager.getByRole("button", { name: "Delete Organization" }).count()).toBe(0);
    expect(await manager.getByRole("button", { name: "Save Changes" }).count()).toBe(0);
    const managerNav = manager.getByRole("navigation", { name: "Main" });
    await visible(managerNav.getByRole("link", { name: "Settings", exact: true }));
    expect(await managerNav.getByRole("link", { name: "Team", exact: true }).count()).toBe(0);
    // The Getting Started card shows a manager the state of each step, but no action only an admin can take.
    await manager.goto(`/${org.slug}/dashboard`);
    await visible(manager.getByText("An admin sets these up."));
    expect(await manager.getByRole("link", { name: /Set up tags/ }).count()).toBe(0);

    const learner = await joinAs(admin, "learner");
    await learner.goto(`/${org.slug}/settings`);
    await atPath(learner, `/${org.slug}/dashboard`);
    await visible(learner.getByRole("heading", { name: `Welcome to ${org.name}` }));
    const learnerNav = learner.getByRole("navigation", { name: "Main" });
    await visible(learnerNav.getByRole("link", { name: "Courses", exact: true }));
    for (const hidden of ["Team", "Tags", "Settings"]) {
      expect(await learnerNav.getByRole("link", { name: hidden, exact: true }).count()).toBe(0);
    }
    // A learner gets their own training (decision 0045), not an admin's checklist they cannot act on.
    await visible(learner.getByRole("heading", { name: "My training" }));
    expect(await learner.getByText("Getting Started").count()).toBe(0);
    expect(await learner.getByRole("link", { name: /Set up tags/ }).count()).toBe(0);
  });
});
