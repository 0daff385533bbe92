import { describe, expect, it } from "vitest";
import { Organization, OutboxMail } from "#server/entities.js";
import type { MailKind } from "#server/platform/mail/outbox.entity.js";
import { queueMail } from "#server/platform/mail/outbox.js";
import { OUTBOX_BATCH_SIZE, type OutboxSender } from "#server/platform/mail/sender.js";
import { handDrivenMailSettingsFor, outboxSenderOf, startSmtpServer } from "../../support/smtp.js";
import { startTestApp, type TestApp } from "../support/app.js";
import { uniqueSlug } from "../support/org-fixtures.js";
import { suiteFixture } from "../support/suite.js";

/**
 * Which mail the outbox sends first (docs/decisions/0270-invitation-limits-pages-fair-outbox.md): a
 * password reset before any bulk mail, and bulk mail in rounds across organizations, the one whose mail
 * has waited longest first, so one organization's thousands of invitations hold nobody else's mail back.
 * The senders are driven by hand.
 */

let now = Date.UTC(2030, 0, 2, 12);
const clock = () => now;

const smtp = suiteFixture(startSmtpServer, (server) => server.close());
const app = suiteFixture(
  () => startTestApp(handDrivenMailSettingsFor(smtp), { clock }),
  (started) => started.close(),
);

const senderOf = (target: TestApp) => outboxSenderOf(target, clock);

/** An organization of its own, made directly: the fixtures' invitations would queue mail of their own. */
async function organization(label: string): Promise<Organization> {
  const em = app.orm.em.fork();
  const made = em.create(Organization, { name: label, slug: uniqueSlug(label.toLowerCase()) });
  await em.flush();
  return made;
}

/** Queues `count` mails of `kind` for `org` (null: account mail), subjects "<label> 0", "<label> 1", … */
async function queue(count: number, label: string, kind: MailKind, org: Organization | null) {
  const em = app.orm.em.fork();
  const owner = org && em.getReference(Organization, org.id);
  for (let index = 0; index < count; index++) {
    const subject = `${label} ${index}`;
    queueMail(
      em,
      { kind, recipient: `${label}.${index}@example.com`, organization: owner, subject, text: subject, html: subject },
      new Date(now),
    );
  }
  await em.flush();
}

async function sendEverything(sender: OutboxSender) {
  for (let round = 0; round < 50 && (await sender.runOnce()).sent > 0; round++);
}

describe("the outbox's order", () => {
  it("claims a password reset first, then one organization's mail at a time in rounds", async () => {
    const [flood, bakery, diner] = [
      await organization("Flood"),
      await organization("Bakery"),
      await organization("Diner"),
    ];
    // The flood was queued first, so first-in-first-out would send it alone for many claims.
    await queue(60, "flood", "invitation", flood);
    await queue(3, "bakery", "invitation", bakery);
    await queue(2, "diner", "reminder", diner);
    await queue(1, "reset", "password_reset", null);

    const sender = senderOf(app);
    const mails = await sender.claim();
    const claimed = mails.map((mail) => mail.subject);
    expect(claimed).toHaveLength(OUTBOX_BATCH_SIZE);
    expect(claimed.slice(0, 8)).toEqual([
      "reset 0",
      "flood 0",
      "bakery 0",
      "diner 0",
      "flood 1",
      "bakery 1",
      "diner 1",
      "flood 2",
    ]);
    expect(claimed.slice(8)).toEqual(["bakery 2", ...Array.from({ length: 11 }, (_, index) => `flood ${index + 3}`)]);

    // Another sender meanwhile takes none of the rows this claim holds (the lease), only later ones.
    const other = senderOf(app);
    const taken = (await other.claim()).map((mail) => mail.subject);
    expect(taken.filter((subject) => claimed.includes(subject))).toEqual([]);
    expect(taken).toHaveLength(OUTBOX_BATCH_SIZE);

    // Delivered in the order claimed; then everything else, each mail once.
    expect((await sender.deliver(mails)).sent).toBe(OUTBOX_BATCH_SIZE);
    await sendEverything(other);
    now += 5 * 60_000 + 1;
    await sendEverything(sender);
    const arrived = smtp.received.map((mail) => mail.subject);
    expect(arrived.slice(0, 4)).toEqual(["reset 0", "flood 0", "bakery 0", "diner 0"]);
    expect(arrived).toHaveLength(66);
    expect(new Set(arrived).size).toBe(66);
  });

  it("sends a reset queued behind a long backlog in the very next claim", async () => {
    const big = await organization("Backlog");
    await queue(45, "backlog", "invitation", big);
    await queue(1, "late-reset", "password_reset", null);
    const sender = senderOf(app);
    const [first] = await sender.claim();
    expect(first?.subject).toBe("late-reset 0");
    expect(first?.priority).toBe(0);
    const waiting = await app.orm.em.fork().find(OutboxMail, { subject: { $like: "backlog %" } });
    expect(new Set(waiting.map((mail) => mail.priority))).toEqual(new Set([1]));
  });
});
