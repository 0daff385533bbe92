import { describe, expect, it } from "vitest";
import type { MemberView } from "#server/modules/team/team.presenter.js";
import { TEAM_MESSAGES } from "#shared/schemas/team.js";
import { TEAM_ADMIN_MESSAGES as M } from "#shared/schemas/team-admin.js";
import { departmentWithRoles } from "../../support/people.js";
import type { ApiClient } from "../support/client.js";
import { joinOrg, ok, orgWithMembers, refusal } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/**
 * team/members (decisions 0122 and 0127) with search, filters (name or e-mail, role, tag, former members) and
 * pages (`limit`, `cursor`). The documented call without them answers as it always did (tests/api/team/team.test.ts).
 */

const app = suiteApp();
const world = suiteFixture(async () => {
  const team = await orgWithMembers(app, { label: "directory", name: "Directory Co" });
  const ops = await departmentWithRoles(team.admin.api, { name: "Ops" }, ["Driver"]);
  const driverTag = ops.roleIds[0] ?? 0;
  const people = [];
  for (const [label, role, tagIds] of [
    ["dir-alpha", "learner", [ops.id]],
    ["dir-bravo", "teacher", [driverTag]],
    ["dir-charlie", "learner", []],
    ["dir-delta", "manager", []],
    ["dir-echo", "learner", []],
    // Both the department and one of its roles: matched by the department once.
    ["dir-foxtrot", "teacher", [ops.id, driverTag]],
  ] as const) {
    people.push(await joinOrg(app, team, role, { label, tagIds: [...tagIds] }));
  }
  const other = await orgWithMembers(app, { label: "directory-other" });
  const otherTag = ok<{ id: number }>(
    await other.admin.api.post("/_api/tags/create", { name: "X", type: "department" }),
  );
  return { team, ops, people, other, otherTag };
});

const list = async (api: ApiClient, query: Record<string, string> = {}) =>
  ok<MemberView[]>(await api.get("/_api/team/members", query));
const ids = (rows: MemberView[]) => rows.map((row) => row.id);

describe("team/members filters", () => {
  it("finds by part of the name or e-mail, in any case", async () => {
    const { team, people } = world;
    const [alpha] = people;
    const byName = await list(team.admin.api, { search: alpha?.name.slice(0, 12).toUpperCase() ?? "" });
    expect(ids(byName)).toContain(alpha?.id);
    const byEmail = await list(team.admin.api, { search: alpha?.email.split("@")[0] ?? "" });
    expect(ids(byEmail)).toEqual([alpha?.id]);
    expect(await list(team.admin.api, { search: "%" })).toEqual([]);
    expect(await list(team.admin.api, { search: "no-such-person-anywhere" })).toEqual([]);
  });

  it("filters by role, and by tag (a department includes its roles)", async () => {
    const { team, ops, people } = world;
    const [alpha, bravo, charlie, delta, echo, foxtrot] = people;
    expect(ids(await list(team.admin.api, { role: "learner" })).sort()).toEqual(
      [alpha?.id, charlie?.id, echo?.id].sort(),
    );
    expect(ids(await list(team.admin.api, { role: "manager" }))).toEqual([delta?.id]);
    expect(ids(await list(team.admin.api, { tagId: String(ops.id) })).sort()).toEqual(
      [alpha?.id, bravo?.id, foxtrot?.id].sort(),
    );
    expect(ids(await list(team.admin.api, { tagId: String(ops.roleIds[0]) })).sort()).toEqual(
      [bravo?.id, foxtrot?.id].sort(),
    );
    expect(ids(await list(team.admin.api, { role: "learner", tagId: String(ops.id) }))).toEqual([alpha?.id]);
  });

  it("refuses another organization's tag as 'not found', and bad values with their messages", async () => {
    const { team, otherTag } = world;
    expect(refusal(await team.admin.api.get("/_api/team/members", { tagId: String(otherTag.id) }))).toEqual({
      status: 404,
      error: TEAM_MESSAGES.tagNotFound,
    });
    expect(refusal(await team.admin.api.get("/_api/team/members", { role: "boss" }))).toEqual({
      status: 400,
      error: TEAM_MESSAGES.roleInvalid,
    });
    for (const limit of ["0", "101", "x"]) {
      expect(refusal(await team.admin.api.get("/_api/team/members", { limit }))).toEqual({
        status: 400,
        error: M.limitInvalid,
      });
    }
  });

  it("gives another organization's members only their own team, whatever they search", async () => {
    const { other, people } = world;
    const found = await list(other.admin.api, { search: people[0]?.email ?? "" });
    expect(found).toEqual([]);
    expect(ids(await list(other.admin.api))).toEqual([other.admin.id]);
  });
});

describe("team/members pages", () => {
  it("walks every member once, in name order, page by page", async () => {
    const { team } = world;
    const everyone = await list(team.admin.api);
    const seen: MemberView[] = [];
    let cursor: number | undefined;
    for (let page = 0; page < 10; page += 1) {
      const query: Record<string, string> = { limit: "2" };
      if (cursor !== undefined) query.cursor = String(cursor);
      const rows = await list(team.admin.api, query);
      expect(rows.length).toBeLessThanOrEqual(2);
      seen.push(...rows);
      if (rows.length < 2) break;
      cursor = rows.at(-1)?.id;
    }
    expect(seen).toHaveLength(everyone.length);
    expect(ids(seen).sort()).toEqual(ids(everyone).sort());
    const keys = seen.map((row) => row.name.toLowerCase());
    expect(keys).toEqual([...keys].sort());
    expect(seen.find((row) => row.id === world.people[0]?.id)?.tags.map((tag) => tag.name)).toEqual(["Ops"]);
  });

  it("pages a tag's members, each once, in the unpaged list's order", async () => {
    const { team, ops } = world;
    const everyone = await list(team.admin.api, { tagId: String(ops.id) });
    expect(everyone).toHaveLength(3);
    const seen: MemberView[] = [];
    let cursor: number | undefined;
    for (let page = 0; page < 5; page += 1) {
      const query: Record<string, string> = { tagId: String(ops.id), limit: "1" };
      if (cursor !== undefined) query.cursor = String(cursor);
      const rows = await list(team.admin.api, query);
      seen.push(...rows);
      if (rows.length < 1) break;
      cursor = rows.at(-1)?.id;
    }
    expect(ids(seen)).toEqual(ids(everyone));
  });

  it("pages a search too, and refuses a cursor that is no member here", async () => {
    const { team, other } = world;
    const first = await list(team.admin.api, { role: "learner", limit: "1" });
    const second = await list(team.admin.api, { role: "learner", limit: "1", cursor: String(first[0]?.id) });
    expect(second).toHaveLength(1);
    expect(second[0]?.id).not.toBe(first[0]?.id);
    expect(second[0]?.role).toBe("learner");
    expect(
      refusal(await team.admin.api.get("/_api/team/members", { limit: "2", cursor: String(other.admin.id) })),
    ).toEqual({ status: 404, error: TEAM_MESSAGES.memberNotFound });
  });

  it("files a member under the name the organization gives them, and back under their own (decision 0211)", async () => {
    const { team, people } = world;
    const echo = people[4];
    if (!echo) throw new Error("The fixture has no fifth person");
    const rename = async (name: string) =>
      ok(
        await team.admin.api.post("/_api/team/update-member", {
          userId: echo.id,
          name,
          email: echo.email,
          role: "learner",
          tagIds: [],
        }),
      );
    const firstPage = async () => ids(await list(team.admin.api, { limit: "1" }));
    expect(await firstPage()).not.toEqual([echo.id]);
    await rename("Aaron Ahead-of-everyone");
    expect(await firstPage()).toEqual([echo.id]);
    expect(ids(await list(team.admin.api, { search: "ahead-OF", limit: "5" }))).toEqual([echo.id]);
    await rename(echo.name);
    expect(await firstPage()).not.toEqual([echo.id]);
    expect(await list(team.admin.api, { search: "ahead-of" })).toEqual([]);
  });
});
