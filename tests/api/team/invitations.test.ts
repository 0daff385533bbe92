import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MemberView as MemberRow } from "#server/modules/team/team.presenter.js";
import { TEAM_MESSAGES as M } from "#shared/schemas/team.js";
import { startTestApp, type TestApp } from "../support/app.js";
import type { ApiClient } from "../support/client.js";
import { newCredentials, registerUser } from "../support/fixtures.js";
import {
  createOrg,
  expireInvitations,
  invitationsOf,
  invite,
  type Me,
  me,
  type OrgTeam,
  ok,
  orgWithMembers,
  type Person,
  refusal,
  signUp,
} from "../support/org-fixtures.js";

/**
 * Invitations (docs/SPEC.md §3 invite data, §4 invite flow, §6; docs/DESIGN.md §5 tokens): decode-invite and
 * accept-invite, single use, expiry, malformed tokens, mismatched accounts, and tokens of one
 * organization that must not open another.
 */

const INVALID = { status: 404, error: M.invitationInvalid };
const EXPIRED = { status: 400, error: M.invitationExpired };
const TOKEN_REQUIRED = { status: 400, error: M.tokenRequired };

let app: TestApp;
let team: OrgTeam<"manager">;
let other: OrgTeam;
let ops: { id: number };
let driver: { id: number };

beforeAll(async () => {
  app = await startTestApp();
  [team, other] = await Promise.all([
    orgWithMembers(app, { roles: ["manager"], label: "inv", name: "Invite Co" }),
    orgWithMembers(app, { label: "inv-other" }),
  ]);
  ops = ok(await team.admin.api.post("/_api/tags/create", { name: "Ops", type: "department" }));
  driver = ok(await team.admin.api.post("/_api/tags/create", { name: "Driver", type: "role", parentId: ops.id }));
});
afterAll(async () => {
  await app?.close();
});

const decode = (token: string, api: ApiClient = app.newAgent()) => api.get("/_api/team/decode-invite", { token });
const accept = (api: ApiClient, token: unknown) => api.post("/_api/team/accept-invite", { token });
const members = async (t: OrgTeam) => ok<MemberRow[]>(await t.admin.api.get("/_api/team/members"));
const memberEmails = async (t: OrgTeam) => (await members(t)).map((member) => member.email.toLowerCase());
/** A person not registered yet, and an invitation for them from `team`'s admin. */
async function invited(role: "learner" | "teacher" | "user" = "learner", tagIds: number[] = []) {
  const who = newCredentials("invitee");
  const { token } = await invite(team.admin.api, { name: who.name, email: who.email, role, tagIds });
  return { who, token };
}
async function registered(credentials: ReturnType<typeof newCredentials>): Promise<{ api: ApiClient; me: Me }> {
  const api = app.newAgent();
  await registerUser(api, credentials);
  return { api, me: await me(api) };
}

describe("decode-invite", () => {
  it("tells anyone holding the link who invited whom where; userExists is false for a new address", async () => {
    const { who, token } = await invited("teacher");
    expect(ok(await decode(token))).toEqual({
      email: who.email,
      name: who.name,
      role: "teacher",
      orgName: "Invite Co",
      orgSlug: team.org.slug,
      inviterName: team.admin.name,
      userExists: false,
    });
  });

  it("userExists is true when an account has that e-mail, whatever its case; the inviter may be a manager", async () => {
    const existing = await signUp(app, "existing");
    const email = existing.email.toUpperCase();
    const { token } = await invite(team.members.manager.api, { name: "Existing", email, role: "learner" });
    expect(ok(await decode(token))).toMatchObject({ email, userExists: true, inviterName: team.members.manager.name });
  });

  it("userExists speaks only of the invitation's own address, to the token's holder; no parameter points it elsewhere", async () => {
    const existing = await signUp(app, "probed");
    const { who, token } = await invited();
    const probe = { token, email: existing.email, emailKey: existing.email, userExists: "true" };
    expect(ok(await app.newAgent().get("/_api/team/decode-invite", probe))).toMatchObject({
      email: who.email,
      userExists: false,
    });
    // Once the invitation is used, its token answers nothing, about anyone.
    ok(await accept((await registered(who)).api, token));
    const used = await decode(token);
    expect(refusal(used)).toEqual(INVALID);
    expect(used.text).not.toMatch(/userExists/);
  });

  it("an empty or missing token → 400 'Invitation token is required.'", async () => {
    const anonymous = app.newAgent();
    expect(refusal(await decode("", anonymous))).toEqual(TOKEN_REQUIRED);
    expect(refusal(await decode("   ", anonymous))).toEqual(TOKEN_REQUIRED);
    expect(refusal(await anonymous.get("/_api/team/decode-invite"))).toEqual(TOKEN_REQUIRED);
  });
});

describe("accept-invite", () => {
  it("joins with the invited role and tags, makes the organization current, and uses the token up", async () => {
    const who = newCredentials("joiner");
    const { token } = await invite(team.admin.api, {
      name: who.name,
      email: who.email.toUpperCase(),
      role: "teacher",
      tagIds: [ops.id, driver.id],
    });
    const joiner = await registered(who);
    expect(joiner.me.currentOrganization).toBeNull();

    expect(ok(await accept(joiner.api, token))).toEqual({ organization: team.org });
    expect(await me(joiner.api)).toMatchObject({
      currentOrgId: team.org.id,
      currentOrganization: { ...team.org, role: "teacher" },
    });
    const row = (await members(team)).find((member) => member.id === joiner.me.id);
    expect(row).toMatchObject({ role: "teacher" });
    expect(row?.tags.map((tag) => tag.id).sort((a, b) => a - b)).toEqual([ops.id, driver.id].sort((a, b) => a - b));
    expect(ok(await joiner.api.get("/_api/orgs/list"))).toEqual([
      { ...team.org, role: "teacher", createdAt: expect.any(Date), memberCount: expect.any(Number) },
    ]);

    // Single use: the link is dead for reading and for joining.
    expect(refusal(await accept(joiner.api, token))).toEqual(INVALID);
    expect(refusal(await decode(token))).toEqual(INVALID);
    const stored = (await invitationsOf(app, team.org.id)).find((inv) => inv.emailKey === who.email.toLowerCase());
    expect(stored?.acceptedAt).toBeInstanceOf(Date);
  });

  it("one token accepted twice at the same moment joins once; the other call hears it was used", async () => {
    const { who, token } = await invited("teacher");
    const joiner = await registered(who);
    const results = await Promise.all([accept(joiner.api, token), accept(joiner.api, token)]);
    const outcomes = results.map((response) => (response.status === 200 ? "joined" : refusal(response)));
    expect(outcomes).toHaveLength(2);
    expect(outcomes).toEqual(expect.arrayContaining(["joined", INVALID]));
    expect((await members(team)).filter((member) => member.id === joiner.me.id)).toHaveLength(1);
  });

  it("stores only the SHA-256 of the token's secret", async () => {
    const { who, token } = await invited();
    const secret = token.slice(token.indexOf(".") + 1);
    const stored = (await invitationsOf(app, team.org.id)).find((inv) => inv.email === who.email);
    expect(stored?.secretHash).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(app.transcript.bodies.some((body) => stored !== undefined && body.includes(stored.secretHash))).toBe(false);
  });

  it("re-inviting the same e-mail replaces the open invitation: the earlier link stops working", async () => {
    const { who, token: first } = await invited("learner");
    const { token: second } = await invite(team.admin.api, { name: who.name, email: who.email, role: "teacher" });
    expect(second).not.toBe(first);
    expect(refusal(await decode(first))).toEqual(INVALID);
    const open = (await invitationsOf(app, team.org.id)).filter((inv) => inv.email === who.email);
    expect(open).toHaveLength(1);

    const joiner = await registered(who);
    expect(refusal(await accept(joiner.api, first))).toEqual(INVALID);
    expect((await me(joiner.api)).currentOrganization).toBeNull();
    ok(await accept(joiner.api, second));
    expect((await me(joiner.api)).currentOrganization?.role).toBe("teacher");
  });

  it("an expired invitation is refused with its own message, for reading and for joining", async () => {
    const { who, token } = await invited();
    await expireInvitations(app, team.org.id, who.email);
    expect(refusal(await decode(token))).toEqual(EXPIRED);
    const late = await registered(who);
    expect(refusal(await accept(late.api, token))).toEqual(EXPIRED);
    expect(await me(late.api)).toEqual(late.me);
    expect(await memberEmails(team)).not.toContain(who.email.toLowerCase());
  });

  it("unknown and malformed tokens are refused alike; the real one still works afterwards", async () => {
    const { who, token } = await invited();
    const secret = token.slice(token.indexOf(".") + 1);
    const joiner = await registered(who);
    const bad = [
      "abc",
      ".",
      `${team.org.slug}.`,
      `.${secret}`,
      `${team.org.slug}.short`,
      `${team.org.slug}.${"A".repeat(43)}`,
      `${other.org.slug}.${secret}`,
      `no-such-org.${secret}`,
      `${team.org.slug}.${secret}x`,
    ];
    for (const each of bad) {
      expect(refusal(await decode(each)), each).toEqual(INVALID);
      expect(refusal(await accept(joiner.api, each)), each).toEqual(INVALID);
    }
    for (const empty of ["", "   ", undefined, null]) {
      expect(refusal(await accept(joiner.api, empty)), String(empty)).toEqual(TOKEN_REQUIRED);
    }
    expect(await me(joiner.api)).toEqual(joiner.me);
    expect(ok(await decode(token))).toMatchObject({ email: who.email });
    ok(await accept(joiner.api, token));
  });

  it("a token of one organization cannot join another, even with the other's slug in front", async () => {
    const { who, token } = await invited();
    const secret = token.slice(token.indexOf(".") + 1);
    const otherBefore = await members(other);
    const joiner = await registered(who);
    expect(refusal(await accept(joiner.api, `${other.org.slug}.${secret}`))).toEqual(INVALID);
    expect(await members(other)).toEqual(otherBefore);
    expect(ok(await joiner.api.get("/_api/orgs/list"))).toEqual([]);
  });

  it("inviting the same e-mail in another organization leaves this organization's invitation open", async () => {
    const { who, token } = await invited();
    ok(await other.admin.api.post("/_api/team/invite", { name: who.name, email: who.email }));
    expect(ok(await decode(token))).toMatchObject({ orgName: "Invite Co", email: who.email });
  });

  it("signed in with another e-mail → 403 mismatch; nothing changes and the invitee can still accept", async () => {
    const { who, token } = await invited();
    const wrong = await registered(newCredentials("wrong"));
    expect(refusal(await accept(wrong.api, token))).toEqual({ status: 403, error: M.invitationMismatch });
    expect(await me(wrong.api)).toEqual(wrong.me);
    expect(await memberEmails(team)).not.toContain(wrong.me.email);
    const right = await registered(who);
    ok(await accept(right.api, token));
    expect(await memberEmails(team)).toContain(who.email);
  });

  it("someone already in an organization cannot accept another invitation (409), and stays where they are", async () => {
    const { who, token } = await invited();
    const busy = await registered(who);
    const own = await createOrg({ ...who, api: busy.api, id: busy.me.id });
    const before = await me(busy.api);
    expect(refusal(await accept(busy.api, token))).toEqual({ status: 409, error: M.alreadyInOrganization });
    expect(await me(busy.api)).toEqual(before);
    expect(before.currentOrganization).toEqual({ ...own, role: "admin" });
    expect(await memberEmails(team)).not.toContain(who.email);
    // The invitation was not used up by the refusal.
    expect(ok(await decode(token))).toMatchObject({ email: who.email, userExists: true });

    const outsider: Person = other.admin;
    const { token: forOutsider } = await invite(team.admin.api, { name: "Outsider", email: outsider.email });
    expect(refusal(await accept(outsider.api, forOutsider))).toEqual({ status: 409, error: M.alreadyInOrganization });
  });

  it("needs a session (401): the token alone joins nobody", async () => {
    const { who, token } = await invited();
    expect((await accept(app.newAgent(), token)).status).toBe(401);
    expect(ok(await decode(token))).toMatchObject({ email: who.email });
  });

  it("a tag deleted before acceptance is simply not given; the rest are", async () => {
    const temp = ok<{ id: number }>(
      await team.admin.api.post("/_api/tags/create", { name: "Temp", type: "department" }),
    );
    const { who, token } = await invited("user", [temp.id, ops.id]);
    ok(await team.admin.api.post("/_api/tags/delete", { id: temp.id }));
    const joiner = await registered(who);
    ok(await accept(joiner.api, token));
    const row = (await members(team)).find((member) => member.id === joiner.me.id);
    expect(row).toMatchObject({ role: "user", tags: [expect.objectContaining({ id: ops.id })] });
    expect(row?.tags).toHaveLength(1);
  });
});
