import { beforeAll, describe, expect, it } from "vitest";
import type { TagView as MemberTag } from "#server/modules/tags/tags.presenter.js";
import type { MemberView as MemberRow } from "#server/modules/team/team.presenter.js";
import { NO_CURRENT_ORG } from "#server/platform/api/trpc-org.js";
import { TEAM_MESSAGES as M } from "#shared/schemas/team.js";
import type { ApiClient } from "../support/client.js";
import {
  invitationsOf,
  invite,
  joinOrg,
  type Member,
  me,
  type OrgTeam,
  ok,
  orgWithMembers,
  refusal,
  signUp,
} from "../support/org-fixtures.js";
import { suiteApp } from "../support/suite.js";

/**
 * The team (docs/SPEC.md §3, §5, §7; docs/DESIGN.md §6): members, invite, update-role, update-member, with the
 * permission matrix and tenant isolation. Accepting invitations is in invitations.test.ts.
 */

const FORBIDDEN = { status: 403, error: "You don't have permission to do that." };
const ADMIN_ONLY = { status: 403, error: M.adminOnly };
const OWN_ROLE = { status: 403, error: M.ownRole };
const MEMBER_NOT_FOUND = { status: 404, error: M.memberNotFound };
const TAG_NOT_FOUND = { status: 404, error: M.tagNotFound };

const app = suiteApp();
let team: OrgTeam<"manager" | "teacher" | "learner" | "user">;
let other: OrgTeam<"learner">;
let sales: MemberTag;
let rep: MemberTag;
let foreignTag: MemberTag;

beforeAll(async () => {
  [team, other] = await Promise.all([
    orgWithMembers(app, { roles: ["manager", "teacher", "learner", "user"], label: "team" }),
    orgWithMembers(app, { roles: ["learner"], label: "team-other" }),
  ]);
  const api = team.admin.api;
  sales = ok(await api.post("/_api/tags/create", { name: "Sales", type: "department", color: "#CFF3CF" }));
  rep = ok(await api.post("/_api/tags/create", { name: "Rep", type: "role", parentId: sales.id }));
  foreignTag = ok(await other.admin.api.post("/_api/tags/create", { name: "Foreign", type: "department" }));
});

const members = async (api: ApiClient) =>
  ok<MemberRow[]>(await api.get("/_api/team/members")).sort((a, b) => a.id - b.id);
const memberRow = async (api: ApiClient, id: number) => (await members(api)).find((member) => member.id === id);
const rowOf = (member: Member): MemberRow => ({
  id: member.id,
  name: member.name,
  email: member.email,
  role: member.role,
  tags: [],
});
const updateRole = (by: Member, userId: number, newRole: unknown) =>
  by.api.post("/_api/team/update-role", { userId, newRole });

describe("members", () => {
  it("lists every member with name, e-mail, role and tags with their colour; every member may see it", async () => {
    const tagged = await joinOrg(app, team, "learner", { tagIds: [rep.id, sales.id], label: "tagged" });
    const everyone = [team.admin, ...Object.values(team.members), tagged];
    const expected = everyone
      .map((member) => ({
        ...rowOf(member),
        tags: member === tagged ? [{ ...sales }, { ...rep }] : [],
      }))
      .sort((a, b) => a.id - b.id);
    // A member's tags come in the one tag order (compareTags): departments before roles, then by name.
    expect(expected.find((row) => row.id === tagged.id)?.tags).toEqual([
      { id: sales.id, name: "Sales", type: "department", color: "#CFF3CF", parentId: null },
      { id: rep.id, name: "Rep", type: "role", color: null, parentId: sales.id },
    ]);
    for (const member of everyone) expect(await members(member.api), member.role).toEqual(expected);
    expect(await members(other.admin.api)).toEqual([rowOf(other.admin), rowOf(other.members.learner)]);
  });

  it("needs a session (401) and a current organization (403)", async () => {
    expect((await app.newAgent().get("/_api/team/members")).status).toBe(401);
    const loner = await signUp(app, "loner");
    expect(refusal(await loner.api.get("/_api/team/members"))).toEqual({ status: 403, error: NO_CURRENT_ORG });
  });
});

describe("invite", () => {
  it.each([
    [{ name: "Ann", email: "not-an-email" }, M.inviteEmail],
    [{ name: "Ann", email: "" }, M.inviteEmail],
    [{ name: "Ann" }, M.inviteEmail],
    [{ name: "", email: "ann@example.com" }, M.inviteName],
    [{ name: "   ", email: "ann@example.com" }, M.inviteName],
    [{ email: "ann@example.com" }, M.inviteName],
    [{ name: "Ann", email: "ann@example.com", role: "owner" }, M.roleInvalid],
    [{ name: "Ann", email: "ann@example.com", tagIds: [0] }, M.tagNotFound],
  ])("%j → 400 with the spec's message, and no invitation is made", async (input, message) => {
    const before = (await invitationsOf(app, team.org.id)).length;
    expect(refusal(await team.admin.api.post("/_api/team/invite", input))).toEqual({ status: 400, error: message });
    expect(await invitationsOf(app, team.org.id)).toHaveLength(before);
  });

  it("answers with the link http://<host>/<slug>/invite?token=<slug>.<secret>; the role defaults to user", async () => {
    const email = `Default.Role.${team.org.slug}@Example.com`;
    const { inviteLink, token } = await invite(team.admin.api, { name: "Dee Fault", email });
    const { host } = new URL(app.url);
    const slug = team.org.slug;
    expect(inviteLink).toMatch(new RegExp(`^http://${host.replace(/\./g, "\\.")}/${slug}/invite\\?token=${slug}\\.`));
    expect(token).toMatch(new RegExp(`^${slug}\\.[A-Za-z0-9_-]{40,}$`));
    const stored = (await invitationsOf(app, team.org.id)).find((row) => row.email === email);
    expect(stored).toMatchObject({ name: "Dee Fault", role: "user", tagIds: [], emailKey: email.toLowerCase() });
  });

  it("refuses to invite someone who is already a member, whatever the case of the e-mail (409)", async () => {
    for (const email of [team.members.teacher.email, team.members.teacher.email.toUpperCase(), team.admin.email]) {
      expect(refusal(await team.admin.api.post("/_api/team/invite", { name: "Again", email }))).toEqual({
        status: 409,
        error: M.alreadyMember,
      });
    }
  });

  it("refuses tags of another organization and unknown tags (404)", async () => {
    for (const tagIds of [[foreignTag.id], [sales.id, 987_654]]) {
      const response = await team.admin.api.post("/_api/team/invite", {
        name: "Tagged",
        email: "t@example.com",
        tagIds,
      });
      expect(refusal(response)).toEqual(TAG_NOT_FOUND);
    }
    expect((await invitationsOf(app, team.org.id)).some((row) => row.email === "t@example.com")).toBe(false);
  });

  it("a manager invites, but never as admin; teacher, learner and user may not invite (403)", async () => {
    const manager = team.members.manager;
    ok(await manager.api.post("/_api/team/invite", { name: "By Manager", email: "by.manager@example.com" }));
    const asAdmin = { name: "Boss", email: "boss@example.com", role: "admin" };
    expect(refusal(await manager.api.post("/_api/team/invite", asAdmin))).toEqual(ADMIN_ONLY);
    for (const member of [team.members.teacher, team.members.learner, team.members.user]) {
      const response = await member.api.post("/_api/team/invite", { name: "Friend", email: "friend@example.com" });
      expect(refusal(response), member.role).toEqual(FORBIDDEN);
    }
    const emails = (await invitationsOf(app, team.org.id)).map((row) => row.email);
    expect(emails).toContain("by.manager@example.com");
    expect(emails).not.toContain("boss@example.com");
    expect(emails).not.toContain("friend@example.com");
  });
});

describe("update-role", () => {
  it("nobody changes their own role", async () => {
    expect(refusal(await updateRole(team.admin, team.admin.id, "manager"))).toEqual(OWN_ROLE);
    expect(refusal(await updateRole(team.members.manager, team.members.manager.id, "teacher"))).toEqual(OWN_ROLE);
    expect((await me(team.admin.api)).currentOrganization?.role).toBe("admin");
    expect((await memberRow(team.admin.api, team.members.manager.id))?.role).toBe("manager");
  });

  it("refuses bad input", async () => {
    const learner = team.members.learner.id;
    const invalid: Array<[number | string, unknown, string]> = [
      [0, "teacher", M.userIdInvalid],
      ["abc", "teacher", M.userIdInvalid],
      [learner, "boss", M.roleInvalid],
      [learner, undefined, M.roleInvalid],
    ];
    for (const [userId, newRole, error] of invalid) {
      expect(refusal(await updateRole(team.admin, userId as number, newRole))).toEqual({ status: 400, error });
    }
  });

  it("a manager changes roles below admin but never grants or removes admin", async () => {
    const manager = team.members.manager;
    const target = await joinOrg(app, team, "learner", { label: "promoted" });
    expect(refusal(await updateRole(manager, target.id, "admin"))).toEqual(ADMIN_ONLY);
    expect(refusal(await updateRole(manager, team.admin.id, "learner"))).toEqual(ADMIN_ONLY);
    expect(ok(await updateRole(manager, target.id, "teacher"))).toEqual({
      message: `${target.name}'s role updated to teacher`,
    });
    expect((await memberRow(team.admin.api, target.id))?.role).toBe("teacher");
    expect((await me(target.api)).currentOrganization?.role).toBe("teacher");
    expect((await memberRow(team.admin.api, team.admin.id))?.role).toBe("admin");
  });

  it("teacher, learner and user may not change roles (403)", async () => {
    for (const member of [team.members.teacher, team.members.learner, team.members.user]) {
      expect(refusal(await updateRole(member, team.members.user.id, "learner")), member.role).toEqual(FORBIDDEN);
    }
    expect((await memberRow(team.admin.api, team.members.user.id))?.role).toBe("user");
  });

  it("an organization always keeps an admin", async () => {
    const small = await orgWithMembers(app, { roles: ["manager"], label: "small" });
    const [first, second] = [small.admin, small.members.manager];
    expect(refusal(await updateRole(first, first.id, "learner"))).toEqual(OWN_ROLE);
    expect(refusal(await updateRole(second, first.id, "learner"))).toEqual(ADMIN_ONLY);
    expect(ok(await updateRole(first, second.id, "admin"))).toEqual({
      message: `${second.name}'s role updated to admin`,
    });
    // With two admins one may step the other down; the one left cannot leave the role.
    ok(await updateRole(second, first.id, "teacher"));
    expect(refusal(await updateRole(second, second.id, "manager"))).toEqual(OWN_ROLE);
    expect(refusal(await updateRole(first, second.id, "manager"))).toEqual(FORBIDDEN);
    const roles = (await members(second.api)).map((member) => [member.id, member.role]);
    expect(roles).toEqual(
      expect.arrayContaining([
        [first.id, "teacher"],
        [second.id, "admin"],
      ]),
    );
  });

  it("two admins stepping each other down at the same moment leave one admin, not none", async () => {
    const pair = await orgWithMembers(app, { roles: ["manager"], label: "pair" });
    const [first, second] = [pair.admin, pair.members.manager];
    ok(await updateRole(first, second.id, "admin"));
    // A race: run it a few times, so that both orders and the true overlap all get their chance.
    for (let round = 0; round < 6; round++) {
      const results = await Promise.all([
        updateRole(first, second.id, "teacher"),
        updateRole(second, first.id, "teacher"),
      ]);
      expect(results.map((response) => response.status).filter((status) => status === 200)).toHaveLength(1);
      const admins = (await members(pair.admin.api)).filter((member) => member.role === "admin");
      expect(admins, `round ${round}`).toHaveLength(1);
      const survivor = admins[0]?.id === first.id ? first : second;
      const demoted = survivor === first ? second : first;
      ok(await updateRole(survivor, demoted.id, "admin"));
    }
  });

  it("member ids of another organization are not found (404) and nothing changes", async () => {
    const outsider = other.members.learner;
    expect(refusal(await updateRole(team.admin, outsider.id, "teacher"))).toEqual(MEMBER_NOT_FOUND);
    expect(refusal(await updateRole(team.admin, 987_654, "teacher"))).toEqual(MEMBER_NOT_FOUND);
    expect((await memberRow(other.admin.api, outsider.id))?.role).toBe("learner");
  });
});

describe("update-member", () => {
  const update = (by: Member, input: Record<string, unknown>) => by.api.post("/_api/team/update-member", input);

  it("replaces this organization's name, role and tags; the account's name and login stay the person's", async () => {
    const person = await joinOrg(app, team, "learner", { tagIds: [sales.id, rep.id], label: "edited" });
    const sameEmail = `  ${person.email.toUpperCase()} `;
    const input = {
      userId: person.id,
      name: "  Renamed Person ",
      email: sameEmail,
      role: "teacher",
      tagIds: [sales.id],
    };
    expect(ok(await update(team.admin, input))).toEqual({ message: "Team member updated successfully." });
    expect(await memberRow(team.admin.api, person.id)).toEqual({
      id: person.id,
      name: "Renamed Person",
      email: person.email,
      role: "teacher",
      tags: [{ ...sales }],
    });
    expect(await me(person.api)).toMatchObject({ name: person.name, email: person.email });
    const login = await app.newAgent().post("/_api/auth/login", { email: person.email, password: person.password });
    expect(login.status, login.text).toBe(200);
    ok(await update(team.admin, { ...input, tagIds: [] }));
    expect((await memberRow(team.admin.api, person.id))?.tags).toEqual([]);
    // Given the account's own name again, the card follows the account once more.
    ok(await update(team.admin, { ...input, name: person.name }));
    expect((await memberRow(team.admin.api, person.id))?.name).toBe(person.name);
  });

  it.each([
    [{ name: "A" }, 400, M.memberName],
    [{ name: "   B  " }, 400, M.memberName],
    [{ email: "nope" }, 400, M.memberEmail],
    [{ email: "" }, 400, M.memberEmail],
    [{ role: "owner" }, 400, M.roleInvalid],
    [{ userId: 0 }, 400, M.userIdInvalid],
    [{ tagIds: [-2] }, 400, M.tagNotFound],
  ])("%j → %i with the spec's message, and nothing changes", async (change, status, error) => {
    const target = team.members.user;
    const before = await memberRow(team.admin.api, target.id);
    const input = { userId: target.id, name: target.name, email: target.email, role: "user", tagIds: [], ...change };
    expect(refusal(await update(team.admin, input))).toEqual({ status, error });
    expect(await memberRow(team.admin.api, target.id)).toEqual(before);
  });

  it("refuses any other e-mail (403), known or unknown alike, and nothing changes", async () => {
    const target = team.members.user;
    const before = await memberRow(team.admin.api, target.id);
    const unknown = `nobody.${target.id}@example.com`;
    for (const email of [other.admin.email, team.members.teacher.email, unknown]) {
      const input = { userId: target.id, name: "Collider", email, role: "user", tagIds: [] };
      expect(refusal(await update(team.admin, input))).toEqual({ status: 403, error: M.emailOwnerOnly });
    }
    expect(await memberRow(team.admin.api, target.id)).toEqual(before);
    const login = await app.newAgent().post("/_api/auth/login", { email: target.email, password: target.password });
    expect(login.status, login.text).toBe(200);
  });

  it("keeps the rules of roles: not one's own role, and a manager never edits or makes an admin", async () => {
    const self = { userId: team.admin.id, name: team.admin.name, email: team.admin.email, tagIds: [] };
    expect(refusal(await update(team.admin, { ...self, role: "manager" }))).toEqual(OWN_ROLE);
    expect(ok(await update(team.admin, { ...self, role: "admin", tagIds: [sales.id] }))).toEqual({
      message: "Team member updated successfully.",
    });
    const manager = team.members.manager;
    expect(refusal(await update(manager, { ...self, role: "admin", name: "Demoted?" }))).toEqual(ADMIN_ONLY);
    const learner = team.members.learner;
    const lift = { userId: learner.id, name: learner.name, email: learner.email, role: "admin", tagIds: [] };
    expect(refusal(await update(manager, lift))).toEqual(ADMIN_ONLY);
    expect(await memberRow(team.admin.api, team.admin.id)).toMatchObject({ name: team.admin.name, role: "admin" });
    expect((await memberRow(team.admin.api, learner.id))?.role).toBe("learner");
  });

  it("teacher, learner and user may not edit members (403)", async () => {
    const target = team.members.user;
    const input = { userId: target.id, name: "Changed", email: target.email, role: "user", tagIds: [] };
    for (const member of [team.members.teacher, team.members.learner, target]) {
      expect(refusal(await update(member, input)), member.role).toEqual(FORBIDDEN);
    }
    expect((await memberRow(team.admin.api, target.id))?.name).toBe(target.name);
  });

  it("tags of another organization and unknown tags are not found (404) and nothing changes", async () => {
    const target = team.members.user;
    const before = await memberRow(team.admin.api, target.id);
    for (const tagIds of [[foreignTag.id], [sales.id, 987_654]]) {
      const input = { userId: target.id, name: "Tagged", email: target.email, role: "learner", tagIds };
      expect(refusal(await update(team.admin, input))).toEqual(TAG_NOT_FOUND);
    }
    expect(await memberRow(team.admin.api, target.id)).toEqual(before);
  });

  it("member ids of another organization are not found (404) and nothing changes", async () => {
    const outsider = other.members.learner;
    const input = { userId: outsider.id, name: "Hijacked", email: "hijacked@example.com", role: "admin", tagIds: [] };
    expect(refusal(await update(team.admin, input))).toEqual(MEMBER_NOT_FOUND);
    expect(await memberRow(other.admin.api, outsider.id)).toEqual(rowOf(outsider));
  });
});
