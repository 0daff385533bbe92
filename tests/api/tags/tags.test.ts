import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DepartmentView as Department, TagView as Tag } from "#server/modules/tags/tags.presenter.js";
import type { MemberView as MemberRow } from "#server/modules/team/team.presenter.js";
import { NO_CURRENT_ORG } from "#server/platform/api/trpc-org.js";
import { DEFAULT_DEPARTMENT_COLOR } from "#shared/constants.js";
import { TAG_MESSAGES as M } from "#shared/schemas/tags.js";
import { startTestApp, type TestApp } from "../support/app.js";
import type { ApiClient } from "../support/client.js";
import { joinOrg, type OrgTeam, ok, orgWithMembers, refusal, signUp } from "../support/org-fixtures.js";

/** Departments and roles (docs/SPEC.md §3, §5, §7; docs/DESIGN.md §4 tenant scoping, §6 permission matrix). */

const FORBIDDEN = { status: 403, error: "You don't have permission to do that." };
const TAG_NOT_FOUND = { status: 404, error: M.notFound };

let app: TestApp;
let team: OrgTeam<"manager" | "teacher" | "learner" | "user">;
let other: OrgTeam;

beforeAll(async () => {
  app = await startTestApp();
  [team, other] = await Promise.all([
    orgWithMembers(app, { roles: ["manager", "teacher", "learner", "user"], label: "tags" }),
    orgWithMembers(app, { label: "tags-other" }),
  ]);
});
afterAll(async () => {
  await app?.close();
});

const list = async (api: ApiClient) => ok<Department[]>(await api.get("/_api/tags/list"));
const create = (api: ApiClient, input: Record<string, unknown>) => api.post("/_api/tags/create", input);
const department = async (name: string, color?: string) =>
  ok<Tag>(await create(team.admin.api, { name, type: "department", ...(color ? { color } : {}) }));
const role = async (name: string, parentId: number) =>
  ok<Tag>(await create(team.admin.api, { name, type: "role", parentId }));
const tagsOfMember = async (userId: number) =>
  ok<MemberRow[]>(await team.admin.api.get("/_api/team/members")).find((member) => member.id === userId)?.tags;

describe("create: validation (docs/SPEC.md §5)", () => {
  it.each([
    [{ type: "department" }, M.nameRequired],
    [{ name: "", type: "department" }, M.nameRequired],
    [{ name: "   ", type: "department" }, M.nameRequired],
    [{ name: "x".repeat(101), type: "department" }, M.nameTooLong],
    [{ name: "Picker", type: "role" }, M.parentRequired],
    [{ name: "Picker", type: "role", parentId: null }, M.parentRequired],
    [{ name: "Picker", type: "role", parentId: 1, color: "#FFC1C0" }, M.colorOnlyDepartments],
    [{ name: "Blue", type: "department", color: "blue" }, M.colorFormat],
    [{ name: "Blue", type: "department", color: "#FFF" }, M.colorFormat],
    [{ name: "Blue", type: "department", color: "#GGGGGG" }, M.colorFormat],
    [{ name: "Blue", type: "department", color: "FFC1C0" }, M.colorFormat],
    [{ name: "Blue", type: "team" }, M.typeInvalid],
    [{ name: "Picker", type: "role", parentId: 0 }, M.idInvalid],
  ])("%j → 400 with the spec's message, and nothing is created", async (input, message) => {
    const before = await list(team.admin.api);
    expect(refusal(await create(team.admin.api, input))).toEqual({ status: 400, error: message });
    expect(await list(team.admin.api)).toEqual(before);
  });
});

describe("create and list", () => {
  it("a new department is red (#FFC1C0) unless a colour is chosen; a role has its parent and no colour", async () => {
    const kitchen = await department("  Kitchen  ");
    expect(kitchen).toEqual({
      id: expect.any(Number),
      name: "Kitchen",
      type: "department",
      parentId: null,
      color: "#FFC1C0",
    });
    expect(DEFAULT_DEPARTMENT_COLOR).toBe("#FFC1C0");
    const garden = await department("Garden", "#CFF3CF");
    expect(garden.color).toBe("#CFF3CF");
    const chef = await role("Chef", kitchen.id);
    expect(chef).toEqual({ id: expect.any(Number), name: "Chef", type: "role", parentId: kitchen.id, color: null });
    const noColour = ok<Tag>(
      await create(team.admin.api, { name: "Gardener", type: "role", parentId: garden.id, color: "" }),
    );
    expect(noColour.color).toBeNull();
  });

  it("lists departments by name, each with its roles by name; every member of the organization may list", async () => {
    const zoo = await department("Zoo");
    const aviary = await department("Aviary", "#E4F2F9");
    const keeper = await role("Keeper", zoo.id);
    const feeder = await role("Feeder", zoo.id);
    const tree = await list(team.admin.api);
    const names = tree.map((dept) => dept.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(tree.find((dept) => dept.id === zoo.id)).toEqual({ ...zoo, roles: [feeder, keeper] });
    expect(tree.find((dept) => dept.id === aviary.id)).toEqual({ ...aviary, roles: [] });
    expect(tree.flatMap((dept) => dept.roles).every((tag) => tag.type === "role")).toBe(true);
    for (const member of Object.values(team.members)) expect(await list(member.api), member.role).toEqual(tree);
    expect(await list(other.admin.api)).toEqual([]);
  });

  it("a role's parent must be a department of this organization", async () => {
    const bar = await department("Bar");
    const barista = await role("Barista", bar.id);
    const foreign = ok<Tag>(await create(other.admin.api, { name: "Foreign dept", type: "department" }));
    const before = await list(team.admin.api);
    expect(refusal(await create(team.admin.api, { name: "Spy", type: "role", parentId: foreign.id }))).toEqual({
      status: 404,
      error: M.parentNotFound,
    });
    expect(refusal(await create(team.admin.api, { name: "Spy", type: "role", parentId: 987_654 }))).toEqual({
      status: 404,
      error: M.parentNotFound,
    });
    expect(refusal(await create(team.admin.api, { name: "Junior", type: "role", parentId: barista.id }))).toEqual({
      status: 400,
      error: M.parentNotDepartment,
    });
    expect(refusal(await create(team.admin.api, { name: "Sub", type: "department", parentId: bar.id }))).toEqual({
      status: 400,
      error: M.departmentHasNoParent,
    });
    expect(await list(team.admin.api)).toEqual(before);
    expect(await list(other.admin.api)).toEqual([{ ...foreign, roles: [] }]);
  });

  it("names are unique within their parent whatever the case (409), but the same role may sit in two departments", async () => {
    const front = await department("Front Desk");
    const back = await department("Back Office");
    await role("Clerk", front.id);
    expect(refusal(await create(team.admin.api, { name: "front desk", type: "department" }))).toEqual({
      status: 409,
      error: 'A department named "front desk" already exists.',
    });
    expect(refusal(await create(team.admin.api, { name: "CLERK", type: "role", parentId: front.id }))).toEqual({
      status: 409,
      error: 'A role named "CLERK" already exists in this department.',
    });
    const otherClerk = await role("Clerk", back.id);
    expect(otherClerk.parentId).toBe(back.id);
    // Another organization has names of its own.
    ok(await create(other.admin.api, { name: "Front Desk", type: "department" }));
  });
});

describe("names stay unique when created at the same moment", () => {
  it("of three simultaneous creations of one name, one succeeds and two get 409", async () => {
    const parent = await department("Simultaneous");
    // A race: a few rounds, so that a check-then-write gap would show on PostgreSQL.
    for (let round = 0; round < 4; round++) {
      for (const input of [
        { name: `Twin ${round}`, type: "department" },
        { name: `Twin ${round}`, type: "role", parentId: parent.id },
      ]) {
        const results = await Promise.all([1, 2, 3].map(() => create(team.admin.api, input)));
        expect(results.map((response) => response.status).sort(), JSON.stringify(input)).toEqual([200, 409, 409]);
      }
    }
    const tree = await list(team.admin.api);
    expect(tree.filter((tag) => tag.name.startsWith("Twin "))).toHaveLength(4);
    expect(tree.find((tag) => tag.id === parent.id)?.roles).toHaveLength(4);
  });
});

describe("update", () => {
  it("renames and recolours a department; without a colour the colour stays", async () => {
    const dept = await department("Laundry");
    const updated = ok<Tag>(
      await team.admin.api.post("/_api/tags/update", { id: dept.id, name: " Linen ", color: "#E4F2F9" }),
    );
    expect(updated).toEqual({ ...dept, name: "Linen", color: "#E4F2F9" });
    const renamed = ok<Tag>(await team.admin.api.post("/_api/tags/update", { id: dept.id, name: "Linen Room" }));
    expect(renamed.color).toBe("#E4F2F9");
    expect((await list(team.admin.api)).find((tag) => tag.id === dept.id)).toMatchObject({
      name: "Linen Room",
      color: "#E4F2F9",
    });
  });

  it("refuses bad input with the spec's messages and changes nothing", async () => {
    const dept = await department("Security");
    const guard = await role("Guard", dept.id);
    const before = await list(team.admin.api);
    const cases: Array<[Record<string, unknown>, { status: number; error: string }]> = [
      [
        { id: dept.id, name: "Security", color: "red" },
        { status: 400, error: M.colorFormatUpdate },
      ],
      [
        { id: dept.id, name: "Security", color: "#12345" },
        { status: 400, error: M.colorFormatUpdate },
      ],
      [
        { id: dept.id, name: "" },
        { status: 400, error: M.nameRequired },
      ],
      [{ id: dept.id }, { status: 400, error: M.nameRequired }],
      [
        { id: 0, name: "Security" },
        { status: 400, error: M.idInvalid },
      ],
      [{ name: "Security" }, { status: 400, error: M.idInvalid }],
      [
        { id: guard.id, name: "Guard", color: "#FFC1C0" },
        { status: 400, error: M.colorOnlyDepartments },
      ],
      [{ id: 987_654, name: "Ghost" }, TAG_NOT_FOUND],
    ];
    for (const [input, expected] of cases) {
      expect(refusal(await team.admin.api.post("/_api/tags/update", input)), JSON.stringify(input)).toEqual(expected);
    }
    expect(await list(team.admin.api)).toEqual(before);
  });

  it("a rename may change only the case of its own name, but not take a sibling's name", async () => {
    const dept = await department("Pool");
    const lifeguard = await role("Lifeguard", dept.id);
    await role("Attendant", dept.id);
    expect(ok(await team.admin.api.post("/_api/tags/update", { id: dept.id, name: "POOL" }))).toMatchObject({
      name: "POOL",
    });
    expect(refusal(await team.admin.api.post("/_api/tags/update", { id: lifeguard.id, name: "attendant" }))).toEqual({
      status: 409,
      error: 'A role named "attendant" already exists in this department.',
    });
    expect(refusal(await team.admin.api.post("/_api/tags/update", { id: dept.id, name: "kitchen" }))).toEqual({
      status: 409,
      error: 'A department named "kitchen" already exists.',
    });
  });
});

describe("delete", () => {
  it("a department takes its roles with it and leaves the members and courses that had them", async () => {
    const warehouse = await department("Warehouse");
    const picker = await role("Picker", warehouse.id);
    const loader = await role("Loader", warehouse.id);
    const keep = await department("Keep");
    const worker = await joinOrg(app, team, "learner", { tagIds: [warehouse.id, picker.id, keep.id] });
    const course = ok<{ id: number }>(
      await team.admin.api.post("/_api/courses/create", {
        title: "Pallets",
        tagIds: [warehouse.id, loader.id, keep.id],
      }),
    );
    const courseTags = async () =>
      ok<{ tags: Tag[] }>(await team.admin.api.get("/_api/courses/get", { id: String(course.id) }))
        .tags.map((tag) => tag.id)
        .sort((a, b) => a - b);

    expect(ok(await team.admin.api.post("/_api/tags/delete", { id: loader.id }))).toEqual({ message: "Tag deleted." });
    expect((await list(team.admin.api)).find((tag) => tag.id === warehouse.id)?.roles).toEqual([picker]);
    expect(await courseTags()).toEqual([keep.id, warehouse.id].sort((a, b) => a - b));

    ok(await team.admin.api.post("/_api/tags/delete", { id: warehouse.id }));
    const tree = await list(team.admin.api);
    expect(tree.map((tag) => tag.id)).not.toContain(warehouse.id);
    expect(tree.flatMap((tag) => tag.roles).map((tag) => tag.id)).not.toContain(picker.id);
    expect(refusal(await team.admin.api.post("/_api/tags/update", { id: picker.id, name: "Picker" }))).toEqual(
      TAG_NOT_FOUND,
    );
    expect(await tagsOfMember(worker.id)).toEqual([{ ...keep }]);
    expect(await courseTags()).toEqual([keep.id]);
    expect(refusal(await team.admin.api.post("/_api/tags/delete", { id: warehouse.id }))).toEqual(TAG_NOT_FOUND);
  });

  it("refuses an invalid or unknown id", async () => {
    expect(refusal(await team.admin.api.post("/_api/tags/delete", { id: -1 }))).toEqual({
      status: 400,
      error: M.idInvalid,
    });
    expect(refusal(await team.admin.api.post("/_api/tags/delete", { id: 987_654 }))).toEqual(TAG_NOT_FOUND);
  });
});

describe("who may do what (docs/DESIGN.md §6) and tenant isolation (docs/DESIGN.md §4)", () => {
  it("only an admin creates, updates or deletes tags: manager, teacher, learner and user get 403", async () => {
    const dept = await department("Reception");
    const before = await list(team.admin.api);
    for (const member of Object.values(team.members)) {
      const api = member.api;
      expect(refusal(await create(api, { name: "Mine", type: "department" })), member.role).toEqual(FORBIDDEN);
      expect(refusal(await create(api, { name: "Mine", type: "role", parentId: dept.id }))).toEqual(FORBIDDEN);
      expect(refusal(await api.post("/_api/tags/update", { id: dept.id, name: "Taken" }))).toEqual(FORBIDDEN);
      expect(refusal(await api.post("/_api/tags/delete", { id: dept.id }))).toEqual(FORBIDDEN);
    }
    expect(await list(team.admin.api)).toEqual(before);
  });

  it("another organization's admin gets 404 for this organization's tag ids, and nothing changes", async () => {
    const dept = await department("Private");
    const secret = await role("Secret", dept.id);
    const before = await list(team.admin.api);
    const stranger = other.admin.api;
    for (const id of [dept.id, secret.id]) {
      expect(refusal(await stranger.post("/_api/tags/update", { id, name: "Stolen" }))).toEqual(TAG_NOT_FOUND);
      expect(refusal(await stranger.post("/_api/tags/delete", { id }))).toEqual(TAG_NOT_FOUND);
    }
    expect(await list(team.admin.api)).toEqual(before);
    const theirs = (await list(stranger)).flatMap((tag) => [tag.id, ...tag.roles.map((r) => r.id)]);
    expect(theirs).not.toContain(dept.id);
    expect(theirs).not.toContain(secret.id);
  });

  it("needs a session (401) and a current organization", async () => {
    expect((await app.newAgent().get("/_api/tags/list")).status).toBe(401);
    expect((await app.newAgent().post("/_api/tags/create", { name: "X", type: "department" })).status).toBe(401);
    const loner = await signUp(app, "loner");
    expect(refusal(await loner.api.get("/_api/tags/list"))).toEqual({ status: 403, error: NO_CURRENT_ORG });
    expect(refusal(await create(loner.api, { name: "X", type: "department" }))).toEqual({
      status: 403,
      error: NO_CURRENT_ORG,
    });
  });
});
