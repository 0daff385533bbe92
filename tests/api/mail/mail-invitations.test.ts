import { describe, expect, it } from "vitest";
import { OutboxMail } from "#server/entities.js";
import { MAIL_MESSAGES } from "#shared/schemas/mail.js";
import { mailSettingsFor, startSmtpServer } from "../../support/smtp.js";
import { startTestApp } from "../support/app.js";
import { ok, orgWithMembers, refusal, tokenOf } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/** The invitation mail (docs/SPEC.md §7), sent by the app's own mail worker, and the app without e-mail. */

describe("with e-mail set up", () => {
  const smtp = suiteFixture(startSmtpServer, (server) => server.close());
  // The mail job runs on its timer every 50 ms: the mail arrives on its own, as in production.
  const app = suiteFixture(
    () => startTestApp({ ...mailSettingsFor(smtp), MAIL_POLL_MS: "50" }, { scheduledTimers: true }),
    (started) => started.close(),
  );

  it("mails the invitation with its link, in a plain-text and an HTML part, naming the organization", async () => {
    expect(ok(await app.api.get("/_api/mail/status"))).toEqual({ emailEnabled: true });
    const team = await orgWithMembers(app, { label: "mailinvite", name: "Acme <Safety> & Co" });
    const email = `new.person.${Date.now()}@example.com`;
    const answer = ok<{ inviteLink: string; emailed: boolean }>(
      await team.admin.api.post("/_api/team/invite", { name: "Ann <b>O'Neil</b>", email, role: "learner" }),
    );
    expect(answer.emailed).toBe(true);
    const arrived = await smtp.waitFor(1);
    const mail = arrived.find((received) => received.to.includes(email));
    if (!mail) throw new Error(`No mail to ${email}: ${arrived.map((received) => received.to).join(", ")}`);
    expect(mail.headers.get("from")).toContain("training@example.com");
    expect(mail.subject).toBe("You're invited to join Acme <Safety> & Co");
    expect(mail.text).toContain(answer.inviteLink);
    expect(mail.text).toContain("Hello Ann <b>O'Neil</b>,");
    expect(mail.text).toContain(`${team.admin.name} invited you to join Acme <Safety> & Co`);
    // The HTML part escapes what people typed, and links the invitation.
    expect(mail.html).toContain(`href="${answer.inviteLink}"`);
    expect(mail.html).toContain("Hello Ann &lt;b&gt;O&#39;Neil&lt;/b&gt;,");
    expect(mail.html).toContain("Acme &lt;Safety&gt; &amp; Co");
    expect(mail.html).not.toContain("<b>O");
    // The link in the mail is the one that works.
    const decoded = ok<{ email: string }>(
      await app.newAgent().get("/_api/team/decode-invite", { token: tokenOf(answer.inviteLink) }),
    );
    expect(decoded.email).toBe(email);
    // Once sent, the outbox keeps who and when, not the link.
    await expect
      .poll(async () => (await app.orm.em.fork().findOne(OutboxMail, { recipient: email }))?.sentAt ?? null)
      .not.toBeNull();
    const row = await app.orm.em.fork().findOneOrFail(OutboxMail, { recipient: email });
    expect([row.kind, row.text.includes(tokenOf(answer.inviteLink)), row.html]).toEqual(["invitation", false, ""]);
  });
});

describe("without SMTP_URL", () => {
  const app = suiteApp();

  it("queues nothing, answers the link to copy, says so, and cannot send reset links", async () => {
    expect(ok(await app.api.get("/_api/mail/status"))).toEqual({ emailEnabled: false });
    const team = await orgWithMembers(app, { roles: ["learner"], label: "nomail" });
    const answer = ok<{ inviteLink: string; emailed: boolean }>(
      await team.admin.api.post("/_api/team/invite", { name: "Bo", email: "bo.nomail@example.com" }),
    );
    expect(answer).toEqual({ inviteLink: expect.stringContaining("/invite?token="), emailed: false });
    const forgot = await app.newAgent().post("/_api/auth/forgot-password", { email: team.members.learner.email });
    expect(refusal(forgot)).toEqual({ status: 412, error: MAIL_MESSAGES.mailNotSetUp });
    expect(await app.orm.em.fork().count(OutboxMail, {})).toBe(0);
  });
});
