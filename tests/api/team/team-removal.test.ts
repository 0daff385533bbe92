import { describe, expect, it } from "vitest";
import type { MatrixReport } from "#server/modules/reports/reports.presenter.js";
import type { MemberView } from "#server/modules/team/team.presenter.js";
import { ORG_MESSAGES } from "#shared/schemas/orgs.js";
import { TEAM_MESSAGES } from "#shared/schemas/team.js";
import { TEAM_ADMIN_MESSAGES as M } from "#shared/schemas/team-admin.js";
import type { ApiClient } from "../support/client.js";
import {
  invite,
  joinOrg,
  type Member,
  me,
  ok,
  orgWithMembers,
  refusal,
  rowsOfOrganization,
} from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";
import { completeLessons, courseWithLessons } from "../support/training-fixtures.js";

/**
 * Removing people and leaving (decision 0120). The removed lose access on their very next request ("not
 * found"), their completions stay in the organization's records as a former member's, the last admin can
 * neither be removed nor leave, managers never remove an admin, and another organization changes nothing.
 */

const app = suiteApp();
const world = suiteFixture(async () => {
  const team = await orgWithMembers(app, { roles: ["manager", "teacher"], label: "removal" });
  const other = await orgWithMembers(app, { roles: ["manager"], label: "removal-other" });
  const course = await courseWithLessons(team.admin.api, { title: "Safety" }, 2);
  return { team, other, course };
});

const NO_ACCESS = { status: 404, error: ORG_MESSAGES.noAccess };
const MEMBER_NOT_FOUND = { status: 404, error: TEAM_MESSAGES.memberNotFound };

const remove = (by: ApiClient, userId: number) => by.post("/_api/team/remove-member", { userId });
const leave = (who: ApiClient, orgId: number) => who.post("/_api/orgs/leave", { orgId });
const memberIds = async (api: ApiClient, query: Record<string, string> = {}) =>
  ok<MemberView[]>(await api.get("/_api/team/members", query)).map((member) => member.id);
const matrix = (api: ApiClient, query: Record<string, string> = {}) =>
  api.get("/_api/reports/matrix", query).then((response) => ok<MatrixReport>(response));

describe("team/remove-member", () => {
  it("takes effect on the removed member's very next request, and keeps their completions as a former member's", async () => {
    const { team, course } = world;
    const learner = await joinOrg(app, team, "learner", { label: "leaving-learner" });
    await completeLessons(learner.api, course.lessons.slice(0, 1));
    // Their page is open: the typed client names the organization with every call.
    const header = { "x-organization-id": String(team.org.id) };
    expect((await learner.api.get("/_api/courses/list", {}, { headers: header })).status).toBe(200);

    expect(ok<{ message: string }>(await remove(team.admin.api, learner.id)).message).toContain(learner.name);

    expect(refusal(await learner.api.get("/_api/courses/list", {}, { headers: header }))).toEqual(NO_ACCESS);
    expect(refusal(await learner.api.get("/_api/team/members"))).toEqual(NO_ACCESS);
    expect(refusal(await learner.api.post("/_api/lessons/complete", { lessonId: course.lessons[1]?.id }))).toEqual(
      NO_ACCESS,
    );
    expect((await me(learner.api)).currentOrganization).toBeNull();
    expect(ok<unknown[]>(await learner.api.get("/_api/orgs/list"))).toEqual([]);

    expect(await memberIds(team.admin.api)).not.toContain(learner.id);
    const former = ok<MemberView[]>(await team.admin.api.get("/_api/team/members", { former: "true" }));
    // Who has gone is for those who manage the team.
    expect((await team.members.teacher.api.get("/_api/team/members", { former: "true" })).status).toBe(403);
    expect(former.find((row) => row.id === learner.id)).toEqual({
      id: learner.id,
      name: learner.name,
      email: learner.email,
      role: "learner",
      tags: [],
    });

    // The reports still show what they did, marked, and filterable.
    const all = await matrix(team.admin.api);
    expect(all.members.find((row) => row.userId === learner.id)).toMatchObject({ former: true, assignedCount: 0 });
    const cell = all.cells.tuples.find(([userId]) => userId === learner.id);
    expect(cell?.slice(0, 5)).toEqual([learner.id, course.course.id, false, "in_progress", 50]);
    expect((await matrix(team.admin.api, { former: "exclude" })).members.map((row) => row.userId)).not.toContain(
      learner.id,
    );
    const only = await matrix(team.admin.api, { former: "only" });
    expect(only.members.map((row) => row.userId)).toEqual([learner.id]);
    const courseReport = ok<{ members: { userId: number; former: boolean }[] }>(
      await team.admin.api.get("/_api/reports/course", { courseId: String(course.course.id) }),
    );
    expect(courseReport.members.find((row) => row.userId === learner.id)?.former).toBe(true);
    const memberReport = ok<{ member: { former: boolean } }>(
      await team.admin.api.get("/_api/reports/member", { userId: String(learner.id) }),
    );
    expect(memberReport.member.former).toBe(true);
    const csv = await team.admin.api.get("/_api/reports/matrix", { format: "csv" });
    expect(csv.text).toContain(`${learner.name} (former member)`);
  });

  it("lets them be invited again: they join as a member, no longer a former one", async () => {
    const { team } = world;
    const learner = await joinOrg(app, team, "learner", { label: "returning" });
    ok(await remove(team.admin.api, learner.id));
    const { token } = await invite(team.admin.api, { name: learner.name, email: learner.email, role: "teacher" });
    ok(await learner.api.post("/_api/team/accept-invite", { token }));
    expect(await memberIds(team.admin.api)).toContain(learner.id);
    expect(await memberIds(team.admin.api, { former: "true" })).not.toContain(learner.id);
  });

  it("lets a manager remove a non-admin, but never an admin or themselves", async () => {
    const { team } = world;
    const manager = team.members.manager.api;
    const learner = await joinOrg(app, team, "learner", { label: "by-manager" });
    ok(await remove(manager, learner.id));
    expect(refusal(await remove(manager, team.admin.id))).toEqual({ status: 403, error: M.removeAdmin });
    expect(refusal(await remove(manager, team.members.manager.id))).toEqual({ status: 403, error: M.removeSelf });
    expect(await memberIds(team.admin.api)).toEqual(expect.arrayContaining([team.admin.id, team.members.manager.id]));
  });

  it("refuses a teacher, an unknown person, and a bad id", async () => {
    const { team } = world;
    expect((await remove(team.members.teacher.api, team.members.manager.id)).status).toBe(403);
    expect(refusal(await remove(team.admin.api, 99_999_999))).toEqual(MEMBER_NOT_FOUND);
    expect(refusal(await team.admin.api.post("/_api/team/remove-member", { userId: -1 }))).toEqual({
      status: 400,
      error: TEAM_MESSAGES.userIdInvalid,
    });
  });

  it("is 'not found' for another organization's admin and manager, and changes nothing", async () => {
    const { team, other } = world;
    const before = await rowsOfOrganization(app, team.org.id);
    for (const stranger of [other.admin, other.members.manager]) {
      expect(refusal(await remove(stranger.api, team.members.teacher.id))).toEqual(MEMBER_NOT_FOUND);
      expect(refusal(await remove(stranger.api, team.admin.id))).toEqual(MEMBER_NOT_FOUND);
    }
    expect(await rowsOfOrganization(app, team.org.id)).toEqual(before);
    expect((await me(team.members.teacher.api)).currentOrganization?.id).toBe(team.org.id);
  });

  it("lets an admin remove another admin, and keeps the last one", async () => {
    const second = await orgWithMembers(app, { roles: ["learner"], label: "two-admins" });
    const coAdmin: Member = second.members.learner;
    ok(await second.admin.api.post("/_api/team/update-role", { userId: coAdmin.id, newRole: "admin" }));
    ok(await remove(coAdmin.api, second.admin.id));
    expect(refusal(await leave(coAdmin.api, second.org.id))).toEqual({ status: 409, error: M.lastAdminLeave });
    expect(await memberIds(coAdmin.api)).toEqual([coAdmin.id]);
  });

  it("lets only one of two admins removing each other at the same moment succeed", async () => {
    const pair = await orgWithMembers(app, { roles: ["learner"], label: "duel" });
    const other = pair.members.learner;
    ok(await pair.admin.api.post("/_api/team/update-role", { userId: other.id, newRole: "admin" }));
    const answers = await Promise.all([remove(pair.admin.api, other.id), remove(other.api, pair.admin.id)]);
    // The loser is refused: "not found" when the winner's removal committed before its request began,
    // "forbidden" when it had begun and then found, with the admin rows locked, that it was no admin any more.
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 404]).toContain(statuses[1]);
    const survivor = answers[0]?.status === 200 ? pair.admin : other;
    const team = ok<MemberView[]>(await survivor.api.get("/_api/team/members"));
    expect(team.map(({ id, role }) => ({ id, role }))).toEqual([{ id: survivor.id, role: "admin" }]);
  });
});

describe("orgs/leave", () => {
  it("takes a member out at once; they keep their account and can be invited again", async () => {
    const { team } = world;
    const learner = await joinOrg(app, team, "learner", { label: "quitter" });
    expect(ok<{ message: string }>(await leave(learner.api, team.org.id)).message).toContain(team.org.name);
    expect(refusal(await learner.api.get("/_api/orgs/get", { orgId: String(team.org.id) }))).toEqual(NO_ACCESS);
    expect(refusal(await leave(learner.api, team.org.id))).toEqual(NO_ACCESS);
    expect((await me(learner.api)).currentOrganization).toBeNull();
    // The former member is listed under the name they had there.
    const former = ok<MemberView[]>(await team.admin.api.get("/_api/team/members", { former: "true" }));
    expect(former.find((row) => row.id === learner.id)).toMatchObject({ name: learner.name, role: "learner" });
  });

  it("refuses the last admin, and lets them go once someone else is admin", async () => {
    const solo = await orgWithMembers(app, { roles: ["manager"], label: "solo" });
    expect(refusal(await leave(solo.admin.api, solo.org.id))).toEqual({ status: 409, error: M.lastAdminLeave });
    ok(await solo.admin.api.post("/_api/team/update-role", { userId: solo.members.manager.id, newRole: "admin" }));
    ok(await leave(solo.admin.api, solo.org.id));
    expect(await memberIds(solo.members.manager.api)).toEqual([solo.members.manager.id]);
  });

  it("is 'not found' for an organization one is not in, and changes nothing there", async () => {
    const { team, other } = world;
    const before = await rowsOfOrganization(app, team.org.id);
    expect(refusal(await leave(other.admin.api, team.org.id))).toEqual(NO_ACCESS);
    expect(refusal(await other.admin.api.post("/_api/orgs/leave", { orgId: "x" }))).toMatchObject({ status: 400 });
    expect(await rowsOfOrganization(app, team.org.id)).toEqual(before);
  });
});
