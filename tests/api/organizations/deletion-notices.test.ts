import { describe, expect, it } from "vitest";
import { ORG_MESSAGES as M } from "#shared/schemas/orgs.js";
import { createOrg, me, ok, orgWithMembers, refusal, signUp } from "../support/org-fixtures.js";
import { suiteApp } from "../support/suite.js";

/**
 * A member of a deleted organization is told that it was deleted (decision 0296): orgs/deleted lists the
 * caller's notices, orgs/dismiss-deleted removes one of their own and nobody else's.
 */

const app = suiteApp();

interface Notice {
  id: number;
  organizationName: string;
  organizationSlug: string;
  deletedByName: string | null;
  deletedAt: string;
}

const noticesOf = async (api: Parameters<typeof me>[0]) => ok<Notice[]>(await api.get("/_api/orgs/deleted"));

describe("notices of a deleted organization", () => {
  it("tells every other member who deleted which organization, and not the one who deleted it", async () => {
    const team = await orgWithMembers(app, { roles: ["manager", "learner"], label: "doomed", name: "Casa Rosa" });
    const bystander = await orgWithMembers(app, { roles: ["learner"], label: "bystander" });
    ok(await team.admin.api.post("/_api/orgs/delete", { orgId: team.org.id }));

    for (const member of [team.members.manager, team.members.learner]) {
      const notices = await noticesOf(member.api);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        organizationName: "Casa Rosa",
        organizationSlug: team.org.slug,
        deletedByName: team.admin.name,
      });
      // The organization itself is gone for them: its slug reads "not found".
      expect(refusal(await member.api.get("/_api/orgs/validate-slug", { slug: team.org.slug })).status).toBe(404);
      expect((await me(member.api)).currentOrganization).toBeNull();
    }
    expect(await noticesOf(team.admin.api)).toEqual([]);
    expect(await noticesOf(bystander.members.learner.api)).toEqual([]);
    expect(await noticesOf(bystander.admin.api)).toEqual([]);
  });

  it("dismisses one's own notice; another person's is not found and stays", async () => {
    const team = await orgWithMembers(app, { roles: ["learner", "teacher"], label: "closing" });
    ok(await team.admin.api.post("/_api/orgs/delete", { orgId: team.org.id }));
    const [learnerNotice] = await noticesOf(team.members.learner.api);
    const [teacherNotice] = await noticesOf(team.members.teacher.api);
    if (!learnerNotice || !teacherNotice) throw new Error("both members should have a notice");

    // The teacher cannot dismiss the learner's notice, nor can a stranger from another organization.
    const stranger = await signUp(app, "stranger");
    await createOrg(stranger);
    for (const other of [team.members.teacher.api, stranger.api]) {
      expect(refusal(await other.post("/_api/orgs/dismiss-deleted", { noticeId: learnerNotice.id }))).toEqual({
        status: 404,
        error: "Notice not found.",
      });
    }
    expect(await noticesOf(team.members.learner.api)).toHaveLength(1);

    expect(
      ok(await team.members.learner.api.post("/_api/orgs/dismiss-deleted", { noticeId: learnerNotice.id })),
    ).toEqual({ message: "Notice dismissed." });
    expect(await noticesOf(team.members.learner.api)).toEqual([]);
    expect(await noticesOf(team.members.teacher.api)).toHaveLength(1);
    expect(refusal(await team.members.learner.api.post("/_api/orgs/dismiss-deleted", { noticeId: 0 })).status).toBe(
      400,
    );
  });

  it("is for signed-in people only", async () => {
    const visitor = app.newAgent();
    expect((await visitor.get("/_api/orgs/deleted")).status).toBe(401);
    expect((await visitor.post("/_api/orgs/dismiss-deleted", { noticeId: 1 })).status).toBe(401);
    // Unchanged wording for everything else about organizations.
    expect(M.noAccess).toBe("You don't have access to this organization.");
  });
});
