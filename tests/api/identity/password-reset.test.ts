import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { OutboxMail, PasswordReset, RateLimitBucket, User } from "#server/entities.js";
import { hashResetToken, PASSWORD_RESET_MS } from "#server/modules/identity/password-reset.mail.js";
import { HOUR_MS } from "#shared/constants.js";
import { MAIL_MESSAGES } from "#shared/schemas/mail.js";
import { mailSettingsFor, startSmtpServer, type TestSmtpServer } from "../../support/smtp.js";
import { startTestApp, type TestApp } from "../support/app.js";
import type { ApiClient } from "../support/client.js";
import { ok, refusal, signUp } from "../support/org-fixtures.js";
import { suiteFixture } from "../support/suite.js";

/** "Forgot password?" (decision 0133), with the mail read from a real SMTP server. */

let now = Date.UTC(2030, 2, 4, 10);
const clock = () => now;

const smtp = suiteFixture(startSmtpServer, (server) => server.close());
const app = suiteFixture(
  () => startTestApp({ ...mailSettingsFor(smtp), MAIL_POLL_MS: "50" }, { clock, scheduledTimers: true }),
  (started) => started.close(),
);

/** Asks for a reset link for `email` and returns the token of the mail that arrives. */
async function resetTokenFor(target: TestApp, server: TestSmtpServer, email: string): Promise<string> {
  const before = server.received.length;
  const answer = await target.newAgent().post("/_api/auth/forgot-password", { email });
  expect(ok(answer)).toEqual({ message: MAIL_MESSAGES.resetRequested });
  const arrived = await server.waitFor(before + 1);
  const mail = arrived
    .slice(before)
    .find((received) => received.to.some((address) => address.toLowerCase() === email.toLowerCase()));
  expect(mail?.subject).toBe("Reset your Trainwright password");
  const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
  expect(mail?.html).toContain(`href="http://trainwright.example.test/reset-password?token=${token}"`);
  return String(token);
}

describe("forgot and reset password", () => {
  it("answers the same whether or not an account uses the address, and mails only an account", async () => {
    const person = await signUp(app, "forgetful");
    const nobody = `nobody.${Date.now()}@example.com`;
    const forNobody = await app.newAgent().post("/_api/auth/forgot-password", { email: nobody });
    expect(ok(forNobody)).toEqual({ message: MAIL_MESSAGES.resetRequested });
    const token = await resetTokenFor(app, smtp, person.email.toUpperCase());
    expect(await app.orm.em.fork().count(OutboxMail, { recipient: nobody })).toBe(0);
    // Only the token's hash is kept; the mail's body goes once it is sent.
    const stored = await app.orm.em.fork().find(PasswordReset, { user: person.id });
    expect(stored.map((reset) => reset.tokenHash)).toEqual([hashResetToken(token)]);
    await expect
      .poll(async () => (await app.orm.em.fork().findOne(OutboxMail, { recipient: person.email }))?.text)
      .toBe("");
  });

  it("resets once with the spec's password rule, ends every session, and the new password signs in", async () => {
    const person = await signUp(app, "resetter");
    const secondBrowser = app.newAgent();
    ok(await secondBrowser.post("/_api/auth/login", { email: person.email, password: person.password }));
    const token = await resetTokenFor(app, smtp, person.email);
    const short = await app.newAgent().post("/_api/auth/reset-password", { token, password: "short" });
    expect(refusal(short)).toEqual({ status: 400, error: "Password must be at least 8 characters." });
    const password = "a-brand-new-password";
    expect(ok(await app.newAgent().post("/_api/auth/reset-password", { token, password }))).toEqual({
      message: MAIL_MESSAGES.passwordReset,
    });
    for (const browser of [person.api, secondBrowser]) expect((await browser.get("/_api/auth/me")).status).toBe(401);
    const again = await app.newAgent().post("/_api/auth/reset-password", { token, password: "yet-another-password" });
    expect(refusal(again)).toEqual({ status: 400, error: MAIL_MESSAGES.resetInvalid });
    const old = await app.newAgent().post("/_api/auth/login", { email: person.email, password: person.password });
    expect(old.status).toBe(401);
    ok(await app.newAgent().post("/_api/auth/login", { email: person.email, password }));
  });

  it("expires the link after one hour, and a newer link replaces an older one", async () => {
    const person = await signUp(app, "latecomer");
    const first = await resetTokenFor(app, smtp, person.email);
    const second = await resetTokenFor(app, smtp, person.email);
    const replaced = await app.newAgent().post("/_api/auth/reset-password", { token: first, password: "password-one" });
    expect(refusal(replaced)).toEqual({ status: 400, error: MAIL_MESSAGES.resetInvalid });
    const askedAt = now;
    now = askedAt + PASSWORD_RESET_MS;
    const late = await app.newAgent().post("/_api/auth/reset-password", { token: second, password: "password-two" });
    expect(refusal(late)).toEqual({ status: 400, error: MAIL_MESSAGES.resetInvalid });
    const third = await resetTokenFor(app, smtp, person.email);
    now += PASSWORD_RESET_MS - 1;
    ok(await app.newAgent().post("/_api/auth/reset-password", { token: third, password: "password-three" }));
    now = askedAt;
  });

  it("says whether a link still works before a password is sent, and the check spends nothing", async () => {
    const person = await signUp(app, "checker");
    const status = (token: string) => app.newAgent().get("/_api/auth/reset-password-status", { token });
    const first = await resetTokenFor(app, smtp, person.email);
    expect(ok(await status(first))).toEqual({ usable: true });
    // Checking twice leaves the link as it was: still usable.
    expect(ok(await status(first))).toEqual({ usable: true });
    const second = await resetTokenFor(app, smtp, person.email);
    expect(ok(await status(first))).toEqual({ usable: false });
    expect(ok(await status("x".repeat(43)))).toEqual({ usable: false });
    expect(refusal(await status(""))).toEqual({ status: 400, error: MAIL_MESSAGES.tokenRequired });
    const askedAt = now;
    now = askedAt + PASSWORD_RESET_MS;
    expect(ok(await status(second))).toEqual({ usable: false });
    now = askedAt;
    ok(await app.newAgent().post("/_api/auth/reset-password", { token: second, password: "checked-password" }));
    expect(ok(await status(second))).toEqual({ usable: false });
  });

  it("refuses a made-up token and leaves every account as it was", async () => {
    const person = await signUp(app, "bystander");
    const hashBefore = (await app.orm.em.fork().findOneOrFail(User, person.id, { populate: ["passwordHash"] }))
      .passwordHash;
    const answer = await app.newAgent().post("/_api/auth/reset-password", {
      token: "x".repeat(43),
      password: "whatever-password",
    });
    expect(refusal(answer)).toEqual({ status: 400, error: MAIL_MESSAGES.resetInvalid });
    const after = await app.orm.em.fork().findOneOrFail(User, person.id, { populate: ["passwordHash"] });
    expect(after.passwordHash).toBe(hashBefore);
    expect((await person.api.get("/_api/auth/me")).status).toBe(200);
  });
});

describe("forgot password, rate limited like sign-in", () => {
  const limitedSmtp = suiteFixture(startSmtpServer, (server) => server.close());
  const limited = suiteFixture(
    () => startTestApp({ ...mailSettingsFor(limitedSmtp), MAIL_POLL_MS: "3600000", RATE_LIMIT_PER_EMAIL: "2" }),
    (started) => started.close(),
  );

  it("refuses the same address after the limit, alike for an account and for no account", async () => {
    const person = await signUp(limited, "limited");
    for (const email of [person.email, `ghost.${Date.now()}@example.com`]) {
      for (let attempt = 0; attempt < 2; attempt++)
        ok(await limited.newAgent().post("/_api/auth/forgot-password", { email }));
      const refused = await limited.newAgent().post("/_api/auth/forgot-password", { email });
      expect(refusal(refused).status).toBe(429);
    }
    // The mails are queued once the answers are out (decision 0265): wait for them, then for no more.
    await expect.poll(() => limited.orm.em.fork().count(OutboxMail, { recipient: person.email })).toBe(2);
  });
});

/** Seen by the server as coming from `ip` (through the one proxy TRUST_PROXY=1 trusts: this test). */
const from = (ip: string) => ({ headers: { "x-forwarded-for": ip } });

describe("forgot password: nobody else's requests stop the owner's reset (decision 0265)", () => {
  let at = Date.UTC(2030, 5, 1, 8);
  const proxiedSmtp = suiteFixture(startSmtpServer, (server) => server.close());
  const proxied = suiteFixture(
    () =>
      startTestApp(
        { ...mailSettingsFor(proxiedSmtp), MAIL_POLL_MS: "3600000", RATE_LIMIT_PER_EMAIL: "2", TRUST_PROXY: "1" },
        { clock: () => at },
      ),
    (started) => started.close(),
  );
  const resetMailsTo = (email: string) =>
    proxied.orm.em.fork().count(OutboxMail, { recipient: email, kind: "password_reset" });
  const ask = (agent: ApiClient, email: string, ip: string) =>
    agent.post("/_api/auth/forgot-password", { email }, from(ip));

  it("counts requests per address and account: an attacker's are refused, the owner's from elsewhere answered", async () => {
    const person = await signUp(proxied, "targeted");
    for (let i = 0; i < 2; i++) ok(await ask(proxied.newAgent(), person.email, "203.0.113.66"));
    for (let i = 0; i < 10; i++) expect((await ask(proxied.newAgent(), person.email, "203.0.113.66")).status).toBe(429);
    // A refusal writes nothing (on SQLite each write is a commit everyone waits for): the counts stay at the limit.
    const counters = await proxied.orm.em.fork().find(RateLimitBucket, { bucketKey: { $like: "%203.0.113.66%" } });
    expect(counters.map((bucket) => [bucket.bucketKey, bucket.hits]).sort()).toEqual([
      ["ip-reset:203.0.113.66", 2],
      [`reset:203.0.113.66:${person.email.toLowerCase()}`, 2],
    ]);
    // The owner, on a browser that never signed in and on another network: answered, and mailed.
    expect(ok(await ask(proxied.newAgent(), person.email, "198.51.100.7"))).toEqual({
      message: MAIL_MESSAGES.resetRequested,
    });
    await expect.poll(() => resetMailsTo(person.email)).toBe(3);
    // From the attacker's own address, the owner's browser (it has signed in before) is counted apart.
    expect(ok(await ask(person.api, person.email, "203.0.113.66"))).toEqual({ message: MAIL_MESSAGES.resetRequested });
    await expect.poll(() => resetMailsTo(person.email)).toBe(4);
  });

  it("mails an account five times an hour whoever asks, answering every request alike; the owner's browser always", async () => {
    const person = await signUp(proxied, "flooded");
    const ghost = `ghost.${Date.now()}@example.com`;
    for (let i = 0; i < 8; i++) {
      const ip = `203.0.113.${100 + i}`;
      const answers = [await ask(proxied.newAgent(), person.email, ip), await ask(proxied.newAgent(), ghost, ip)];
      for (const answer of answers) expect(ok(answer)).toEqual({ message: MAIL_MESSAGES.resetRequested });
    }
    await expect.poll(() => resetMailsTo(person.email)).toBe(5);
    // The last link mailed still works: the requests past the cap replaced nothing.
    const mailed = await proxied.orm.em.fork().find(PasswordReset, { user: person.id, usedAt: null });
    expect(mailed).toHaveLength(1);
    ok(await ask(person.api, person.email, "203.0.113.200"));
    await expect.poll(() => resetMailsTo(person.email)).toBe(6);
    at += HOUR_MS;
    ok(await ask(proxied.newAgent(), person.email, "198.51.100.8"));
    await expect.poll(() => resetMailsTo(person.email)).toBe(7);
    expect(await proxied.orm.em.fork().count(OutboxMail, { recipient: ghost })).toBe(0);
  });
});

describe("forgot password answers before the mail work (decision 0265)", () => {
  const log = new PassThrough();
  const logged: string[] = [];
  log.on("data", (chunk: Buffer) => logged.push(chunk.toString("utf8")));
  const workSmtp = suiteFixture(startSmtpServer, (server) => server.close());
  const working = suiteFixture(
    () =>
      startTestApp(
        { ...mailSettingsFor(workSmtp), MAIL_POLL_MS: "50", LOG_LEVEL: "error" },
        { logStream: log, scheduledTimers: true },
      ),
    (started) => started.close(),
  );

  it("answers alike for an account and for no account even when the mail work fails, and logs the failure", async () => {
    const person = await signUp(working, "unlucky");
    const connection = working.orm.em.fork().getConnection();
    // The reset links' table away: queuing the mail fails, after the answer.
    await connection.execute("alter table password_resets rename to password_resets_away");
    try {
      const answers = [
        await working.newAgent().post("/_api/auth/forgot-password", { email: person.email }),
        await working.newAgent().post("/_api/auth/forgot-password", { email: `nobody.${Date.now()}@example.com` }),
      ];
      expect(answers.map((answer) => [answer.status, answer.text])).toEqual([
        [200, answers[1]?.text],
        [200, answers[1]?.text],
      ]);
      await expect.poll(() => logged.join("")).toContain("work after an answer failed");
    } finally {
      await connection.execute("alter table password_resets_away rename to password_resets");
    }
    // With the table back, the same request mails as before.
    const before = workSmtp.received.length;
    ok(await working.newAgent().post("/_api/auth/forgot-password", { email: person.email }));
    const arrived = await workSmtp.waitFor(before + 1);
    expect(arrived.at(-1)?.subject).toBe("Reset your Trainwright password");
  });
});
