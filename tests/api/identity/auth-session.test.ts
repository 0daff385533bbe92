import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "#shared/constants.js";
import { startTestApp, type TestApp } from "../support/app.js";
import { leaksIn } from "../support/client.js";
import { errorOf, newCredentials, registerUser, sessionCookieOf, trpcData, trpcError } from "../support/fixtures.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The user as docs/SPEC.md §3 shows it, with no organization yet; `toEqual` makes any extra field fail. */
function expectedUser(name: string, email: string) {
  // A test client asks for no language: the default, and no choice of its own (decision 0380).
  return {
    id: expect.any(Number),
    name,
    email,
    currentOrgId: null,
    currentOrganization: null,
    language: "en",
    languageSetting: null,
  };
}

describe("sessions (docs/SPEC.md §5, docs/DESIGN.md §5)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("register → me → logout → me gives 401", async () => {
    const api = app.newAgent();
    const who = newCredentials();
    const registered = await api.post("/_api/auth/register", who);
    expect(registered.status, registered.text).toBe(200);
    expect(registered.body).toEqual(expectedUser(who.name, who.email));
    expect(registered.headers.get("content-type")).toMatch(/^application\/json/);

    const me = await api.get("/_api/auth/me");
    expect(me.status).toBe(200);
    expect(me.body).toEqual(registered.body);

    const logout = await api.post("/_api/auth/logout");
    expect(logout.status, logout.text).toBe(200);

    const after = await api.get("/_api/auth/me");
    expect(after.status).toBe(401);
    errorOf(after);
  });

  it("signs in with the registered password, and the user is the same one", async () => {
    const who = await registerUser(app.newAgent());
    const api = app.newAgent();
    const login = await api.post("/_api/auth/login", { email: who.email, password: who.password });
    expect(login.status, login.text).toBe(200);
    expect(login.body).toEqual(expectedUser(who.name, who.email));
    expect((await api.get("/_api/auth/me")).body).toEqual(login.body);
  });

  it("sets the session cookie HttpOnly, SameSite=Lax, Path=/, without Secure, for 30 days", async () => {
    const api = app.newAgent();
    const who = newCredentials();
    for (const response of [
      await api.post("/_api/auth/register", who),
      await api.post("/_api/auth/login", { email: who.email, password: who.password }),
    ]) {
      const cookie = sessionCookieOf(response);
      expect(cookie, response.setCookies.join("\n")).toBeDefined();
      if (!cookie) return;
      expect(cookie.value.length).toBeGreaterThanOrEqual(32);
      expect(cookie.attributes.get("httponly")).toBe(true);
      expect(String(cookie.attributes.get("samesite")).toLowerCase()).toBe("lax");
      expect(cookie.attributes.get("path")).toBe("/");
      expect(cookie.attributes.has("secure")).toBe(false);
      const expires = Date.parse(String(cookie.attributes.get("expires")));
      expect(Math.abs(expires - (Date.now() + 30 * DAY_MS))).toBeLessThan(5 * 60 * 1000);
    }
  });

  it("issues a new session token on every login, also to a browser that is already signed in", async () => {
    const api = app.newAgent();
    const who = await registerUser(api);
    const tokens = new Set<string | undefined>([api.jar.get(SESSION_COOKIE)]);
    for (let i = 0; i < 3; i++) {
      const login = await api.post("/_api/auth/login", { email: who.email, password: who.password });
      expect(login.status).toBe(200);
      tokens.add(sessionCookieOf(login)?.value);
    }
    expect(tokens.has(undefined)).toBe(false);
    expect(tokens.size).toBe(4);
  });

  it("stores only the SHA-256 of a session token, never the token", async () => {
    const api = app.newAgent();
    await registerUser(api);
    const token = api.jar.get(SESSION_COOKIE);
    expect(token).toBeDefined();
    const rows = await app.orm.em
      .fork()
      .getConnection()
      .execute<{ token_hash: string }[]>("select token_hash from sessions");
    const stored = rows.map((row) => row.token_hash);
    expect(stored).toContain(createHash("sha256").update(String(token)).digest("hex"));
    expect(stored).not.toContain(token);
  });

  it("logout deletes the session on the server: the old cookie replayed afterwards gets 401", async () => {
    const api = app.newAgent();
    await registerUser(api);
    const token = api.jar.get(SESSION_COOKIE);
    expect(token).toBeDefined();

    const logout = await api.post("/_api/auth/logout");
    expect(logout.status).toBe(200);
    // The browser is told to forget the cookie...
    const cleared = sessionCookieOf(logout);
    expect(cleared).toBeDefined();
    expect(Date.parse(String(cleared?.attributes.get("expires")))).toBeLessThan(Date.now());
    expect(api.jar.get(SESSION_COOKIE)).toBeUndefined();

    // ...and a copy of it kept elsewhere no longer works.
    const replay = app.newAgent();
    replay.jar.set(SESSION_COOKIE, String(token));
    const me = await replay.get("/_api/auth/me");
    expect(me.status).toBe(401);
    errorOf(me);
  });

  it("logout ends only that browser's session", async () => {
    const first = app.newAgent();
    const who = await registerUser(first);
    const second = app.newAgent();
    expect((await second.post("/_api/auth/login", { email: who.email, password: who.password })).status).toBe(200);

    expect((await first.post("/_api/auth/logout")).status).toBe(200);
    expect((await first.get("/_api/auth/me")).status).toBe(401);
    const stillIn = await second.get("/_api/auth/me");
    expect(stillIn.status).toBe(200);
    expect(stillIn.body).toMatchObject({ email: who.email });
  });

  it("logout without a session still answers 200 and clears the cookie", async () => {
    const api = app.newAgent();
    const plain = await api.post("/_api/auth/logout");
    expect(plain.status, plain.text).toBe(200);
    api.jar.set(SESSION_COOKIE, "not-a-real-session");
    const stale = await api.post("/_api/auth/logout");
    expect(stale.status, stale.text).toBe(200);
    expect(api.jar.get(SESSION_COOKIE)).toBeUndefined();
  });

  it("treats a forged, empty or oversized session cookie as signed out", async () => {
    for (const value of ["forged", "x".repeat(43), "y".repeat(5000), "%00%ff", '"quoted"']) {
      const api = app.newAgent();
      api.jar.set(SESSION_COOKIE, value);
      const me = await api.get("/_api/auth/me");
      expect(me.status, value).toBe(401);
      errorOf(me);
    }
  });

  it("tRPC auth.me gives the same user as GET /_api/auth/me", async () => {
    const api = app.newAgent();
    await registerUser(api);
    const rest = await api.get("/_api/auth/me");
    const trpc = await api.get("/_api/trpc/auth.me");
    expect(trpcData(trpc)).toEqual(rest.body);
  });

  it("tRPC auth.me without a session gives 401 with the REST message", async () => {
    const api = app.newAgent();
    const rest = await api.get("/_api/auth/me");
    const trpc = await api.get("/_api/trpc/auth.me");
    expect(trpc.status).toBe(401);
    const error = trpcError(trpc);
    expect(error.httpStatus).toBe(401);
    expect(error.message).toBe(errorOf(rest));
  });

  it("session before validation: an anonymous call to a signed-in procedure with junk input gets 401", async () => {
    const api = app.newAgent();
    expect((await api.get("/_api/auth/me", { input: "[[[", id: "-1" })).status).toBe(401);
    const junk = JSON.stringify({ json: { id: "nope", nested: [[{}]] } });
    expect((await api.get("/_api/trpc/auth.me", { input: junk })).status).toBe(401);
    // A signed-in procedure that does take input: the session is checked before the input is.
    for (const body of [{ name: 1, slug: "NOT A SLUG" }, {}, []]) {
      const rest = await api.post("/_api/orgs/create", body);
      expect(rest.status, rest.text).toBe(401);
      errorOf(rest);
      expect((await api.post("/_api/trpc/orgs.create", { json: body })).status).toBe(401);
    }
    expect((await api.get("/_api/orgs/get", { orgId: "-5" })).status).toBe(401);
  });

  it("tRPC auth.login and auth.register work like REST and use the spec's messages", async () => {
    const api = app.newAgent();
    const who = newCredentials("trpc");
    const registered = await api.post("/_api/trpc/auth.register", { json: who });
    expect(trpcData(registered)).toEqual(expectedUser(who.name, who.email));
    expect(sessionCookieOf(registered)).toBeDefined();

    const login = await api.post("/_api/trpc/auth.login", { json: { email: who.email, password: who.password } });
    expect(trpcData(login)).toEqual(expectedUser(who.name, who.email));

    const wrong = await api.post("/_api/trpc/auth.login", { json: { email: who.email, password: "wrong password" } });
    expect(wrong.status).toBe(401);
    expect(trpcError(wrong).message).toBe("Invalid email or password.");

    const invalid = await api.post("/_api/trpc/auth.login", { json: { email: "nope", password: "" } });
    expect(invalid.status).toBe(400);
    expect(trpcError(invalid).message).toBe("Please enter a valid email address.");
  });

  it("tRPC error responses carry no stack trace or server file paths", async () => {
    const api = app.newAgent();
    const responses = [
      await api.get("/_api/trpc/auth.me"),
      await api.post("/_api/trpc/auth.login", { json: { email: "nope" } }),
      await api.post("/_api/trpc/auth.nope", { json: {} }),
    ];
    for (const response of responses) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(trpcError(response).data).not.toHaveProperty("stack");
      expect(response.text).not.toMatch(/\/server\/|\.ts:\d+|node_modules/);
    }
  });

  // Last in the file: looks through every body this file received.
  it("never sent a password hash or a session token in a response body", () => {
    expect(app.transcript.bodies.length).toBeGreaterThan(20);
    expect(app.transcript.cookieValues.length).toBeGreaterThan(5);
    expect(leaksIn(app.transcript)).toEqual([]);
  });
});

describe("SECURE_COOKIES=true", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SECURE_COOKIES: "true" });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("marks the session cookie Secure on register, login and logout", async () => {
    const api = app.newAgent();
    const who = newCredentials();
    const responses = [
      await api.post("/_api/auth/register", who),
      await api.post("/_api/auth/login", { email: who.email, password: who.password }),
      await api.post("/_api/auth/logout"),
    ];
    for (const response of responses) {
      const cookie = sessionCookieOf(response);
      expect(cookie, response.text).toBeDefined();
      expect(cookie?.attributes.get("secure")).toBe(true);
      expect(cookie?.attributes.get("httponly")).toBe(true);
    }
  });
});

describe("SESSION_DAYS", () => {
  it("sets the cookie's expiry from the setting", async () => {
    const app = await startTestApp({ SESSION_DAYS: "7" });
    try {
      const response = await app.api.post("/_api/auth/register", newCredentials());
      const expires = Date.parse(String(sessionCookieOf(response)?.attributes.get("expires")));
      expect(Math.abs(expires - (Date.now() + 7 * DAY_MS))).toBeLessThan(5 * 60 * 1000);
    } finally {
      await app.close();
    }
  });
});
