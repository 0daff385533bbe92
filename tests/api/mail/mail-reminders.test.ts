import { describe, expect, inject, it } from "vitest";
import { MailBatch, OutboxMail, ReminderOptOut } from "#server/entities.js";
import { runDueBatches } from "#server/modules/training/mail-batches.js";
import { OutboxSender } from "#server/platform/mail/sender.js";
import { smtpTransport } from "#server/platform/mail/transport.js";
import { MAIL_MESSAGES } from "#shared/schemas/mail.js";
import { mailSettingsFor, type ReceivedMail, startSmtpServer } from "../../support/smtp.js";
import { startTestApp, type TestApp } from "../support/app.js";
import { joinOrg, ok, orgWithMembers, refusal } from "../support/org-fixtures.js";
import { suiteFixture } from "../support/suite.js";
import { completeLessons, courseWithLessons } from "../support/training-fixtures.js";

/**
 * The daily reminder and the weekly summary (decisions 0131–0132): who is reminded of what, by
 * the deadlines of decision 0040; unsubscribing; and each batch running once however many instances share the database.
 */

// Monday 7 January 2030, 08:00 UTC: both the daily and the weekly batch are due.
const MONDAY = Date.UTC(2030, 0, 7, 8);
const DAY = 24 * 60 * 60 * 1000;
const onPostgres = inject("testDb") === "postgres";

const smtp = suiteFixture(startSmtpServer, (server) => server.close());
const app = suiteFixture(
  () => startTestApp({ ...mailSettingsFor(smtp), MAIL_POLL_MS: "3600000" }),
  (started) => started.close(),
);

function mailOf(target: TestApp) {
  const mail = target.config.mail;
  if (!mail) throw new Error("The test app has no e-mail settings.");
  return mail;
}

/** Sends everything the outbox holds (at a clock past every backoff) and returns what arrived meanwhile. */
async function sendAll(at: number): Promise<ReceivedMail[]> {
  const before = smtp.received.length;
  const sender = new OutboxSender({
    orm: app.orm,
    transport: smtpTransport(mailOf(app)),
    clock: () => at,
    messageIdDomain: "test",
  });
  for (let round = 0; round < 20 && (await sender.runOnce()).sent > 0; round++);
  return smtp.received.slice(before);
}

const team = suiteFixture(async () => {
  const made = await orgWithMembers(app, {
    roles: ["manager", "learner", "teacher"],
    label: "remind",
    name: "Remind & Co",
  });
  const finisher = await joinOrg(app, made, "learner", { label: "finisher" });
  const admin = made.admin.api;
  const soon = await courseWithLessons(admin, { title: "Due <soon>", required: true, dueDate: "2030-01-09" });
  await courseWithLessons(admin, { title: "Due later", required: true, dueDate: "2030-01-20" });
  const late = await courseWithLessons(admin, { title: "Late one", required: true, dueDate: "2030-01-05" });
  await courseWithLessons(admin, { title: "Optional one", required: false });
  await completeLessons(finisher.api, [...soon.lessons, ...late.lessons]);
  // The teacher turns reminders off on the account page.
  ok(await made.members.teacher.api.post("/_api/mail/preferences", { orgId: made.org.id, remindersEnabled: false }));
  return { ...made, finisher };
});

const to = (mails: ReceivedMail[], email: string) => mails.filter((mail) => mail.to.includes(email));

describe("scheduled mails", () => {
  it("reminds those with required training due within 3 days or overdue, unless done or unsubscribed", async () => {
    const { admin, members, finisher } = team;
    const ran = await runDueBatches(app.orm.em.fork(), mailOf(app), new Date(MONDAY));
    expect(ran.map(({ kind, period }) => [kind, period])).toEqual([
      ["daily-reminders", "2030-01-07"],
      ["weekly-summary", "week-of-2030-01-07"],
      ["certificate-expiry-reminders", "2030-01-07"],
    ]);
    const arrived = (await sendAll(MONDAY)).filter((mail) => !mail.subject.startsWith("You're invited"));
    const reminders = arrived.filter((mail) => mail.subject === "Overdue training at Remind & Co");
    expect(reminders.flatMap((mail) => mail.to).sort()).toEqual(
      [admin.email, members.manager.email, members.learner.email].sort(),
    );
    const [learnerMail] = to(reminders, members.learner.email);
    expect(learnerMail?.text).toContain(`Hello ${members.learner.name},`);
    expect(learnerMail?.text).toContain("- Late one: overdue since Jan 5, 2030\n- Due <soon>: due Jan 9, 2030");
    expect(learnerMail?.text).not.toMatch(/Due later|Optional one/);
    expect(learnerMail?.html).toContain("<li>Due &lt;soon&gt;: due Jan 9, 2030</li>");
    expect(learnerMail?.html).toContain("Remind &amp; Co");
    expect(learnerMail?.text).toContain(`http://trainwright.example.test/${team.org.slug}/dashboard`);

    // The weekly summary goes to admins and managers, naming everyone overdue (the unsubscribed teacher too).
    const summaries = arrived.filter((mail) => mail.subject.startsWith("Weekly training summary"));
    expect(summaries.flatMap((mail) => mail.to).sort()).toEqual([admin.email, members.manager.email].sort());
    const summary = summaries[0]?.text ?? "";
    for (const person of [admin, members.manager, members.learner, members.teacher]) {
      expect(summary).toContain(`${person.name} (${person.email}): Late one: overdue since Jan 5, 2030`);
    }
    expect(summary).not.toContain(finisher.email);
    expect(summaries[0]?.subject).toBe("Weekly training summary for Remind & Co: 4 people have overdue training");

    // The same day again: nothing runs twice.
    expect(await runDueBatches(app.orm.em.fork(), mailOf(app), new Date(MONDAY + 3 * 60 * 60 * 1000))).toEqual([]);
  });

  it("stops a member's reminders through the signed link in the mail", async () => {
    const { members } = team;
    const [reminder] = to(smtp.received, members.learner.email).filter((mail) => mail.subject.startsWith("Overdue"));
    const link = /http:\/\/trainwright\.example\.test\/unsubscribe\?token=([^\s"]+)/.exec(reminder?.text ?? "");
    const token = link?.[1] ?? "";
    expect(token).not.toBe("");
    const tampered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    expect(refusal(await app.newAgent().post("/_api/mail/unsubscribe", { token: tampered }))).toEqual({
      status: 404,
      error: MAIL_MESSAGES.unsubscribeInvalid,
    });
    // No sign-in needed: the token is the permission. Twice is the same as once.
    expect(ok(await app.newAgent().post("/_api/mail/unsubscribe", { token }))).toEqual({ orgName: "Remind & Co" });
    ok(await app.newAgent().post("/_api/mail/unsubscribe", { token }));
    expect(ok(await members.learner.api.get("/_api/mail/preferences"))).toEqual([
      { orgId: team.org.id, orgName: "Remind & Co", remindersEnabled: false },
    ]);
    const tuesday = MONDAY + DAY;
    expect((await runDueBatches(app.orm.em.fork(), mailOf(app), new Date(tuesday))).map((run) => run.kind)).toEqual([
      "daily-reminders",
      "certificate-expiry-reminders",
    ]);
    const reminded = (await sendAll(tuesday)).flatMap((mail) => mail.to);
    expect(reminded).toContain(team.admin.email);
    expect(reminded).not.toContain(members.learner.email);
    expect(reminded).not.toContain(members.teacher.email);
    // Turned on again on the account page, the next day's reminder comes.
    ok(await members.learner.api.post("/_api/mail/preferences", { orgId: team.org.id, remindersEnabled: true }));
    await runDueBatches(app.orm.em.fork(), mailOf(app), new Date(tuesday + DAY));
    expect((await sendAll(tuesday + DAY)).flatMap((mail) => mail.to)).toContain(members.learner.email);
  });

  it("leaves another organization's reminder preferences alone", async () => {
    const stranger = await orgWithMembers(app, { label: "remindstranger" });
    const before = await app.orm.em.fork().count(ReminderOptOut, { organization: team.org.id });
    const answer = await stranger.admin.api.post("/_api/mail/preferences", {
      orgId: team.org.id,
      remindersEnabled: false,
    });
    expect(refusal(answer).status).toBe(404);
    expect(await app.orm.em.fork().count(ReminderOptOut, { organization: team.org.id })).toBe(before);
    expect(ok(await stranger.admin.api.get("/_api/mail/preferences"))).toEqual([
      { orgId: stranger.org.id, orgName: stranger.org.name, remindersEnabled: true },
    ]);
  });

  it("runs each batch on one instance only when two share the database", async () => {
    const second = await startTestApp({ ...mailSettingsFor(smtp), MAIL_POLL_MS: "3600000" }, { sameDatabaseAs: app });
    try {
      const friday = new Date(MONDAY + 4 * DAY);
      const queuedBefore = await app.orm.em.fork().count(OutboxMail, { kind: "reminder" });
      const instances = [app, second, app];
      const run = (instance: TestApp) => runDueBatches(instance.orm.em.fork(), mailOf(instance), friday);
      // PostgreSQL: all at once. SQLite serves one process (docs/DESIGN.md §1); two connections to its file
      // in this one test process would block each other's event loop, so there the instances take turns.
      const runs = onPostgres
        ? await Promise.all(instances.map(run))
        : [await run(app), await run(second), await run(app)];
      const ran = runs.flat();
      expect(ran.map((run) => run.kind)).toEqual(["daily-reminders", "certificate-expiry-reminders"]);
      expect(await app.orm.em.fork().count(MailBatch, { kind: "daily-reminders", period: "2030-01-11" })).toBe(1);
      const queuedAfter = await app.orm.em.fork().count(OutboxMail, { kind: "reminder" });
      expect(queuedAfter - queuedBefore).toBe(ran[0]?.queued);
      expect(ran[0]?.queued).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  });
});
