import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  InvitationSend,
  KnownDevice,
  Organization,
  RateLimitBucket,
  RateLimitStreak,
  Session,
  User,
} from "#server/entities.js";
import { HOUSEKEEPING_JOB } from "#server/housekeeping.js";
import { DAY_MS } from "#shared/constants.js";
import { startTestApp, type TestApp } from "../support/app.js";
import { registerUser } from "../support/fixtures.js";
import { orgWithMembers } from "../support/org-fixtures.js";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe("housekeeping", () => {
  it("removes expired sessions, past rate-limit windows, forgotten runs of failures and long-unused devices, and keeps live ones", async () => {
    await registerUser(app.api);
    const em = app.orm.em.fork();
    const live = await em.find(Session, {});
    expect(live).toHaveLength(1);
    const expired = live[0];
    if (!expired) throw new Error("no session");
    const secondAgent = app.newAgent();
    await registerUser(secondAgent);
    expired.expiresAt = new Date(Date.now() - 1000);
    em.create(RateLimitBucket, { bucketKey: "ip:old", windowNumber: 1, hits: 3 });
    const twoDaysAgo = Date.now() - 2 * DAY_MS;
    em.create(RateLimitStreak, { streakKey: "account:old", hits: 12, firstAt: twoDaysAgo, lastAt: twoDaysAgo });
    em.create(RateLimitStreak, { streakKey: "account:recent", hits: 12, firstAt: twoDaysAgo, lastAt: Date.now() });
    await em.flush();
    const devices = await em.find(KnownDevice, {}, { orderBy: { lastSignInAt: "asc" } });
    expect(devices).toHaveLength(2);
    const forgotten = devices[0]?.deviceHash;
    await em.nativeUpdate(
      KnownDevice,
      { deviceHash: forgotten },
      { lastSignInAt: new Date(Date.now() - 400 * DAY_MS) },
    );

    await app.runScheduledJob(HOUSEKEEPING_JOB);

    const after = app.orm.em.fork();
    expect(await after.count(Session, {})).toBe(1);
    expect(await after.count(Session, { tokenHash: expired.tokenHash })).toBe(0);
    expect(await after.count(RateLimitBucket, { bucketKey: "ip:old" })).toBe(0);
    expect((await after.find(RateLimitStreak, {})).map((streak) => streak.streakKey)).toEqual(["account:recent"]);
    expect(await after.count(KnownDevice, {})).toBe(1);
    expect(await after.count(KnownDevice, { deviceHash: forgotten })).toBe(0);
    expect((await app.api.get("/_api/auth/me")).status).toBe(401);
    expect((await secondAgent.get("/_api/auth/me")).status).toBe(200);
  });

  it("forgets what the invitation limits counted once it is a day old", async () => {
    const team = await orgWithMembers(app, { label: "housekeeping" });
    const em = app.orm.em.fork();
    const organization = em.getReference(Organization, team.org.id);
    const sentBy = em.getReference(User, team.admin.id);
    em.create(InvitationSend, { organization, sentBy, sentAt: new Date(Date.now() - DAY_MS - 1000), count: 50 });
    em.create(InvitationSend, { organization, sentBy, sentAt: new Date(Date.now() - DAY_MS + 60_000), count: 7 });
    await em.flush();
    await app.runScheduledJob(HOUSEKEEPING_JOB);
    const left = await app.orm.em.fork().find(InvitationSend, { organization: team.org.id }, { filters: false });
    expect(left.map((row) => row.count)).toEqual([7]);
  });

  it("sweeps as an instance starts, as a job of the one scheduler", async () => {
    const em = app.orm.em.fork();
    em.create(RateLimitBucket, { bucketKey: "ip:at-start", windowNumber: 1, hits: 3 });
    await em.flush();
    // A second instance over the same database, its scheduler's timers on as in production.
    const second = await startTestApp({}, { sameDatabaseAs: app, scheduledTimers: true });
    try {
      await expect.poll(() => app.orm.em.fork().count(RateLimitBucket, { bucketKey: "ip:at-start" })).toBe(0);
    } finally {
      await second.close();
    }
  });
});
