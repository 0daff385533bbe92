import { describe, expect, it } from "vitest";
import { ACTIONS, type Action, can, canAssignRole, canRemoveMember } from "#shared/permissions.js";
import { ROLES, type Role } from "#shared/roles.js";

/**
 * docs/DESIGN.md §6 and docs/SPEC.md §6, written out again by hand, row by row, so that a change to the table in
 * shared/permissions.ts has to be made here too, on purpose. Order: admin, manager, teacher, learner, user.
 */
const MATRIX: Record<Action, [boolean, boolean, boolean, boolean, boolean]> = {
  // see the organization, dashboard, published courses, lessons; complete lessons
  "org.view": [true, true, true, true, true],
  "courses.viewDrafts": [true, true, true, false, false],
  // docs/SPEC.md §6: "Create Course" only for admin or manager
  "courses.create": [true, true, false, false, false],
  "courses.edit": [true, true, true, false, false],
  "courses.delete": [true, true, false, false, false],
  "tags.view": [true, true, true, true, true],
  "tags.manage": [true, false, false, false, false],
  "team.view": [true, true, true, true, true],
  "team.manage": [true, true, false, false, false],
  "settings.view": [true, true, false, false, false],
  "org.manage": [true, false, false, false, false],
  // docs/SPEC.md §2 and §6: Team and Tags links for admin only
  "nav.teamAndTags": [true, false, false, false, false],
  // named assignments and the reports (docs/DESIGN.md §6)
  "training.assign": [true, true, false, false, false],
  "reports.view": [true, true, false, false, false],
  // pending invitations, removing people (canRemoveMember keeps managers off admins), leaving
  "team.invitations": [true, true, false, false, false],
  "team.remove": [true, true, false, false, false],
  "org.leave": [true, true, true, true, true],
  "mail.viewProblems": [true, false, false, false, false],
  // content creators mark sign-off lessons and keep their versions; everyone signs
  "signoffs.manage": [true, true, true, false, false],
  "lessons.sign": [true, true, true, true, true],
  // building knowledge checks and their per-question statistics
  "quizzes.manage": [true, true, true, false, false],
  "quizzes.viewStats": [true, true, true, false, false],
  // decision 0276: the organization's image storage, on the settings page
  "storage.view": [true, true, false, false, false],
  // docs/decisions/0310-certificates-derived-from-completion.md: everyone's certificates, and revoking one
  "certificates.viewAll": [true, true, false, false, false],
  "certificates.revoke": [true, false, false, false, false],
  "certificates.recordExternal": [true, true, false, false, false],
  // decision 0320: the organization's API keys
  "apiKeys.manage": [true, false, false, false, false],
  "audit.view": [true, false, false, false, false],
  "sso.manage": [true, false, false, false, false],
  "webhooks.manage": [true, false, false, false, false],
  "revisions.publish": [true, true, true, false, false],
  "revisions.approve": [true, true, false, false, false],
};

const ORDER: readonly Role[] = ["admin", "manager", "teacher", "learner", "user"];

describe("can(role, action): the docs/DESIGN.md §6 matrix", () => {
  it("covers every action and every role", () => {
    expect([...ACTIONS].sort()).toEqual(Object.keys(MATRIX).sort());
    expect([...ROLES].sort()).toEqual([...ORDER].sort());
  });

  const cells = ACTIONS.flatMap((action) =>
    ORDER.map((role, i) => [action, role, MATRIX[action][i]] as [Action, Role, boolean]),
  );
  it.each(cells)("%s for %s is %s", (action, role, allowed) => {
    expect(can(role, action)).toBe(allowed);
  });

  it("gives user exactly a learner's rights", () => {
    for (const action of ACTIONS) expect(can("user", action)).toBe(can("learner", action));
  });

  it("gives nobody without a role anything", () => {
    for (const action of ACTIONS) {
      expect(can(null, action)).toBe(false);
      expect(can(undefined, action)).toBe(false);
    }
  });

  it("docs/SPEC.md §6 groups: teacher, manager and admin create content; admin and manager manage", () => {
    const editors = ORDER.filter((role) => can(role, "courses.edit"));
    expect(editors).toEqual(["admin", "manager", "teacher"]);
    const managers = ORDER.filter((role) => can(role, "settings.view"));
    expect(managers).toEqual(["admin", "manager"]);
  });
});

describe("canAssignRole(actor, from, to)", () => {
  it("lets an admin give and take any role, admin included", () => {
    for (const from of ROLES) for (const to of ROLES) expect(canAssignRole("admin", from, to)).toBe(true);
  });

  it("lets a manager move people between the non-admin roles", () => {
    const nonAdmin = ROLES.filter((role) => role !== "admin");
    for (const from of nonAdmin) for (const to of nonAdmin) expect(canAssignRole("manager", from, to)).toBe(true);
  });

  it("never lets a manager grant or remove the admin role", () => {
    for (const other of ROLES) {
      expect(canAssignRole("manager", other, "admin")).toBe(false);
      expect(canAssignRole("manager", "admin", other)).toBe(false);
    }
  });

  it.each(["teacher", "learner", "user"] as const)("lets a %s assign nothing", (actor) => {
    for (const from of ROLES) for (const to of ROLES) expect(canAssignRole(actor, from, to)).toBe(false);
  });
});

describe("canRemoveMember(actor, target): docs/DESIGN.md §6", () => {
  it("lets an admin remove anyone, a manager anyone but an admin, and nobody else anyone", () => {
    for (const target of ORDER) {
      expect(canRemoveMember("admin", target)).toBe(true);
      expect(canRemoveMember("manager", target)).toBe(target !== "admin");
      for (const actor of ["teacher", "learner", "user"] as const) expect(canRemoveMember(actor, target)).toBe(false);
    }
  });
});
