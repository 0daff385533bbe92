import { describe, expect, it } from "vitest";
import { Organization, OutboxMail } from "#server/entities.js";
import { queueMail } from "#server/platform/mail/outbox.js";
import { FIRST_RETRY_MS, MAX_ATTEMPTS, OUTBOX_LEASE_MS } from "#server/platform/mail/sender.js";
import { ORGANIZATION_HEADER } from "#shared/constants.js";
import { handDrivenMailSettingsFor, outboxSenderOf, startSmtpServer } from "../../support/smtp.js";
import { startTestApp, type TestApp } from "../support/app.js";
import { ok, orgWithMembers, refusal } from "../support/org-fixtures.js";
import { suiteFixture } from "../support/suite.js";

/**
 * The outbox (decision 0130) against a real SMTP server: leases, concurrent senders, retries with
 * backoff, and the admins' list of failed mail. The senders are driven by hand, on a clock the test moves.
 */

let now = Date.UTC(2030, 0, 2, 12);
const clock = () => now;

const smtp = suiteFixture(startSmtpServer, (server) => server.close());
// The app's own worker waits an hour between rounds: here the tests run the senders themselves.
const app = suiteFixture(
  () => startTestApp(handDrivenMailSettingsFor(smtp), { clock }),
  (started) => started.close(),
);

const senderOf = (target: TestApp) => outboxSenderOf(target, clock);

async function queue(count: number, label: string, organizationId: number | null = null): Promise<void> {
  const em = app.orm.em.fork();
  const organization = organizationId === null ? null : em.getReference(Organization, organizationId);
  for (let index = 0; index < count; index++) {
    const subject = `${label} ${index}`;
    queueMail(
      em,
      {
        kind: "invitation",
        recipient: `${label}.${index}@example.com`,
        organization,
        subject,
        text: subject,
        html: `<p>${subject}</p>`,
      },
      new Date(now),
    );
  }
  await em.flush();
}

const rowsLabelled = (label: string) =>
  app.orm.em.fork().find(OutboxMail, { subject: { $like: `${label} %` } }, { orderBy: { id: "asc" } });

const subjectsArrived = (label: string) =>
  smtp.received.filter((mail) => mail.subject.startsWith(`${label} `)).map((mail) => mail.subject);

describe("the outbox sender", () => {
  it("resends, after the lease, the mails of a sender that died mid-batch, and keeps no body once sent", async () => {
    await queue(3, "lease");
    const dead = senderOf(app);
    expect(await dead.claim()).toHaveLength(3);
    // The claims are not released: another sender sees nothing to do until they expire.
    const survivor = senderOf(app);
    expect(await survivor.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    now += OUTBOX_LEASE_MS - 1;
    expect((await survivor.runOnce()).sent).toBe(0);
    now += 2;
    expect(await survivor.runOnce()).toEqual({ sent: 3, retried: 0, failed: 0 });
    expect(subjectsArrived("lease").sort()).toEqual(["lease 0", "lease 1", "lease 2"]);
    const rows = await rowsLabelled("lease");
    expect(rows.map((row) => [row.sentAt?.getTime(), row.text, row.html, row.claimToken])).toEqual(
      rows.map(() => [now, "", "", null]),
    );
  });

  it("never sends a mail twice with two instances' senders running at once", async () => {
    await queue(45, "race");
    const second = await startTestApp(handDrivenMailSettingsFor(smtp), { sameDatabaseAs: app, clock });
    try {
      const senders = [senderOf(app), senderOf(second), senderOf(app), senderOf(second)];
      let sent = 0;
      for (let round = 0; round < 10 && sent < 45; round++) {
        const reports = await Promise.all(senders.map((sender) => sender.runOnce()));
        sent += reports.reduce((sum, report) => sum + report.sent, 0);
      }
      expect(sent).toBe(45);
      const arrived = subjectsArrived("race");
      expect(arrived).toHaveLength(45);
      expect(new Set(arrived).size).toBe(45);
    } finally {
      await second.close();
    }
  });

  it("retries a refused mail with a doubling wait, then sends it", async () => {
    await queue(1, "retry");
    const sender = senderOf(app);
    smtp.refuseNext(2, 451);
    const started = now;
    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    let [row] = await rowsLabelled("retry");
    expect(row?.attempts).toBe(1);
    expect(row?.nextAttemptAt.getTime()).toBe(started + FIRST_RETRY_MS);
    expect(row?.lastError).toMatch(/451/);
    // Not due yet: nothing is tried.
    expect((await sender.runOnce()).retried).toBe(0);
    now = started + FIRST_RETRY_MS;
    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    [row] = await rowsLabelled("retry");
    expect(row?.nextAttemptAt.getTime()).toBe(now + 2 * FIRST_RETRY_MS);
    now += 2 * FIRST_RETRY_MS;
    expect(await sender.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(subjectsArrived("retry")).toEqual(["retry 0"]);
    [row] = await rowsLabelled("retry");
    expect(row?.attempts).toBe(3);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts, or at once on a permanent refusal, and shows admins the failures`, async () => {
    const team = await orgWithMembers(app, { roles: ["manager", "learner"], label: "mailfail" });
    const other = await orgWithMembers(app, { label: "mailother" });
    const sender = senderOf(app);
    // The invitations that made the team were mailed through the outbox too: out of the way first.
    for (let round = 0; round < 5 && (await sender.runOnce()).sent > 0; round++);
    await queue(1, "transient", team.org.id);
    smtp.refuseNext(MAX_ATTEMPTS, 451);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const report = await sender.runOnce();
      expect(report).toEqual(
        attempt < MAX_ATTEMPTS ? { sent: 0, retried: 1, failed: 0 } : { sent: 0, retried: 0, failed: 1 },
      );
      now += 2 ** attempt * FIRST_RETRY_MS;
    }
    await queue(1, "permanent", team.org.id);
    smtp.refuseNext(1, 550);
    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    const [permanent] = await rowsLabelled("permanent");
    expect(permanent?.attempts).toBe(1);
    expect([permanent?.text, permanent?.html]).toEqual(["", ""]);

    const problems = ok<{ subject: string; recipient: string; attempts: number; lastError: string; failedAt: Date }[]>(
      await team.admin.api.get("/_api/mail/problems"),
    );
    expect(problems.map((problem) => [problem.subject, problem.attempts])).toEqual([
      ["permanent 0", 1],
      ["transient 0", MAX_ATTEMPTS],
    ]);
    expect(problems[0]?.lastError).toMatch(/550/);
    // Admins only; another organization's admin naming this one finds nothing, and their own list is empty.
    expect(refusal(await team.members.manager.api.get("/_api/mail/problems")).status).toBe(403);
    expect(refusal(await team.members.learner.api.get("/_api/mail/problems")).status).toBe(403);
    const stranger = await other.admin.api.get("/_api/mail/problems", undefined, {
      headers: { [ORGANIZATION_HEADER]: String(team.org.id) },
    });
    expect(refusal(stranger).status).toBe(404);
    expect(ok(await other.admin.api.get("/_api/mail/problems"))).toEqual([]);
  });
});
