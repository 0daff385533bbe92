import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import superjson from "superjson";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { atPath, horizontalOverflow, screenshot, uncaughtErrors, visible, WIDTHS } from "./support/browser.js";
import { type E2EHarness, startHarness } from "./support/harness.js";

/** Spec §2 "Invite page" and §4 "Invite flow": every state of /:orgSlug/invite and /invite. */

let harness: E2EHarness;
const pages: Page[] = [];

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});
afterEach(async () => {
  const errors = pages.flatMap((page) => uncaughtErrors(page));
  for (const page of pages.splice(0)) await page.context().close();
  expect(errors).toEqual([]);
});

async function open(width: number): Promise<Page> {
  const page = await harness.newPage({ width });
  pages.push(page);
  return page;
}

async function look(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  expect(await horizontalOverflow(page), `${name} scrolls sideways`).toBeLessThanOrEqual(0);
}

async function api<T>(page: Page, method: "GET" | "POST", path: string, data?: unknown): Promise<T> {
  const response =
    method === "GET" ? await page.request.get(`/_api${path}`) : await page.request.post(`/_api${path}`, { data });
  const text = await response.text();
  expect(response.status(), `${method} ${path}: ${text}`).toBe(200);
  return superjson.deserialize<T>(JSON.parse(text));
}

interface Person {
  name: string;
  email: string;
  password: string;
}

function newPerson(kind: string): Person {
  const id = randomBytes(4).toString("hex");
  return { name: `${kind} ${id}`, email: `${kind.toLowerCase()}.${id}@example.com`, password: `${kind}-${id}-pw` };
}

async function register(page: Page, person: Person): Promise<void> {
  await api(page, "POST", "/auth/register", person);
}

async function createOrganization(page: Page): Promise<{ slug: string; name: string }> {
  const id = randomBytes(4).toString("hex");
  return api(page, "POST", "/orgs/create", { name: `Bistro ${id}`, slug: `bistro-${id}` });
}

/** An admin with an organization, signed in in `page`. */
async function adminWithOrganization(page: Page) {
  const admin = newPerson("Admin");
  await register(page, admin);
  return { admin, org: await createOrganization(page) };
}

/** The path and query of a new invitation for `email` (the link's origin is this server's). */
async function invite(adminPage: Page, email: string, role = "user"): Promise<string> {
  const { inviteLink } = await api<{ inviteLink: string }>(adminPage, "POST", "/team/invite", {
    name: "Invited Person",
    email,
    role,
    tagIds: [],
  });
  const url = new URL(inviteLink);
  return `${url.pathname}${url.search}`;
}

describe.each(WIDTHS)("invite page at %i px", (width) => {
  it("shows 'Invitation Error' without a token, and for a token the server does not know", async () => {
    const page = await open(width);
    await page.goto("/invite");
    await visible(page.getByRole("heading", { name: "Invitation Error" }));
    await visible(page.getByText("This invitation link is invalid or missing a token."));
    await look(page, "invite-no-token");

    await page.goto(`/invite?token=nowhere.${"x".repeat(43)}`);
    await visible(page.getByRole("heading", { name: "Invitation Error" }));
    await visible(page.getByText("This invitation link is invalid or has already been used."));
    // No retry: nothing offers to load it again.
    expect(await page.getByRole("button", { name: /retry|try again/i }).count()).toBe(0);
    await look(page, "invite-bad-token");
  });

  it("sends a token of another organization to the generic /invite page", async () => {
    const adminPage = await open(width);
    const { org } = await adminWithOrganization(adminPage);
    const link = await invite(adminPage, newPerson("Guest").email);
    const token = new URL(link, harness.baseUrl).searchParams.get("token") ?? "";

    const page = await open(width);
    await page.goto(`/some-other-org/invite?token=${encodeURIComponent(token)}`);
    await atPath(page, "/invite");
    expect(new URL(page.url()).searchParams.get("token")).toBe(token);
    await visible(page.getByRole("heading", { name: "You're Invited" }));
    await visible(page.getByText(org.name));
  });

  it("an existing account joins with 'Login & Join'", async () => {
    const adminPage = await open(width);
    const { admin, org } = await adminWithOrganization(adminPage);
    const member = newPerson("Existing");
    const page = await open(width);
    await register(page, member);
    await page.context().clearCookies();
    const link = await invite(adminPage, member.email, "teacher");

    await page.goto(link);
    await visible(page.getByRole("heading", { name: "You're Invited" }));
    await visible(page.getByText(admin.name));
    const email = page.getByLabel("Email", { exact: true });
    expect(await email.inputValue()).toBe(member.email);
    expect(await email.getAttribute("readonly")).not.toBeNull();
    expect(await page.getByLabel("Name", { exact: true }).count()).toBe(0);
    await look(page, "invite-login");
    await page.getByLabel("Password", { exact: true }).fill(member.password);
    await page.getByRole("button", { name: "Login & Join" }).click();

    await atPath(page, `/${org.slug}/dashboard`);
    await visible(page.getByText("Successfully joined the organization!"));
    const me = await api<{ currentOrganization: { slug: string; role: string } | null }>(page, "GET", "/auth/me");
    expect(me.currentOrganization).toMatchObject({ slug: org.slug, role: "teacher" });
  });

  it("a signed-in invitee without an organization sees 'Welcome back' and accepts", async () => {
    const adminPage = await open(width);
    const { org } = await adminWithOrganization(adminPage);
    const member = newPerson("Returning");
    const page = await open(width);
    await register(page, member);
    const link = await invite(adminPage, member.email.toUpperCase());

    await page.goto(link);
    await visible(page.getByText(`Welcome back, ${member.name}!`));
    await look(page, "invite-welcome-back");
    await page.getByRole("button", { name: "Accept Invitation" }).click();
    await atPath(page, `/${org.slug}/dashboard`);
    await visible(page.getByText("Successfully joined the organization!"));
  });

  it("another signed-in account sees 'Account Mismatch', logs out and stays on the invitation", async () => {
    const adminPage = await open(width);
    const { admin } = await adminWithOrganization(adminPage);
    const guest = newPerson("Guest");
    const link = await invite(adminPage, guest.email);

    // The admin opens the link meant for someone else.
    await adminPage.goto(link);
    await visible(adminPage.getByRole("heading", { name: "Account Mismatch" }));
    const text = await adminPage.getByText(/This invitation is for/).innerText();
    expect(text).toContain(guest.email);
    expect(text).toContain(admin.email);
    await look(adminPage, "invite-mismatch");

    await adminPage.getByRole("button", { name: "Log Out & Switch Account" }).click();
    await visible(adminPage.getByRole("button", { name: "Create Account & Join" }));
    const url = new URL(adminPage.url());
    expect(`${url.pathname}${url.search}`).toBe(link);
    expect((await adminPage.request.get("/_api/auth/me")).status()).toBe(401);
  });

  it("a matching account that already belongs to an organization cannot accept", async () => {
    const adminPage = await open(width);
    await adminWithOrganization(adminPage);
    const member = newPerson("Busy");
    const page = await open(width);
    await register(page, member);
    await createOrganization(page);
    const link = await invite(adminPage, member.email);

    await page.goto(link);
    await visible(page.getByText("You are already part of an organization. You cannot accept another invitation."));
    expect(await page.getByRole("button", { name: "Accept Invitation" }).count()).toBe(0);
    await look(page, "invite-already-member");
  });
});

describe("invite flow edge cases", () => {
  it("a login on the invite page by an account already in an organization clears the auto-accept", async () => {
    const adminPage = await open(1280);
    const { org } = await adminWithOrganization(adminPage);
    const member = newPerson("Settled");
    const page = await open(1280);
    await register(page, member);
    const own = await createOrganization(page);
    await page.context().clearCookies();
    const link = await invite(adminPage, member.email);

    await page.goto(link);
    await page.getByLabel("Password", { exact: true }).fill(member.password);
    await page.getByRole("button", { name: "Login & Join" }).click();
    await visible(page.getByText("You are already part of an organization. You cannot accept another invitation."));
    // Still on the invitation, and not a member of the inviting organization.
    expect(new URL(page.url()).pathname).toBe(`/${org.slug}/invite`);
    const orgs = await api<{ slug: string }[]>(page, "GET", "/orgs/list");
    expect(orgs.map((o) => o.slug)).toEqual([own.slug]);
  });

  it("a used link shows the server's message", async () => {
    const adminPage = await open(375);
    await adminWithOrganization(adminPage);
    const member = newPerson("Once");
    const page = await open(375);
    await register(page, member);
    const link = await invite(adminPage, member.email);
    const token = new URL(link, harness.baseUrl).searchParams.get("token");
    await api(page, "POST", "/team/accept-invite", { token });

    await page.goto(link);
    await visible(page.getByRole("heading", { name: "Invitation Error" }));
    await visible(page.getByText("This invitation link is invalid or has already been used."));
  });
});
