import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { type ConfigOverrides, startTestApp, type TestApp } from "./support/app.js";
import type { ApiClient } from "./support/client.js";
import { errorOf, newCredentials, registerUser } from "./support/fixtures.js";

const WRONG_CREDENTIALS = "Invalid email or password.";

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/**
 * Counters run in fixed windows (floor(now / window)). A day-long window keeps a boundary from falling in
 * the middle of a test, which would reset the counts it is building up.
 */
async function start(overrides: ConfigOverrides): Promise<TestApp> {
  app = await startTestApp({ RATE_LIMIT_WINDOW_SECONDS: "86400", ...overrides });
  return app;
}

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

describe("rate limit per e-mail (DESIGN §5)", () => {
  it("locks an address after RATE_LIMIT_PER_EMAIL failures; even the right password is refused", async () => {
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
    const { newAgent } = await start({ RATE_LIMIT_PER_EMAIL: "1", RATE_LIMIT_WINDOW_SECONDS: "2" });
    const who = await registerUser(newAgent());
    const nextWindow = () => sleep(2000 - (Date.now() % 2000) + 50);
    // Start right after a boundary, so the failure and the refusal fall in the same window even on a busy
    // machine (they have almost two seconds).
    await nextWindow();
    expect((await login(newAgent(), who.email, "wrong-pass")).status).toBe(401);
    expectLocked(await login(newAgent(), who.email, who.password));
    await nextWindow();
    expect((await login(newAgent(), who.email, who.password)).status).toBe(200);
  });
});

describe("rate limit per client address (DESIGN §5)", () => {
  it("refuses sign-in and registration from an address past RATE_LIMIT_PER_IP attempts", async () => {
    const { newAgent } = await start({ RATE_LIMIT_PER_IP: "3" });
    const who = await registerUser(newAgent()); // 1
    expect((await login(newAgent(), who.email, "wrong-pass")).status).toBe(401); // 2
    expect((await login(newAgent(), who.email, who.password)).status).toBe(200); // 3
    expectLocked(await login(newAgent(), who.email, who.password));
    expectLocked(await newAgent().post("/_api/auth/register", newCredentials()));
  });

  it("counts each address apart behind a trusted proxy", async () => {
    const { newAgent } = await start({ RATE_LIMIT_PER_IP: "2", TRUST_PROXY: "true" });
    const fromA = { "x-forwarded-for": "203.0.113.10" };
    const fromB = { "x-forwarded-for": "203.0.113.20" };
    const who = newCredentials();
    expect((await newAgent().post("/_api/auth/register", who, { headers: fromA })).status).toBe(200);
    expect((await login(newAgent(), who.email, who.password, fromA)).status).toBe(200);
    expectLocked(await login(newAgent(), who.email, who.password, fromA));
    expect((await login(newAgent(), who.email, who.password, fromB)).status).toBe(200);
  });

  it("ignores X-Forwarded-For when no proxy is trusted, so the header cannot dodge the limit", async () => {
    const { newAgent } = await start({ RATE_LIMIT_PER_IP: "2" });
    const who = await registerUser(newAgent());
    expect((await login(newAgent(), who.email, who.password, { "x-forwarded-for": "198.51.100.1" })).status).toBe(200);
    expectLocked(await login(newAgent(), who.email, who.password, { "x-forwarded-for": "198.51.100.2" }));
  });
});

describe("rate limits live in the database (DESIGN §1)", () => {
  let second: TestApp | undefined;
  afterEach(async () => {
    await second?.close();
    second = undefined;
  });

  it("a lock made through one instance holds on another instance over the same database", async () => {
    const first = await start({ RATE_LIMIT_PER_EMAIL: "2" });
    second = await startTestApp(
      { RATE_LIMIT_PER_EMAIL: "2", RATE_LIMIT_WINDOW_SECONDS: first.config.rateLimit.windowSeconds.toString() },
      { sameDatabaseAs: first },
    );
    const who = await registerUser(first.newAgent());
    expect((await login(second.newAgent(), who.email, who.password)).status).toBe(200);
    await login(first.newAgent(), who.email, "wrong-pass");
    await login(second.newAgent(), who.email, "wrong-pass");
    expectLocked(await login(first.newAgent(), who.email, who.password));
    expectLocked(await login(second.newAgent(), who.email, who.password));
  });
});
