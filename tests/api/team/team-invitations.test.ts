import { describe, expect, it } from "vitest";
import type { PendingInvitationView } from "#server/modules/team/invitations.presenter.js";
import { TEAM_MESSAGES } from "#shared/schemas/team.js";
import { BULK_INVITE_MAX, TEAM_ADMIN_MESSAGES as M } from "#shared/schemas/team-admin.js";
import { departmentWithRoles } from "../../support/people.js";
import type { ApiClient } from "../support/client.js";
import { newCredentials, registerUser } from "../support/fixtures.js";
import {
  expireInvitations,
  invite,
  joinOrg,
  ok,
  orgWithMembers,
  refusal,
  rowsOfOrganization,
  tokenOf,
} from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/**
 * Pending invitations (team/invitations, resend-invite, revoke-invite) and team/invite-many.
 * Resending and revoking end the old link; a manager never acts on an admin's invitation; another
 * organization's invitation is "not found" and nothing changes.
 */

const app = suiteApp();
const world = suiteFixture(async () => {
  const team = await orgWithMembers(app, { roles: ["manager", "teacher", "learner"], label: "pending" });
  const other = await orgWithMembers(app, { label: "pending-other" });
  const ops = await departmentWithRoles(team.admin.api, { name: "Ops" }, ["Driver"]);
  return { team, other, ops };
});

const INVALID_LINK = { status: 404, error: TEAM_MESSAGES.invitationInvalid };
const NOT_FOUND = { status: 404, error: M.invitationNotFound };

const pending = async (api: ApiClient) => ok<PendingInvitationView[]>(await api.get("/_api/team/invitations"));
const decode = (token: string) => app.newAgent().get("/_api/team/decode-invite", { token });

/** A new person invited by `by` (the admin by default), not registered yet. */
async function invited(role: "learner" | "admin" | "user" = "learner", by?: ApiClient) {
  const who = newCredentials("pending");
  const { token } = await invite(by ?? world.team.admin.api, { name: who.name, email: who.email, role });
  const invitation = (await pending(world.team.admin.api)).find((row) => row.email === who.email);
  if (!invitation) throw new Error(`no pending invitation for ${who.email}`);
  return { who, token, invitation };
}

/** `who` registers and accepts `token`. */
async function registerAndAccept(who: ReturnType<typeof newCredentials>, token: string) {
  const api = app.newAgent();
  await registerUser(api, who);
  return api.post("/_api/team/accept-invite", { token });
}

describe("team/invitations", () => {
  it("lists each open invitation with its name, e-mail, role, tags, inviter and expiry, newest first", async () => {
    const { team, ops } = world;
    const who = newCredentials("listed");
    await invite(team.admin.api, { name: who.name, email: who.email, role: "learner", tagIds: [ops.id] });
    const [first] = await pending(team.admin.api);
    expect(first).toMatchObject({
      name: who.name,
      email: who.email,
      role: "learner",
      tags: [{ id: ops.id, name: "Ops" }],
      invitedBy: team.admin.name,
      expired: false,
    });
    const days = ((first?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    expect(JSON.stringify(first)).not.toMatch(/secret|hash|token/i);
  });

  it("marks an expired invitation, and drops one once it is accepted", async () => {
    const { team } = world;
    const expiring = await invited();
    await expireInvitations(app, team.org.id, expiring.who.email);
    const rows = await pending(team.admin.api);
    expect(rows.find((row) => row.id === expiring.invitation.id)?.expired).toBe(true);

    const accepted = await invited();
    ok(await registerAndAccept(accepted.who, accepted.token));
    expect((await pending(team.admin.api)).map((row) => row.id)).not.toContain(accepted.invitation.id);
  });

  it("is for admins and managers: a teacher and a learner are refused", async () => {
    const { team } = world;
    expect(await pending(team.members.manager.api)).not.toHaveLength(0);
    for (const person of [team.members.teacher, team.members.learner]) {
      expect((await person.api.get("/_api/team/invitations")).status).toBe(403);
    }
  });

  it("shows another organization nothing of ours", async () => {
    const { team, other } = world;
    const ours = await invited();
    const theirs = await pending(other.admin.api);
    expect(theirs.map((row) => row.id)).not.toContain(ours.invitation.id);
    expect(theirs.map((row) => row.email)).not.toContain(ours.who.email);
    expect(await pending(team.admin.api)).not.toHaveLength(0);
  });
});

describe("team/resend-invite", () => {
  it("gives a new link that works and ends the old one", async () => {
    const { team } = world;
    const { who, token, invitation } = await invited();
    const resent = ok<{ invitationId: number; inviteLink: string }>(
      await team.admin.api.post("/_api/team/resend-invite", { invitationId: invitation.id }),
    );
    const fresh = tokenOf(resent.inviteLink);
    expect(fresh).not.toBe(token);
    expect(refusal(await decode(token))).toEqual(INVALID_LINK);
    expect(ok<{ email: string }>(await decode(fresh)).email).toBe(who.email);
    // The old id is gone; the list holds the new one, once.
    const rows = (await pending(team.admin.api)).filter((row) => row.email === who.email);
    expect(rows.map((row) => row.id)).toEqual([resent.invitationId]);
    expect(refusal(await registerAndAccept(who, token))).toEqual(INVALID_LINK);
    ok(await app.newAgent().post("/_api/auth/login", { email: who.email, password: who.password }));
  });

  it("renews an expired invitation for another 7 days", async () => {
    const { team } = world;
    const { who, token, invitation } = await invited();
    await expireInvitations(app, team.org.id, who.email);
    expect((await decode(token)).status).toBe(400);
    const resent = ok<{ inviteLink: string }>(
      await team.admin.api.post("/_api/team/resend-invite", { invitationId: invitation.id }),
    );
    ok(await registerAndAccept(who, tokenOf(resent.inviteLink)));
  });

  it("lets a manager resend a learner's invitation but not an admin's", async () => {
    const { team } = world;
    const manager = team.members.manager.api;
    const learner = await invited("learner");
    ok(await manager.post("/_api/team/resend-invite", { invitationId: learner.invitation.id }));
    const admin = await invited("admin");
    expect(refusal(await manager.post("/_api/team/resend-invite", { invitationId: admin.invitation.id }))).toEqual({
      status: 403,
      error: TEAM_MESSAGES.adminOnly,
    });
    expect(ok<{ email: string }>(await decode(admin.token)).email).toBe(admin.who.email);
  });

  it("refuses an unknown id, a bad id, a teacher, and another organization's admin (who changes nothing)", async () => {
    const { team, other } = world;
    const { who, token, invitation } = await invited();
    const before = await rowsOfOrganization(app, team.org.id);
    expect(refusal(await other.admin.api.post("/_api/team/resend-invite", { invitationId: invitation.id }))).toEqual(
      NOT_FOUND,
    );
    expect(refusal(await team.admin.api.post("/_api/team/resend-invite", { invitationId: 99_999_999 }))).toEqual(
      NOT_FOUND,
    );
    expect(refusal(await team.admin.api.post("/_api/team/resend-invite", { invitationId: "x" }))).toEqual({
      status: 400,
      error: M.invitationIdInvalid,
    });
    expect(
      (await team.members.teacher.api.post("/_api/team/resend-invite", { invitationId: invitation.id })).status,
    ).toBe(403);
    expect(await rowsOfOrganization(app, team.org.id)).toEqual(before);
    expect(ok<{ email: string }>(await decode(token)).email).toBe(who.email);
  });
});

describe("team/revoke-invite", () => {
  it("ends the link at once and takes the invitation off the list", async () => {
    const { team } = world;
    const { who, token, invitation } = await invited();
    ok(await team.admin.api.post("/_api/team/revoke-invite", { invitationId: invitation.id }));
    expect(refusal(await decode(token))).toEqual(INVALID_LINK);
    expect(refusal(await registerAndAccept(who, token))).toEqual(INVALID_LINK);
    expect((await pending(team.admin.api)).map((row) => row.id)).not.toContain(invitation.id);
    expect(refusal(await team.admin.api.post("/_api/team/revoke-invite", { invitationId: invitation.id }))).toEqual(
      NOT_FOUND,
    );
  });

  it("refuses a used invitation: what was accepted stays accepted", async () => {
    const { team } = world;
    const { who, token, invitation } = await invited();
    ok(await registerAndAccept(who, token));
    expect(refusal(await team.admin.api.post("/_api/team/revoke-invite", { invitationId: invitation.id }))).toEqual({
      status: 409,
      error: M.invitationUsed,
    });
  });

  it("refuses a manager on an admin's invitation, a learner, and another organization's admin", async () => {
    const { team, other } = world;
    const admin = await invited("admin");
    const before = await rowsOfOrganization(app, team.org.id);
    expect(
      (await team.members.manager.api.post("/_api/team/revoke-invite", { invitationId: admin.invitation.id })).status,
    ).toBe(403);
    expect(
      (await team.members.learner.api.post("/_api/team/revoke-invite", { invitationId: admin.invitation.id })).status,
    ).toBe(403);
    expect(
      refusal(await other.admin.api.post("/_api/team/revoke-invite", { invitationId: admin.invitation.id })),
    ).toEqual(NOT_FOUND);
    expect(await rowsOfOrganization(app, team.org.id)).toEqual(before);
    expect(ok<{ email: string }>(await decode(admin.token)).email).toBe(admin.who.email);
  });
});

interface InviteManyAnswer {
  invited: { row: number; invitationId: number; name: string; email: string; role: string; inviteLink: string }[];
  rejected: { row: number; name: string; email: string; reason: string }[];
}

describe("team/invite-many", () => {
  it("invites the valid rows and lists the others with the spec's messages", async () => {
    const { team, ops } = world;
    const member = await joinOrg(app, team, "learner", { label: "already" });
    const [a, b, c] = [newCredentials("bulk-a"), newCredentials("bulk-b"), newCredentials("bulk-c")];
    const answer = ok<InviteManyAnswer>(
      await team.admin.api.post("/_api/team/invite-many", {
        rows: [
          { name: a.name, email: a.email, role: "teacher", tags: ["ops", "Driver"] },
          { name: b.name, email: "not-an-address" },
          { name: "", email: c.email },
          { name: b.name, email: b.email },
          { name: "Again", email: b.email.toUpperCase() },
          { name: member.name, email: member.email },
          { name: c.name, email: c.email, tags: ["Nowhere"] },
          { name: c.name, email: c.email, tagIds: [ops.id], role: "boss" },
          "a line that is not a person",
        ],
      }),
    );
    expect(answer.invited.map(({ row, email, role }) => ({ row, email, role }))).toEqual([
      { row: 0, email: a.email, role: "teacher" },
      { row: 3, email: b.email, role: "user" },
    ]);
    expect(answer.rejected.map(({ row, reason }) => ({ row, reason }))).toEqual([
      { row: 1, reason: TEAM_MESSAGES.inviteEmail },
      { row: 2, reason: TEAM_MESSAGES.inviteName },
      { row: 4, reason: M.duplicateInBatch },
      { row: 5, reason: TEAM_MESSAGES.alreadyMember },
      { row: 6, reason: `${M.tagNameUnknown} Nowhere` },
      { row: 7, reason: TEAM_MESSAGES.roleInvalid },
      { row: 8, reason: expect.any(String) },
    ]);
    expect(answer.rejected[0]).toMatchObject({ name: b.name, email: "not-an-address" });
    const rows = await pending(team.admin.api);
    expect(rows.find((row) => row.email === a.email)?.tags.map((tag) => tag.name)).toEqual(["Ops", "Driver"]);
    expect(rows.map((row) => row.email)).not.toContain(c.email);
    // Each link is a working, single-use invitation.
    const [first] = answer.invited;
    ok(await registerAndAccept(a, tokenOf(first?.inviteLink ?? "")));
  });

  it("creates nothing when no row is valid, and refuses an empty or too long list", async () => {
    const { team } = world;
    const before = await rowsOfOrganization(app, team.org.id);
    const answer = ok<InviteManyAnswer>(
      await team.admin.api.post("/_api/team/invite-many", { rows: [{ name: "No Mail", email: "nope" }] }),
    );
    expect(answer).toEqual({
      invited: [],
      rejected: [{ row: 0, name: "No Mail", email: "nope", reason: TEAM_MESSAGES.inviteEmail }],
    });
    expect(refusal(await team.admin.api.post("/_api/team/invite-many", { rows: [] }))).toEqual({
      status: 400,
      error: M.rowsRequired,
    });
    const tooMany = Array.from({ length: BULK_INVITE_MAX + 1 }, (_, index) => ({
      name: `P ${index}`,
      email: `p${index}@example.com`,
    }));
    expect(refusal(await team.admin.api.post("/_api/team/invite-many", { rows: tooMany }))).toEqual({
      status: 400,
      error: M.rowsTooMany,
    });
    expect(await rowsOfOrganization(app, team.org.id)).toEqual(before);
  });

  it("keeps a manager from inviting an admin, row by row", async () => {
    const { team } = world;
    const [a, b] = [newCredentials("mgr-a"), newCredentials("mgr-b")];
    const answer = ok<InviteManyAnswer>(
      await team.members.manager.api.post("/_api/team/invite-many", {
        rows: [
          { name: a.name, email: a.email, role: "admin" },
          { name: b.name, email: b.email, role: "learner" },
        ],
      }),
    );
    expect(answer.invited.map((row) => row.email)).toEqual([b.email]);
    expect(answer.rejected).toEqual([{ row: 0, name: a.name, email: a.email, reason: TEAM_MESSAGES.adminOnly }]);
  });

  it("refuses a teacher, and gives another organization's admin none of our tags (and changes nothing of ours)", async () => {
    const { team, other, ops } = world;
    const who = newCredentials("stranger");
    expect(
      (await team.members.teacher.api.post("/_api/team/invite-many", { rows: [{ name: who.name, email: who.email }] }))
        .status,
    ).toBe(403);
    const before = await rowsOfOrganization(app, team.org.id);
    const answer = ok<InviteManyAnswer>(
      await other.admin.api.post("/_api/team/invite-many", {
        rows: [
          { name: who.name, email: who.email, tagIds: [ops.id] },
          { name: who.name, email: `x-${who.email}`, tags: ["Ops"] },
        ],
      }),
    );
    expect(answer.invited).toEqual([]);
    expect(answer.rejected.map((row) => row.reason)).toEqual([TEAM_MESSAGES.tagNotFound, `${M.tagNameUnknown} Ops`]);
    expect(await rowsOfOrganization(app, team.org.id)).toEqual(before);
  });
});
