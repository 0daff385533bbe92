import { describe, expect, it } from "vitest";
import {
  acceptInviteViaApi,
  adminWithOrg,
  apiGet,
  createOrgViaApi,
  inviteViaApi,
  newPerson,
  registerViaApi,
  tokenOf,
} from "./support/api-setup.js";
import { atPath, visible, WIDTHS } from "./support/browser.js";
import { look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/** docs/SPEC.md §2 "Invite page" and §4 "Invite flow": every state of /:orgSlug/invite and /invite. */

const session = harnessSession();

describe.each(WIDTHS)("invite page at %i px", (width) => {
  it("shows 'Invitation Error' without a token, and for a token the server does not know", async () => {
    const page = await session.open(width);
    await page.goto("/invite");
    await visible(page.getByRole("heading", { name: "Invitation Error" }));
    await visible(page.getByText("This invitation link is invalid or missing a token."));
    await look(page, "invite-no-token");

    await page.goto(`/invite?token=nowhere.${"x".repeat(43)}`);
    await visible(page.getByRole("heading", { name: "Invitation Error" }));
    await visible(
      page.getByText(
        "This invitation link no longer works: it was already used, withdrawn or replaced by a newer link. Ask your manager for a new link.",
      ),
    );
    // No retry: nothing offers to load it again.
    expect(await page.getByRole("button", { name: /retry|try again/i }).count()).toBe(0);
    await look(page, "invite-bad-token");
  });

  it("sends a token of another organization to the generic /invite page", async () => {
    const adminPage = await session.open(width);
    const { org } = await adminWithOrg(adminPage);
    const link = await inviteViaApi(adminPage, newPerson("Guest"));
    const token = tokenOf(link);

    const page = await session.open(width);
    await page.goto(`/some-other-org/invite?token=${encodeURIComponent(token)}`);
    await atPath(page, "/invite");
    expect(new URL(page.url()).searchParams.get("token")).toBe(token);
    await visible(page.getByRole("heading", { name: "You're Invited" }));
    await visible(page.getByText(org.name));
  });

  it("an existing account joins with 'Login & Join'", async () => {
    const adminPage = await session.open(width);
    const { admin, org } = await adminWithOrg(adminPage);
    const member = newPerson("Existing");
    const page = await session.open(width);
    await registerViaApi(page, member);
    await page.context().clearCookies();
    const link = await inviteViaApi(adminPage, member, { role: "teacher" });

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
    const me = await apiGet<{ currentOrganization: { slug: string; role: string } | null }>(page, "/_api/auth/me");
    expect(me.currentOrganization).toMatchObject({ slug: org.slug, role: "teacher" });
  });

  it("a signed-in invitee without an organization sees 'Welcome back' and accepts", async () => {
    const adminPage = await session.open(width);
    const { org } = await adminWithOrg(adminPage);
    const member = newPerson("Returning");
    const page = await session.open(width);
    await registerViaApi(page, member);
    const link = await inviteViaApi(adminPage, { ...member, email: member.email.toUpperCase() });

    await page.goto(link);
    await visible(page.getByText(`Welcome back, ${member.name}!`));
    await look(page, "invite-welcome-back");
    await page.getByRole("button", { name: "Accept Invitation" }).click();
    await atPath(page, `/${org.slug}/dashboard`);
    await visible(page.getByText("Successfully joined the organization!"));
  });

  it("another signed-in account sees 'Account Mismatch', logs out and stays on the invitation", async () => {
    const adminPage = await session.open(width);
    const { admin } = await adminWithOrg(adminPage);
    const guest = newPerson("Guest");
    const link = await inviteViaApi(adminPage, guest);

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
    const adminPage = await session.open(width);
    await adminWithOrg(adminPage);
    const member = newPerson("Busy");
    const page = await session.open(width);
    await registerViaApi(page, member);
    await createOrgViaApi(page);
    const link = await inviteViaApi(adminPage, member);

    await page.goto(link);
    await visible(page.getByText("You are already part of an organization. You cannot accept another invitation."));
    expect(await page.getByRole("button", { name: "Accept Invitation" }).count()).toBe(0);
    await look(page, "invite-already-member");
  });
});

describe("invite flow edge cases", () => {
  it("a login on the invite page by an account already in an organization clears the auto-accept", async () => {
    const adminPage = await session.open(1280);
    const { org } = await adminWithOrg(adminPage);
    const member = newPerson("Settled");
    const page = await session.open(1280);
    await registerViaApi(page, member);
    const own = await createOrgViaApi(page);
    await page.context().clearCookies();
    const link = await inviteViaApi(adminPage, member);

    await page.goto(link);
    await page.getByLabel("Password", { exact: true }).fill(member.password);
    await page.getByRole("button", { name: "Login & Join" }).click();
    await visible(page.getByText("You are already part of an organization. You cannot accept another invitation."));
    // Still on the invitation, and not a member of the inviting organization.
    expect(new URL(page.url()).pathname).toBe(`/${org.slug}/invite`);
    const orgs = await apiGet<{ slug: string }[]>(page, "/_api/orgs/list");
    expect(orgs.map((o) => o.slug)).toEqual([own.slug]);
  });

  it("'Create Account & Join' registers through the invitation, so the address's limit does not apply", async () => {
    const adminPage = await session.open(1280);
    const { org } = await adminWithOrg(adminPage);
    const newcomer = newPerson("Newcomer");
    const link = await inviteViaApi(adminPage, newcomer);

    const page = await session.open(1280);
    await page.goto(link);
    await page.getByLabel("Name", { exact: true }).fill(newcomer.name);
    await page.getByLabel("Password", { exact: true }).fill(newcomer.password);
    // Decision 0265: the registration names the invitation it comes through.
    const registration = page.waitForRequest((request) => request.url().includes("auth.register"));
    await page.getByRole("button", { name: "Create Account & Join" }).click();
    expect((await registration).postData()).toContain(tokenOf(link));
    await atPath(page, `/${org.slug}/dashboard`);
    await visible(page.getByText("Successfully joined the organization!"));
  });

  it("a used link shows the server's message", async () => {
    const adminPage = await session.open(375);
    await adminWithOrg(adminPage);
    const member = newPerson("Once");
    const page = await session.open(375);
    await registerViaApi(page, member);
    const link = await inviteViaApi(adminPage, member);
    await acceptInviteViaApi(page, link);

    await page.goto(link);
    await visible(page.getByRole("heading", { name: "Invitation Error" }));
    await visible(
      page.getByText(
        "This invitation link no longer works: it was already used, withdrawn or replaced by a newer link. Ask your manager for a new link.",
      ),
    );
  });
});
