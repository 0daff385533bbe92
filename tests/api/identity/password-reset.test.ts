import { describe, expect, it } from "vitest";
import { OutboxMail, PasswordReset, User } from "#server/entities.js";
import { hashResetToken, PASSWORD_RESET_MS } from "#server/modules/identity/password-reset.mail.js";
import { MAIL_MESSAGES } from "#shared/schemas/mail.js";
import { mailSettingsFor, startSmtpServer, type TestSmtpServer } from "../../support/smtp.js";
import { startTestApp, type TestApp } from "../support/app.js";
import { ok, refusal, signUp } from "../support/org-fixtures.js";
import { suiteFixture } from "../support/suite.js";

/** "Forgot password?" (decision 0133), with the mail read from a real SMTP server. */

let now = Date.UTC(2030, 2, 4, 10);
const clock = () => now;

const smtp = suiteFixture(startSmtpServer, (server) => server.close());
const app = suiteFixture(
  () => startTestApp({ ...mailSettingsFor(smtp), MAIL_POLL_MS: "50" }, { clock }),
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
    expect(await limited.orm.em.fork().count(OutboxMail, { recipient: person.email })).toBe(2);
  });
});
