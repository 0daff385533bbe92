import { describe, expect, it } from "vitest";
import { InvitationSend, Organization, User } from "#server/entities.js";
import type { PendingInvitationView } from "#server/modules/team/invitations.presenter.js";
import { DAY_MS, HOUR_MS, INVITATION_LIMITS } from "#shared/constants.js";
import { INVITATION_LIMIT_MESSAGES as L } from "#shared/schemas/team-admin.js";
import { newCredentials } from "../../support/people.js";
import { startTestApp } from "../support/app.js";
import type { ApiClient } from "../support/client.js";
import { createOrg, ok, orgWithMembers, refusal, signUp } from "../support/org-fixtures.js";
import { suiteFixture } from "../support/suite.js";

/**
 * The invitation limits (INVITATION_LIMITS): per organization and per account, per hour and per 24 hours,
 * lower for an organization or account in its first week, so that nobody mails strangers through
 * Trainwright. team/invite and team/resend-invite are refused with 429 and a message the invite form
 * shows; team/invite-many sends what fits and lists the rest with the same message
 * (docs/decisions/0270-invitation-limits-pages-fair-outbox.md). The server's clock is moved, not waited for.
 */

let now = Date.now();
const app = suiteFixture(
  () => startTestApp({}, { clock: () => now }),
  (started) => started.close(),
);

const NEW_ORG = INVITATION_LIMITS.organization.new;
const ESTABLISHED_ORG = INVITATION_LIMITS.organization.established;
const NEW_ACCOUNT = INVITATION_LIMITS.account.new;

interface InviteManyAnswer {
  invited: { row: number; email: string }[];
  rejected: { row: number; email: string; reason: string }[];
}

function people(count: number, label: string) {
  return Array.from({ length: count }, (_, index) => {
    const who = newCredentials(`${label}-${index}`);
    return { name: who.name, email: who.email };
  });
}

const inviteMany = async (api: ApiClient, count: number, label: string) =>
  ok<InviteManyAnswer>(await api.post("/_api/team/invite-many", { rows: people(count, label) }));

const inviteOne = (api: ApiClient, label = "one") => {
  const who = newCredentials(label);
  return api.post("/_api/team/invite", { name: who.name, email: who.email });
};

/** Makes the organization and its admin's account older than the first week. */
async function established(organizationId: number, userId: number) {
  const em = app.orm.em.fork();
  const long = new Date(now - (INVITATION_LIMITS.newForDays + 1) * DAY_MS);
  await em.nativeUpdate(Organization, { id: organizationId }, { createdAt: long });
  await em.nativeUpdate(User, { id: userId }, { createdAt: long });
}

/** As if `count` invitations had been sent just now (quicker than sending them). */
async function alreadySent(organizationId: number, userId: number, count: number) {
  const em = app.orm.em.fork();
  em.create(InvitationSend, {
    organization: em.getReference(Organization, organizationId),
    sentBy: em.getReference(User, userId),
    sentAt: new Date(now),
    count,
  });
  await em.flush();
}

describe("a new organization", () => {
  it("sends its hourly number, then is refused with the reason; revoking gives no room back; an hour later it goes on", async () => {
    const team = await orgWithMembers(app, { label: "limit-new" });
    const api = team.admin.api;
    const hourly = `${L.organizationPerHour(NEW_ORG.perHour)} ${L.newOrganization}`;
    const first = await inviteMany(api, 150, "first");
    const second = await inviteMany(api, 80, "second");
    expect([first.invited.length, second.invited.length]).toEqual([150, NEW_ORG.perHour - 150]);
    // The rows past the limit are listed with the reason, in their order.
    expect(second.rejected.map((row) => row.row)).toEqual(Array.from({ length: 30 }, (_, index) => 50 + index));
    expect(new Set(second.rejected.map((row) => row.reason))).toEqual(new Set([hourly]));

    expect(refusal(await inviteOne(api))).toEqual({ status: 429, error: hourly });
    const [latest] = ok<PendingInvitationView[]>(await api.get("/_api/team/invitations", { limit: "1" }));
    expect(refusal(await api.post("/_api/team/resend-invite", { invitationId: latest?.id }))).toEqual({
      status: 429,
      error: hourly,
    });
    ok(await api.post("/_api/team/revoke-invite", { invitationId: latest?.id }));
    expect(refusal(await inviteOne(api))).toEqual({ status: 429, error: hourly });
    expect(ok<InviteManyAnswer>(await api.post("/_api/team/invite-many", { rows: people(2, "none") })).invited).toEqual(
      [],
    );

    // Another organization is not held back by this one.
    const other = await orgWithMembers(app, { label: "limit-new-other" });
    ok(await inviteOne(other.admin.api));

    now += HOUR_MS + 1;
    ok(await inviteOne(api));
    // The day's limit is next: what remains of it goes, the rest is refused with the day's message.
    const later = await inviteMany(api, 150, "later");
    expect(later.invited).toHaveLength(NEW_ORG.perDay - NEW_ORG.perHour - 1);
    expect(new Set(later.rejected.map((row) => row.reason))).toEqual(
      new Set([`${L.organizationPerDay(NEW_ORG.perDay)} ${L.newOrganization}`]),
    );
    now += DAY_MS;
    ok(await inviteOne(api));
  });
});

describe("an established organization", () => {
  it("has the higher limits, and its refusal says nothing of new organizations", async () => {
    const team = await orgWithMembers(app, { label: "limit-old" });
    await established(team.org.id, team.admin.id);
    await alreadySent(team.org.id, team.admin.id, ESTABLISHED_ORG.perHour - 1);
    const answer = await inviteMany(team.admin.api, 2, "edge");
    expect(answer.invited.map((row) => row.row)).toEqual([0]);
    expect(answer.rejected).toEqual([
      expect.objectContaining({ row: 1, reason: L.organizationPerHour(ESTABLISHED_ORG.perHour) }),
    ]);
  });
});

describe("one account across its organizations", () => {
  it("counts what the person sent in every organization", async () => {
    const person = await signUp(app, "limit-account");
    await createOrg(person);
    await inviteMany(person.api, 150, "acct-a");
    // A second organization of the same person: its own limit has room, the person's has 50 left.
    await createOrg(person);
    const answer = await inviteMany(person.api, 80, "acct-b");
    expect(answer.invited).toHaveLength(NEW_ACCOUNT.perHour - 150);
    expect(new Set(answer.rejected.map((row) => row.reason))).toEqual(
      new Set([`${L.accountPerHour(NEW_ACCOUNT.perHour)} ${L.newAccount}`]),
    );
    expect(refusal(await inviteOne(person.api))).toEqual({
      status: 429,
      error: `${L.accountPerHour(NEW_ACCOUNT.perHour)} ${L.newAccount}`,
    });
  });
});

describe("calls at once", () => {
  it("give the last place to one of them only", async () => {
    const team = await orgWithMembers(app, { roles: ["manager"], label: "limit-race" });
    // The manager's own invitation counted one: one place is left.
    await alreadySent(team.org.id, team.admin.id, NEW_ORG.perHour - 2);
    const callers = [team.admin.api, team.members.manager.api, team.admin.api, team.members.manager.api];
    const answers = await Promise.all(callers.map((api, index) => inviteOne(api, `race-${index}`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429, 429, 429]);
  });
});
