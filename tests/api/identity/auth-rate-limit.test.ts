import { afterEach, describe, expect, it } from "vitest";
import { createOrganization, invite } from "../../support/people.js";
import { type ConfigOverrides, type StartOptions, startTestApp, type TestApp } from "../support/app.js";
import type { ApiClient } from "../support/client.js";
import { errorOf, newCredentials, registerUser } from "../support/fixtures.js";

const WRONG_CREDENTIALS = "Invalid email or password.";
const TOO_MANY = "Too many attempts. Please wait a few minutes and try again.";

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/**
 * Counters run in fixed windows (floor(now / window)). The limiter's clock stands still unless a test
 * moves it, so no window boundary falls in the middle of a test and no test waits for one.
 */
const FROZEN_AT = Date.UTC(2030, 0, 1, 0, 0, 0);
async function start(overrides: ConfigOverrides, options: StartOptions = {}): Promise<TestApp> {
  app = await startTestApp({ RATE_LIMIT_WINDOW_SECONDS: "900", ...overrides }, { clock: () => FROZEN_AT, ...options });
  return app;
}

/** Seen by the server as coming from `ip` (through the one proxy TRUST_PROXY=1 trusts: this test). */
const from = (ip: string) => ({ "x-forwarded-for": ip });

function login(api: ApiClient, email: string, password: string, headers?: Record<string, string>) {
  return api.post("/_api/auth/login", { email, password }, { headers });
}

/** A 429 in the REST error shape, with no session handed out. */
function expectLocked(response: Awaited<ReturnType<typeof login>>): void {
  expect(response.status, response.text).toBe(429);
  errorOf(response);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.setCookies).toEqual([]);
}

describe("rate limit per account (docs/DESIGN.md §5, decisions 0016 and 0265)", () => {
  it("locks an account after RATE_LIMIT_PER_EMAIL failures for browsers that never signed in to it", async () => {
    const { newAgent } = await start({ RATE_LIMIT_PER_EMAIL: "3" });
    const who = await registerUser(newAgent());
    for (let i = 0; i < 3; i++) {
      const failed = await login(newAgent(), who.email, `wrong-${i}`);
      expect(failed.status).toBe(401);
      expect(errorOf(failed)).toBe(WRONG_CREDENTIALS);
    }
    expectLocked(await login(newAgent(), who.email, who.password));
    // The lock belongs to the address however it is typed.
    expectLocked(await login(newAgent(), `  ${who.email.toUpperCase()} `, who.password));
  });

  it("locks only that address: another account on the same IP still signs in", async () => {
    const { newAgent } = await start({ RATE_LIMIT_PER_EMAIL: "2" });
    const victim = await registerUser(newAgent());
    const other = await registerUser(newAgent());
    for (let i = 0; i < 2; i++) expect((await login(newAgent(), victim.email, "wrong-pass")).status).toBe(401);
    expectLocked(await login(newAgent(), victim.email, victim.password));
    expect((await login(newAgent(), other.email, other.password)).status).toBe(200);
  });

  it("counts failures for an unknown address too, so a lock tells nothing about who has an account", async () => {
    const { newAgent } = await start({ RATE_LIMIT_PER_EMAIL: "2" });
    const ghost = newCredentials("ghost");
    for (let i = 0; i < 2; i++) expect((await login(newAgent(), ghost.email, "whatever")).status).toBe(401);
    const known = await registerUser(newAgent());
    for (let i = 0; i < 2; i++) expect((await login(newAgent(), known.email, "whatever")).status).toBe(401);
    const ghostLocked = await login(newAgent(), ghost.email, "whatever");
    const knownLocked = await login(newAgent(), known.email, "whatever");
    expectLocked(ghostLocked);
    expectLocked(knownLocked);
    expect(ghostLocked.text).toBe(knownLocked.text);
  });

  it("leaves a browser that is already signed in signed in", async () => {
    const { newAgent } = await start({ RATE_LIMIT_PER_EMAIL: "2" });
    const owner = newAgent();
    const who = await registerUser(owner);
    for (let i = 0; i < 3; i++) await login(newAgent(), who.email, "attacker-guess");
    expectLocked(await login(newAgent(), who.email, who.password));
    expect((await owner.get("/_api/auth/me")).status).toBe(200);
  });

  it("opens again in the next window", async () => {
    let now = FROZEN_AT;
    const { newAgent } = await start(
      { RATE_LIMIT_PER_EMAIL: "1", RATE_LIMIT_WINDOW_SECONDS: "60" },
      { clock: () => now },
    );
    const who = await registerUser(newAgent());
    expect((await login(newAgent(), who.email, "wrong-pass")).status).toBe(401);
    expectLocked(await login(newAgent(), who.email, who.password));
    now += 59_000;
    expectLocked(await login(newAgent(), who.email, who.password));
    now += 1_000;
    expect((await login(newAgent(), who.email, who.password)).status).toBe(200);
  });

  it("backs off: each failure past the allowance doubles the lock, up to the window; a correct sign-in ends the run", async () => {
    let now = FROZEN_AT;
    const { newAgent } = await start({ RATE_LIMIT_PER_EMAIL: "3" }, { clock: () => now });
    const who = await registerUser(newAgent());
    const fail = async () => expect((await login(newAgent(), who.email, "wrong-pass")).status).toBe(401);
    for (let i = 0; i < 3; i++) await fail();
    // The third failure in a row locks for a minute, the fourth for two, the fifth for four …
    for (const lockMinutes of [1, 2, 4, 8]) {
      const lockedAt = now;
      now = lockedAt + lockMinutes * 60_000 - 1_000;
      expectLocked(await login(newAgent(), who.email, who.password));
      now = lockedAt + lockMinutes * 60_000;
      await fail();
    }
    // … up to the window's length (15 minutes here), however long the run goes on.
    for (let i = 0; i < 3; i++) {
      const lockedAt = now;
      now = lockedAt + 15 * 60_000 - 1_000;
      expectLocked(await login(newAgent(), who.email, who.password));
      now = lockedAt + 15 * 60_000;
      await fail();
    }
    now += 15 * 60_000;
    expect((await login(newAgent(), who.email, who.password)).status).toBe(200);
    // The run is over: the allowance is whole again.
    for (let i = 0; i < 2; i++) await fail();
    expect((await login(newAgent(), who.email, who.password)).status).toBe(200);
  });

  it("the lock-out attack: ten wrong passwords from elsewhere do not lock the owner out of their own browser", async () => {
    const { newAgent } = await start({ RATE_LIMIT_PER_EMAIL: "10" });
    const owner = newAgent();
    const who = await registerUser(owner);
    expect((await owner.post("/_api/auth/logout")).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login(newAgent(), who.email, `guess-${i}`)).status).toBe(401);
    expectLocked(await login(newAgent(), who.email, who.password));
    // The browser that signed in before still gets in, again and again.
    for (let i = 0; i < 3; i++) expect((await login(owner, who.email, who.password)).status).toBe(200);
    expect((await owner.get("/_api/auth/me")).status).toBe(200);
  });

  it("a known browser's own failures still lock that browser, so its cookie is no key for guessing", async () => {
    const { newAgent } = await start({ RATE_LIMIT_PER_EMAIL: "3" });
    const owner = newAgent();
    const who = await registerUser(owner);
    for (let i = 0; i < 3; i++) expect((await login(owner, who.email, `typo-${i}`)).status).toBe(401);
    expectLocked(await login(owner, who.email, who.password));
    expectLocked(await login(newAgent(), who.email, who.password));
  });

  it("a known browser's own lock backs off and ends with its correct sign-in, apart from the account's", async () => {
    let now = FROZEN_AT;
    const { newAgent } = await start({ RATE_LIMIT_PER_EMAIL: "2" }, { clock: () => now });
    const owner = newAgent();
    const who = await registerUser(owner);
    for (let i = 0; i < 2; i++) expect((await login(owner, who.email, `typo-${i}`)).status).toBe(401);
    expectLocked(await login(owner, who.email, who.password));
    now += 60_000;
    expect((await login(owner, who.email, who.password)).status).toBe(200);
    // The browser's run is over; the account's (those failures counted there too) still locks strangers.
    expect((await login(owner, who.email, "one-more-typo")).status).toBe(401);
    expect((await login(owner, who.email, who.password)).status).toBe(200);
    expectLocked(await login(newAgent(), who.email, who.password));
  });

  it("wrong current passwords on the account page count like failed sign-ins", async () => {
    const { newAgent } = await start({ RATE_LIMIT_PER_EMAIL: "2" });
    const borrowed = newAgent();
    const who = await registerUser(borrowed);
    const change = (currentPassword: string) =>
      borrowed.post("/_api/auth/change-password", { currentPassword, newPassword: "a-new-password-1" });
    for (let i = 0; i < 2; i++) expect((await change(`guess-${i}`)).status).toBe(403);
    expectLocked(await change(who.password));
  });
});

describe("rate limit per client address (docs/DESIGN.md §5, decisions 0016 and 0265)", () => {
  // Twelve sign-ins where the address allows three failures make the point; argon2 makes each one cost.
  it(
    "the office: many colleagues behind one address all sign in; a few failures there refuse nobody",
    { timeout: 60_000 },
    async () => {
      const { newAgent } = await start({ RATE_LIMIT_PER_IP: "3", TRUST_PROXY: "1" });
      const colleagues = Array.from({ length: 12 }, (_, i) => newCredentials(`colleague${i}`));
      const registrations = await Promise.all(
        colleagues.map((who, i) => newAgent().post("/_api/auth/register", who, { headers: from(`198.51.100.${i}`) })),
      );
      expect(registrations.map((response) => response.status)).toEqual(colleagues.map(() => 200));
      const office = from("203.0.113.50");
      expect((await login(newAgent(), colleagues[0]?.email ?? "", "mistyped", office)).status).toBe(401);
      expect((await login(newAgent(), colleagues[1]?.email ?? "", "mistyped", office)).status).toBe(401);
      for (const who of colleagues) expect((await login(newAgent(), who.email, who.password, office)).status).toBe(200);
    },
  );

  it("refuses an address after RATE_LIMIT_PER_IP failures to browsers the account does not know, even with a right password; other addresses go on", async () => {
    const { newAgent } = await start({ RATE_LIMIT_PER_IP: "3", TRUST_PROXY: "1" });
    const who = newCredentials();
    expect((await newAgent().post("/_api/auth/register", who, { headers: from("198.51.100.1") })).status).toBe(200);
    const guesser = from("203.0.113.66");
    for (let i = 0; i < 3; i++) {
      expect((await login(newAgent(), `someone${i}@example.com`, "guess", guesser)).status).toBe(401);
    }
    expectLocked(await login(newAgent(), who.email, who.password, guesser));
    expectLocked(await newAgent().post("/_api/auth/register", newCredentials(), { headers: guesser }));
    expect((await login(newAgent(), who.email, who.password, from("203.0.113.67"))).status).toBe(200);
  });

  it(
    "the locked-out office: an address's failures refuse only browsers the account does not know",
    { timeout: 60_000 },
    async () => {
      const { newAgent } = await start({ RATE_LIMIT_PER_IP: "5", TRUST_PROXY: "1" });
      const office = from("203.0.113.50");
      // Colleagues who have signed in from their own browsers before (here: registered in them).
      const colleagues = Array.from({ length: 8 }, (_, i) => ({
        who: newCredentials(`colleague${i}`),
        browser: newAgent(),
      }));
      for (const [i, { who, browser }] of colleagues.entries()) {
        expect((await browser.post("/_api/auth/register", who, { headers: from(`198.51.100.${i}`) })).status).toBe(200);
        expect((await browser.post("/_api/auth/logout")).status).toBe(200);
      }
      // Someone in the office guesses at everyone's accounts, far past the address's allowance.
      for (let i = 0; i < 20; i++) {
        const target = colleagues[i % colleagues.length]?.who.email ?? "";
        const guess = await login(newAgent(), i % 2 ? target : `nobody${i}@example.com`, `guess-${i}`, office);
        expect([401, 429]).toContain(guess.status);
      }
      expectLocked(await login(newAgent(), colleagues[0]?.who.email ?? "", colleagues[0]?.who.password ?? "", office));
      // Every colleague's own browser still signs in, from the same address.
      for (const { who, browser } of colleagues) {
        const signedIn = await login(browser, who.email, who.password, office);
        expect(signedIn.status, signedIn.text).toBe(200);
      }
    },
  );

  it("registration through an open invitation is never refused, from a locked address or past its allowance", async () => {
    const { newAgent } = await start({ RATE_LIMIT_PER_IP: "2", TRUST_PROXY: "1" });
    const admin = newAgent();
    await registerUser(admin);
    await createOrganization(admin);
    const office = from("203.0.113.50");
    const newcomers = Array.from({ length: 6 }, (_, i) => newCredentials(`newcomer${i}`));
    const tokens: string[] = [];
    for (const who of newcomers) tokens.push((await invite(admin, { name: who.name, email: who.email })).token);
    for (let i = 0; i < 2; i++)
      expect((await login(newAgent(), `nobody${i}@example.com`, "guess", office)).status).toBe(401);
    expectLocked(await newAgent().post("/_api/auth/register", newCredentials(), { headers: office }));
    for (const [i, who] of newcomers.entries()) {
      const joiner = newAgent();
      const registered = await joiner.post(
        "/_api/auth/register",
        { ...who, inviteToken: tokens[i] },
        { headers: office },
      );
      expect(registered.status, registered.text).toBe(200);
      expect((await joiner.post("/_api/team/accept-invite", { token: tokens[i] })).status).toBe(200);
    }
    // An invitation opens registration for its own address only, and only while it is open: used for
    // another address, it counts like any registration (this address's allowance is two).
    const elsewhere = from("198.51.100.9");
    const register = (body: object, headers: Record<string, string>) =>
      newAgent().post("/_api/auth/register", body, { headers });
    expect((await register({ ...newCredentials(), inviteToken: tokens[2] }, elsewhere)).status).toBe(200);
    expect((await register(newCredentials(), elsewhere)).status).toBe(200);
    expectLocked(await register({ ...newCredentials(), inviteToken: tokens[3] }, elsewhere));
    const accepted = newcomers[0] ?? newCredentials();
    expectLocked(await register({ ...newCredentials(), email: accepted.email, inviteToken: tokens[0] }, office));
  });

  it("counts every registration per address; signing in from there is not affected", async () => {
    const { newAgent } = await start({ RATE_LIMIT_PER_IP: "2" });
    const first = await registerUser(newAgent());
    await registerUser(newAgent());
    expectLocked(await newAgent().post("/_api/auth/register", newCredentials()));
    expect((await login(newAgent(), first.email, first.password)).status).toBe(200);
  });

  it("counts registering a taken address as a failure of the address that asks", async () => {
    const { newAgent } = await start({ RATE_LIMIT_PER_IP: "2", TRUST_PROXY: "1" });
    const taken = newCredentials();
    expect((await newAgent().post("/_api/auth/register", taken, { headers: from("198.51.100.1") })).status).toBe(200);
    const prober = from("203.0.113.99");
    for (let i = 0; i < 2; i++) {
      expect((await newAgent().post("/_api/auth/register", taken, { headers: prober })).status).toBe(409);
    }
    expectLocked(await login(newAgent(), taken.email, taken.password, prober));
  });
});

describe("correct sign-ins are limited too, generously (decision 0265)", () => {
  it("per account: past three times RATE_LIMIT_PER_EMAIL in a window, even the account's own browser waits", async () => {
    let now = FROZEN_AT;
    const { newAgent } = await start({ RATE_LIMIT_PER_EMAIL: "2" }, { clock: () => now });
    const owner = newAgent();
    const who = await registerUser(owner);
    const other = await registerUser(newAgent());
    for (let i = 0; i < 6; i++)
      expect((await login(i % 2 ? owner : newAgent(), who.email, who.password)).status).toBe(200);
    for (const browser of [owner, newAgent()]) {
      const refused = await login(browser, who.email, who.password);
      expectLocked(refused);
      expect(errorOf(refused)).toBe(TOO_MANY);
    }
    expect((await login(newAgent(), other.email, other.password)).status).toBe(200);
    now += 15 * 60_000;
    expect((await login(owner, who.email, who.password)).status).toBe(200);
  });

  it("per address: past ten times RATE_LIMIT_PER_IP in a window; other addresses go on", async () => {
    const { newAgent } = await start({ RATE_LIMIT_PER_IP: "1", TRUST_PROXY: "1" });
    const people = Array.from({ length: 11 }, (_, i) => newCredentials(`person${i}`));
    for (const [i, who] of people.entries()) {
      expect((await newAgent().post("/_api/auth/register", who, { headers: from(`198.51.100.${i}`) })).status).toBe(
        200,
      );
    }
    const busy = from("203.0.113.80");
    for (const who of people.slice(0, 10))
      expect((await login(newAgent(), who.email, who.password, busy)).status).toBe(200);
    const last = people[10] ?? newCredentials();
    const refused = await login(newAgent(), last.email, last.password, busy);
    expectLocked(refused);
    expect(errorOf(refused)).toBe(TOO_MANY);
    expect((await login(newAgent(), last.email, last.password, from("203.0.113.81"))).status).toBe(200);
  });
});

describe("rate limits live in the database (docs/DESIGN.md §1)", () => {
  let second: TestApp | undefined;
  afterEach(async () => {
    await second?.close();
    second = undefined;
  });

  it("a lock made through one instance holds on another instance over the same database", async () => {
    const first = await start({ RATE_LIMIT_PER_EMAIL: "2" });
    second = await startTestApp(
      { RATE_LIMIT_PER_EMAIL: "2", RATE_LIMIT_WINDOW_SECONDS: first.config.rateLimit.windowSeconds.toString() },
      { sameDatabaseAs: first, clock: () => FROZEN_AT },
    );
    const who = await registerUser(first.newAgent());
    expect((await login(second.newAgent(), who.email, who.password)).status).toBe(200);
    await login(first.newAgent(), who.email, "wrong-pass");
    await login(second.newAgent(), who.email, "wrong-pass");
    expectLocked(await login(first.newAgent(), who.email, who.password));
    expectLocked(await login(second.newAgent(), who.email, who.password));
  });
});
