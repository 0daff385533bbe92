import { describe, expect, it } from "vitest";
import {
  assertAdminRoleRemovable,
  assertInvitedAccount,
  assertMayInviteAs,
  assertMayListMembers,
  assertMayRemove,
  assertMemberEditable,
  assertRoleChange,
} from "#server/modules/team/team.rules.js";
import type { Role } from "#shared/roles.js";
import { TEAM_MESSAGES } from "#shared/schemas/team.js";
import { TEAM_ADMIN_MESSAGES } from "#shared/schemas/team-admin.js";

/** The team's rules of docs/DESIGN.md §6 on plain values (server/modules/team/team.rules.ts). */

const person = (userId: number, role: Role) => ({ userId, role });

describe("a role change", () => {
  it("to the role the member has is no change: nothing is refused or counted", () => {
    expect(assertRoleChange({ actor: person(1, "user"), target: person(1, "admin"), newRole: "admin" })).toBe(false);
  });

  it("of one's own role is refused", () => {
    expect(() => assertRoleChange({ actor: person(1, "admin"), target: person(1, "admin"), newRole: "user" })).toThrow(
      TEAM_MESSAGES.ownRole,
    );
  });

  it("is refused to a manager who would grant or take the admin role, and to those who manage no team", () => {
    const manager = person(1, "manager");
    expect(() => assertRoleChange({ actor: manager, target: person(2, "user"), newRole: "admin" })).toThrow(
      TEAM_MESSAGES.adminOnly,
    );
    expect(() => assertRoleChange({ actor: manager, target: person(2, "admin"), newRole: "user" })).toThrow(
      TEAM_MESSAGES.adminOnly,
    );
    expect(() =>
      assertRoleChange({ actor: person(1, "teacher"), target: person(2, "user"), newRole: "learner" }),
    ).toThrow(TEAM_MESSAGES.adminOnly);
  });

  it("asks for the admins to be counted only when it takes the admin role from someone", () => {
    const admin = person(1, "admin");
    expect(assertRoleChange({ actor: admin, target: person(2, "admin"), newRole: "manager" })).toBe(true);
    expect(assertRoleChange({ actor: admin, target: person(2, "user"), newRole: "admin" })).toBe(false);
    expect(assertRoleChange({ actor: person(1, "manager"), target: person(2, "user"), newRole: "teacher" })).toBe(
      false,
    );
  });
});

describe("taking the admin role, among the locked admins", () => {
  it("needs the actor to be one of them still", () => {
    expect(() => assertAdminRoleRemovable(10, [11, 12])).toThrow(TEAM_MESSAGES.adminOnly);
  });

  it("keeps one admin", () => {
    expect(() => assertAdminRoleRemovable(10, [10])).toThrow(TEAM_MESSAGES.lastAdmin);
    expect(() => assertAdminRoleRemovable(10, [10, 11])).not.toThrow();
  });
});

describe("the team's other rules", () => {
  it("lets a manager edit anyone but an admin", () => {
    expect(() => assertMemberEditable("manager", "teacher")).not.toThrow();
    expect(() => assertMemberEditable("manager", "admin")).toThrow(TEAM_MESSAGES.adminOnly);
    expect(() => assertMemberEditable("admin", "admin")).not.toThrow();
  });

  it("shows former members to those who remove people only", () => {
    expect(() => assertMayListMembers("learner", false)).not.toThrow();
    expect(() => assertMayListMembers("learner", true)).toThrow();
    expect(() => assertMayListMembers("manager", true)).not.toThrow();
  });

  it("lets a manager invite as anything but admin", () => {
    expect(() => assertMayInviteAs("manager", "teacher")).not.toThrow();
    expect(() => assertMayInviteAs("manager", "admin")).toThrow(TEAM_MESSAGES.adminOnly);
    expect(() => assertMayInviteAs("admin", "admin")).not.toThrow();
  });

  it("accepts an invitation only for the address it was sent to", () => {
    expect(() => assertInvitedAccount("ann@example.test", "ann@example.test")).not.toThrow();
    expect(() => assertInvitedAccount("ann@example.test", "bob@example.test")).toThrow(
      TEAM_MESSAGES.invitationMismatch,
    );
  });

  it("removes neither oneself nor, by a manager, an admin", () => {
    expect(() => assertMayRemove(person(1, "admin"), person(1, "admin"))).toThrow(TEAM_ADMIN_MESSAGES.removeSelf);
    expect(() => assertMayRemove(person(1, "manager"), person(2, "admin"))).toThrow(TEAM_ADMIN_MESSAGES.removeAdmin);
    expect(() => assertMayRemove(person(1, "manager"), person(2, "user"))).not.toThrow();
    expect(() => assertMayRemove(person(1, "admin"), person(2, "admin"))).not.toThrow();
  });
});
