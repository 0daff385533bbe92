import { describe, expect, it } from "vitest";
import { CertificateCompletion } from "#server/entities.js";
import { expiryOf } from "#server/modules/certifications/certifications.rules.js";
import { runDueBatches } from "#server/modules/training/mail-batches.js";
import { OutboxSender } from "#server/platform/mail/sender.js";
import { smtpTransport } from "#server/platform/mail/transport.js";
import { DAY_MS, HOUR_MS } from "#shared/constants.js";
import { mailSettingsFor, type ReceivedMail, startSmtpServer } from "../../support/smtp.js";
import { startTestApp } from "../support/app.js";
import { myCertificates } from "../support/certificate-fixtures.js";
import { joinOrg, ok, orgWithMembers } from "../support/org-fixtures.js";
import { suiteFixture } from "../support/suite.js";
import { completeLessons, courseWithLessons, myItem } from "../support/training-fixtures.js";

/**
 * Recertification on a fake clock (docs/decisions/0310, 0312): the window re-assigns the course due on the
 * expiry day with progress started over while the old certificate stays valid; the expiry reminders go
 * out once each, 30, 7 and 1 days before and on the day, to those who did not turn reminders off.
 */

let frozenNow: number | null = null;
const smtp = suiteFixture(startSmtpServer, (server) => server.close());
const app = suiteFixture(
  () => startTestApp({ ...mailSettingsFor(smtp), MAIL_POLL_MS: "3600000" }, { clock: () => frozenNow ?? Date.now() }),
  (started) => started.close(),
);

const world = suiteFixture(async () => {
  const team = await orgWithMembers(app, { label: "recert", name: "Harbour Bistro" });
  const cook = await joinOrg(app, team, "learner", { label: "cook" });
  const quiet = await joinOrg(app, team, "learner", { label: "quiet" });
  ok(await quiet.api.post("/_api/mail/preferences", { orgId: team.org.id, remindersEnabled: false }));
  const { course, lessons } = await courseWithLessons(team.admin.api, {
    title: "Allergen Awareness",
    certification: { validityMonths: 12, recertifyDaysBefore: 30 },
  });
  await completeLessons(cook.api, lessons);
  await completeLessons(quiet.api, lessons);
  const [first] = (await myCertificates(cook.api)).filter((c) => c.courseId === course.id);
  if (!first?.expiresAt) throw new Error("The cook holds no expiring certificate.");
  return { team, cook, quiet, course, lessons, first, expiresAt: first.expiresAt };
});

const mailOf = () => {
  if (!app.config.mail) throw new Error("The test app has no e-mail settings.");
  return app.config.mail;
};

/** 08:00 UTC, `days` days before the expiry day (negative: after it): the daily batches are due. */
const morningBefore = (days: number) => {
  const expiry = world.expiresAt;
  return Date.UTC(expiry.getUTCFullYear(), expiry.getUTCMonth(), expiry.getUTCDate()) - days * DAY_MS + 8 * HOUR_MS;
};

/** Runs the day's batches at `at` and sends the outbox; the expiry reminders that arrived. */
async function remindersOn(at: number): Promise<ReceivedMail[]> {
  await runDueBatches(app.orm.em.fork(), mailOf(), new Date(at));
  const before = smtp.received.length;
  const sender = new OutboxSender({
    orm: app.orm,
    transport: smtpTransport(mailOf()),
    clock: () => at,
    messageIdDomain: "test",
  });
  for (let round = 0; round < 20 && (await sender.runOnce()).sent > 0; round++);
  return smtp.received.slice(before).filter((mail) => mail.subject.startsWith("Your certificate"));
}

describe("recertification", () => {
  it("before the window the course stays completed and optional, with a valid certificate", async () => {
    expect(world.expiresAt).toEqual(expiryOf(world.first.issuedAt, 12));
    frozenNow = morningBefore(40);
    expect(await myItem(world.cook.api, world.course.id)).toMatchObject({
      status: "completed",
      required: false,
      dueAt: null,
      certificate: { status: "valid", expiresAt: world.expiresAt },
    });
  });

  it("the window re-assigns the course due on the expiry day, progress starts over, the certificate stays valid", async () => {
    frozenNow = morningBefore(29);
    expect(await myItem(world.cook.api, world.course.id)).toMatchObject({
      status: "not_started",
      required: true,
      dueAt: world.expiresAt,
      completedLessons: 0,
      certificate: { status: "expiring", expiresAt: world.expiresAt },
    });
    const mine = (await myCertificates(world.cook.api)).filter((c) => c.courseId === world.course.id);
    expect(mine.map((c) => [c.cycle, c.status])).toEqual([[1, "expiring"]]);
    // The completions that earned it are kept with it.
    const kept = await app.orm.em
      .fork()
      .count(CertificateCompletion, { certificate: world.first.id }, { filters: false });
    expect(kept).toBe(world.lessons.length);
    const page = await app.newAgent().get(`/verify/${world.first.verificationCode}`);
    expect(page.text).toContain("Valid until");
  });

  it("reminds 30, 7 and 1 days before and on the expiry day, once each, not those who turned reminders off", async () => {
    const subjects: Record<number, string[]> = {};
    for (const days of [31, 30, 8, 7, 1, 0, -1]) {
      const arrived = await remindersOn(morningBefore(days));
      expect(arrived.every((mail) => !mail.to.includes(world.quiet.email))).toBe(true);
      subjects[days] = arrived.filter((mail) => mail.to.includes(world.cook.email)).map((mail) => mail.subject);
    }
    const soon = "Your certificate expires soon at Harbour Bistro";
    expect(subjects).toEqual({
      31: [],
      30: [soon],
      8: [],
      7: [soon],
      1: [soon],
      0: ["Your certificate expires today at Harbour Bistro"],
      [-1]: [],
    });
    // The same day again: the batch ran already, on this instance or another.
    expect(await remindersOn(morningBefore(7) + HOUR_MS)).toEqual([]);
    expect(await remindersOn(morningBefore(1))).toEqual([]);
  });

  it("after expiry the course is overdue and the page says expired; completing it again issues the next certificate", async () => {
    frozenNow = morningBefore(-2);
    expect(await myItem(world.cook.api, world.course.id)).toMatchObject({
      status: "overdue",
      required: true,
      dueAt: world.expiresAt,
      certificate: { status: "expired" },
    });
    const page = await app.newAgent().get(`/verify/${world.first.verificationCode}`);
    expect(page.text).toContain("Expired on");
    // The member report names the certificate too, on screen and in its CSV.
    const report = ok<{ courses: { courseId: number; certificate: unknown }[] }>(
      await world.team.admin.api.get("/_api/reports/member", { userId: String(world.cook.id) }),
    );
    expect(report.courses.find((c) => c.courseId === world.course.id)?.certificate).toEqual({
      status: "expired",
      expiresAt: world.expiresAt,
    });
    const csv = await world.team.admin.api.get("/_api/reports/member", {
      userId: String(world.cook.id),
      format: "csv",
    });
    expect(csv.text).toContain(`,Expired,${world.expiresAt.toISOString().slice(0, 10)}`);
    // The course report names each member's certificate of it, and so does its CSV.
    const courseReport = ok<{ course: { certified: boolean }; members: { userId: number; certificate: unknown }[] }>(
      await world.team.admin.api.get("/_api/reports/course", { courseId: String(world.course.id) }),
    );
    expect(courseReport.course.certified).toBe(true);
    expect(courseReport.members.find((m) => m.userId === world.cook.id)?.certificate).toEqual({
      status: "expired",
      expiresAt: world.expiresAt,
    });
    const courseCsv = await world.team.admin.api.get("/_api/reports/course", {
      courseId: String(world.course.id),
      format: "csv",
    });
    const [header = "", ...lines] = courseCsv.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header.endsWith(",Certificate,Certificate expires")).toBe(true);
    expect(lines.find((line) => line.includes(world.cook.email))).toMatch(
      new RegExp(`,Expired,${world.expiresAt.toISOString().slice(0, 10)}$`),
    );
    // lessons/complete dates a completion by the real clock (the progress module's), so the holder completes
    // the course again in the present, where the first certificate has not expired yet.
    frozenNow = null;
    await completeLessons(world.cook.api, world.lessons);
    expect(await myItem(world.cook.api, world.course.id)).toMatchObject({
      status: "completed",
      required: false,
      certificate: { status: "valid" },
    });
    const mine = (await myCertificates(world.cook.api)).filter((c) => c.courseId === world.course.id);
    expect(mine.map((c) => [c.cycle, c.status])).toEqual([
      [2, "valid"],
      [1, "valid"],
    ]);
    expect(mine[0]?.number).toBe(`TW-${world.course.id}-${world.cook.id}-2`);
  });
});
