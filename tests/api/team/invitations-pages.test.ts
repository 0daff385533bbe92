import { describe, expect, it } from "vitest";
import { Invitation, Organization, User } from "#server/entities.js";
import type { PendingInvitationView } from "#server/modules/team/invitations.presenter.js";
import { DAY_MS } from "#shared/constants.js";
import { INVITATIONS_UNPAGED_MAX, TEAM_ADMIN_MESSAGES as M } from "#shared/schemas/team-admin.js";
import { newCredentials } from "../../support/people.js";
import type { ApiClient } from "../support/client.js";
import { ok, orgWithMembers, refusal } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/**
 * team/invitations in pages (`limit`, `cursor`: the id of the previous page's last invitation), newest
 * first, as team/members pages; the documented call without them still answers the whole list of an
 * ordinary organization, and at most the newest INVITATIONS_UNPAGED_MAX of a huge one
 * (docs/decisions/0270-invitation-limits-pages-fair-outbox.md).
 */

const app = suiteApp();
const world = suiteFixture(async () => {
  const team = await orgWithMembers(app, { roles: ["manager"], label: "invpages" });
  const other = await orgWithMembers(app, { label: "invpages-other" });
  const rows = Array.from({ length: 7 }, (_, index) => {
    const who = newCredentials(`paged-${index}`);
    return { name: who.name, email: who.email, role: "learner" };
  });
  ok(await team.admin.api.post("/_api/team/invite-many", { rows }));
  const theirs = newCredentials("paged-theirs");
  ok(await other.admin.api.post("/_api/team/invite", { name: theirs.name, email: theirs.email }));
  return { team, other };
});

const list = async (api: ApiClient, query: Record<string, string> = {}) =>
  ok<PendingInvitationView[]>(await api.get("/_api/team/invitations", query));

async function walk(api: ApiClient, limit: number): Promise<PendingInvitationView[]> {
  const seen: PendingInvitationView[] = [];
  let cursor: number | undefined;
  for (let page = 0; page < 20; page += 1) {
    const query: Record<string, string> = { limit: String(limit) };
    if (cursor !== undefined) query.cursor = String(cursor);
    const rows = await list(api, query);
    expect(rows.length).toBeLessThanOrEqual(limit);
    seen.push(...rows);
    if (rows.length < limit) break;
    cursor = rows.at(-1)?.id;
  }
  return seen;
}

describe("team/invitations pages", () => {
  it("walks every open invitation once, newest first, in the unpaged list's order", async () => {
    const { team } = world;
    const everyone = await list(team.admin.api);
    expect(everyone).toHaveLength(7);
    const firstPage = await list(team.admin.api, { limit: "3" });
    expect(firstPage.map((row) => row.id)).toEqual(everyone.slice(0, 3).map((row) => row.id));
    const seen = await walk(team.admin.api, 3);
    expect(seen.map((row) => row.id)).toEqual(everyone.map((row) => row.id));
    expect(seen[0]).toEqual(everyone[0]);
    // A manager reads the same pages.
    expect((await walk(team.members.manager.api, 2)).map((row) => row.id)).toEqual(everyone.map((row) => row.id));
  });

  it("refuses a bad limit or cursor, and another organization's invitation as a cursor", async () => {
    const { team, other } = world;
    for (const limit of ["0", "101", "x"]) {
      expect(refusal(await team.admin.api.get("/_api/team/invitations", { limit }))).toEqual({
        status: 400,
        error: M.limitInvalid,
      });
    }
    expect(refusal(await team.admin.api.get("/_api/team/invitations", { limit: "2", cursor: "-1" }))).toEqual({
      status: 400,
      error: M.cursorInvalid,
    });
    const [theirs] = await list(other.admin.api);
    expect(
      refusal(await team.admin.api.get("/_api/team/invitations", { limit: "2", cursor: String(theirs?.id) })),
    ).toEqual({ status: 404, error: M.invitationNotFound });
    // Their pages hold only their own.
    expect((await walk(other.admin.api, 5)).map((row) => row.id)).toEqual([theirs?.id]);
  });
});

describe("team/invitations of a huge list", () => {
  it(`answers the newest ${INVITATIONS_UNPAGED_MAX} without paging, and every one in pages`, async () => {
    const big = await orgWithMembers(app, { label: "invpages-big" });
    const count = INVITATIONS_UNPAGED_MAX + 30;
    const em = app.orm.em.fork();
    const organization = em.getReference(Organization, big.org.id);
    const inviter = em.getReference(User, big.admin.id);
    const start = Date.now() - count * 1000;
    for (let index = 0; index < count; index += 1) {
      em.create(Invitation, {
        organization,
        name: `Bulk ${index}`,
        email: `bulk.${index}@example.com`,
        emailKey: `bulk.${index}@example.com`,
        role: "user",
        tagIds: [],
        secretHash: `big-${big.org.id}-${index}-`.padEnd(64, "x"),
        invitedBy: inviter,
        // Two at each moment, so the pages must tell equal times apart by id.
        createdAt: new Date(start + Math.floor(index / 2) * 1000),
        expiresAt: new Date(start + 7 * DAY_MS),
      });
    }
    await em.flush();
    const unpaged = await list(big.admin.api);
    expect(unpaged).toHaveLength(INVITATIONS_UNPAGED_MAX);
    expect(unpaged[0]?.name).toBe(`Bulk ${count - 1}`);
    const paged = await walk(big.admin.api, 100);
    expect(paged).toHaveLength(count);
    expect(new Set(paged.map((row) => row.id)).size).toBe(count);
    expect(paged.slice(0, INVITATIONS_UNPAGED_MAX).map((row) => row.id)).toEqual(unpaged.map((row) => row.id));
    expect(paged.at(-1)?.name).toBe("Bulk 0");
  });
});
