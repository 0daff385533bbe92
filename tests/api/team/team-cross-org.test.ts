import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEAM_MESSAGES as M } from "#shared/schemas/team.js";
import { startTestApp, type TestApp } from "../support/app.js";
import {
  createOrg,
  joinOrg,
  type Member,
  me,
  type OrgRef,
  type OrgTeam,
  ok,
  orgWithMembers,
  refusal,
} from "../support/org-fixtures.js";

/**
 * People belong to themselves (decisions 0013 and 0014). The victim is a learner in organization A and the
 * admin of organization B (they joined A first, then created B). A's admin and A's manager try every
 * field of update-member on them; B must see nothing of it, and the victim must still sign in.
 */

interface MemberRow {
  id: number;
  name: string;
  email: string;
  role: string;
  tags: { id: number }[];
}

let app: TestApp;
let orgA: OrgTeam<"manager" | "learner">;
let victim: Member;
let orgB: OrgRef;
let colleagueInB: Member;
let tagOfA: { id: number };
let tagOfB: { id: number };

beforeAll(async () => {
  app = await startTestApp();
  orgA = await orgWithMembers(app, { roles: ["manager", "learner"], label: "cross-a" });
  victim = orgA.members.learner;
  orgB = await createOrg(victim);
  const victimAsAdminOfB: Member = { ...victim, role: "admin" };
  colleagueInB = await joinOrg(app, { org: orgB, admin: victimAsAdminOfB }, "learner", { label: "cross-b" });
  tagOfA = ok(await orgA.admin.api.post("/_api/tags/create", { name: "A only", type: "department" }));
  tagOfB = ok(await victim.api.post("/_api/tags/create", { name: "B only", type: "department" }));
});
afterAll(async () => {
  await app?.close();
});

/** The victim as organization B shows them, read by B's other member. */
async function victimSeenByB(): Promise<MemberRow | undefined> {
  const rows = ok<MemberRow[]>(await colleagueInB.api.get("/_api/team/members"));
  return rows.find((row) => row.id === victim.id);
}

async function victimSeenByA(): Promise<MemberRow | undefined> {
  const rows = ok<MemberRow[]>(await orgA.admin.api.get("/_api/team/members"));
  return rows.find((row) => row.id === victim.id);
}

const untouchedInB = () => ({ id: victim.id, name: victim.name, email: victim.email, role: "admin", tags: [] });

async function expectVictimUntouched(): Promise<void> {
  expect(await victimSeenByB()).toEqual(untouchedInB());
  expect(await me(victim.api)).toMatchObject({
    name: victim.name,
    email: victim.email,
    currentOrganization: { ...orgB, role: "admin" },
  });
  const login = await app.newAgent().post("/_api/auth/login", { email: victim.email, password: victim.password });
  expect(login.status, login.text).toBe(200);
}

describe("update-member on a person who is admin of another organization", () => {
  const attackers = () => [orgA.admin, orgA.members.manager];
  const baseInput = () => ({ userId: victim.id, name: victim.name, email: victim.email, role: "learner", tagIds: [] });

  it("name: A's card changes, B's card and the account's name do not", async () => {
    for (const attacker of attackers()) {
      const name = `Renamed by ${attacker.role}`;
      ok(await attacker.api.post("/_api/team/update-member", { ...baseInput(), name }));
      expect((await victimSeenByA())?.name).toBe(name);
      await expectVictimUntouched();
    }
  });

  it("email: refused (403) for any address, and the victim still signs in with their own", async () => {
    for (const attacker of attackers()) {
      for (const email of [`taken.over.${victim.id}@example.com`, attacker.email, colleagueInB.email]) {
        const response = await attacker.api.post("/_api/team/update-member", { ...baseInput(), email });
        expect(refusal(response)).toEqual({ status: 403, error: M.emailOwnerOnly });
      }
      expect((await victimSeenByA())?.email).toBe(victim.email);
      await expectVictimUntouched();
    }
  });

  it("role: changes the role in A only; the victim stays admin of B", async () => {
    for (const attacker of attackers()) {
      ok(await attacker.api.post("/_api/team/update-member", { ...baseInput(), role: "teacher" }));
      expect((await victimSeenByA())?.role).toBe("teacher");
      ok(await attacker.api.post("/_api/team/update-role", { userId: victim.id, newRole: "user" }));
      expect((await victimSeenByA())?.role).toBe("user");
      await expectVictimUntouched();
    }
  });

  it("tagIds: A's tags land in A only; B's tags are not found (404)", async () => {
    for (const attacker of attackers()) {
      ok(await attacker.api.post("/_api/team/update-member", { ...baseInput(), tagIds: [tagOfA.id] }));
      expect((await victimSeenByA())?.tags.map((tag) => tag.id)).toEqual([tagOfA.id]);
      const foreign = await attacker.api.post("/_api/team/update-member", { ...baseInput(), tagIds: [tagOfB.id] });
      expect(refusal(foreign)).toEqual({ status: 404, error: M.tagNotFound });
      await expectVictimUntouched();
    }
  });

  it("every field at once, and on B's other member (not in A: 404)", async () => {
    for (const attacker of attackers()) {
      const all = { userId: victim.id, name: "Owned", email: attacker.email, role: "user", tagIds: [tagOfB.id] };
      expect((await attacker.api.post("/_api/team/update-member", all)).status).toBeGreaterThanOrEqual(400);
      const outsider = { ...all, userId: colleagueInB.id, email: colleagueInB.email, tagIds: [] };
      const response = await attacker.api.post("/_api/team/update-member", outsider);
      expect(refusal(response)).toEqual({ status: 404, error: M.memberNotFound });
      await expectVictimUntouched();
    }
  });
});
