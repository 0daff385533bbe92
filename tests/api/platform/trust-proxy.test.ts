import { afterEach, describe, expect, it } from "vitest";
import { DEVICE_COOKIE, SESSION_COOKIE } from "#shared/constants.js";
import { type ConfigOverrides, startTestApp, type TestApp } from "../support/app.js";
import { type ApiResponse, parseSetCookie } from "../support/client.js";
import { newCredentials, registerUser } from "../support/fixtures.js";

/**
 * TRUST_PROXY (decision 0016): the client address and protocol come from X-Forwarded-* only as far as a
 * trusted proxy vouches for them. The test talks to the server directly from 127.0.0.1, so here the test
 * itself is the "proxy" when one is trusted.
 */

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(overrides: ConfigOverrides): Promise<TestApp> {
  app = await startTestApp(
    { RATE_LIMIT_WINDOW_SECONDS: "900", RATE_LIMIT_PER_IP: "2", ...overrides },
    { clock: () => 0 },
  );
  return app;
}

const login = (started: TestApp, email: string, password: string, headers: Record<string, string>) =>
  started.newAgent().post("/_api/auth/login", { email, password }, { headers });

describe("spoofing the client address", () => {
  it("with no trusted proxy, a fresh X-Forwarded-For per request does not dodge the per-address limit", async () => {
    const started = await start({});
    const who = await registerUser(started.newAgent());
    for (let i = 1; i <= 2; i++) {
      const response = await login(started, who.email, "guess", { "x-forwarded-for": `198.51.100.${i}` });
      expect(response.status).toBe(401);
    }
    const next = await login(started, who.email, who.password, { "x-forwarded-for": "198.51.100.3" });
    expect(next.status).toBe(429);
  });

  it.each([
    ["1"],
    ["127.0.0.1"],
    ["loopback"],
  ])("TRUST_PROXY=%s: addresses the client wrote before the proxy's own entry are ignored", async (trustProxy) => {
    const started = await start({ TRUST_PROXY: trustProxy });
    const who = await registerUser(started.newAgent());
    // The trusted proxy appends the address it saw (203.0.113.7); whatever the client sent stays in front.
    const spoofed = (i: number) => ({ "x-forwarded-for": `198.51.100.${i}, 203.0.113.7` });
    for (let i = 1; i <= 2; i++) expect((await login(started, who.email, "guess", spoofed(i))).status).toBe(401);
    expect((await login(started, who.email, who.password, spoofed(3))).status).toBe(429);
    const elsewhere = { "x-forwarded-for": "198.51.100.3, 203.0.113.8" };
    expect((await login(started, who.email, who.password, elsewhere)).status).toBe(200);
  });
});

describe("Secure cookies", () => {
  const cookieFlags = (response: ApiResponse) =>
    Object.fromEntries(
      response.setCookies.map(parseSetCookie).map((cookie) => [cookie.name, cookie.attributes.get("secure") === true]),
    );
  const signUp = (started: TestApp, headers: Record<string, string>) =>
    started.newAgent().post("/_api/auth/register", newCredentials(), { headers });

  it("are Secure when the request came over HTTPS through a trusted proxy", async () => {
    const started = await start({ TRUST_PROXY: "1" });
    const response = await signUp(started, { "x-forwarded-proto": "https" });
    expect(response.status).toBe(200);
    expect(cookieFlags(response)).toEqual({ [SESSION_COOKIE]: true, [DEVICE_COOKIE]: true });
    expect(cookieFlags(await signUp(started, { "x-forwarded-proto": "http" }))).toEqual({
      [SESSION_COOKIE]: false,
      [DEVICE_COOKIE]: false,
    });
  });

  it("ignore X-Forwarded-Proto from an untrusted client; SECURE_COOKIES=true makes them Secure always", async () => {
    const untrusted = await start({});
    expect(cookieFlags(await signUp(untrusted, { "x-forwarded-proto": "https" }))).toEqual({
      [SESSION_COOKIE]: false,
      [DEVICE_COOKIE]: false,
    });
    await untrusted.close();
    app = undefined;
    const always = await start({ SECURE_COOKIES: "true" });
    expect(cookieFlags(await signUp(always, {}))).toEqual({ [SESSION_COOKIE]: true, [DEVICE_COOKIE]: true });
  });
});
