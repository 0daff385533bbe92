import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app.js";
import type { ApiResponse } from "../support/client.js";
import { errorOf, newCredentials, registerUser } from "../support/fixtures.js";

/** The writes of the REST adapter and the same procedures through tRPC. */
const WRITE_PATHS = [
  "/_api/auth/login",
  "/_api/auth/register",
  "/_api/auth/logout",
  "/_api/trpc/auth.login",
  "/_api/trpc/auth.register",
  "/_api/trpc/auth.logout",
];

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** A JSON error in the REST shape: the body is `{ error }` and nothing in it is HTML. */
function expectJsonError(response: ApiResponse, status: number): string {
  expect(response.status, response.text).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.text).not.toMatch(/<html|<!doctype/i);
  return errorOf(response);
}

describe("body size (docs/DESIGN.md §4: 413)", () => {
  const big = JSON.stringify({ email: "big@example.com", password: "p".repeat(1024 * 1024) });

  it.each(WRITE_PATHS)("refuses a body over 1 MB on %s with 413", async (path) => {
    expectJsonError(await app.api.post(path, undefined, { raw: big }), 413);
  });

  it("still reads a body just under 1 MB on a path that needs a session (and then asks for one)", async () => {
    const almost = JSON.stringify({ title: "t".repeat(1000 * 1000) });
    for (const path of ["/_api/courses/create", "/_api/trpc/courses.create"]) {
      const response = await app.newAgent().post(path, undefined, { raw: almost });
      expect(response.status, path).toBe(401);
    }
  });

  it("a path a signed-out person may call reads at most 16 KB, and under that validates (decision 0260)", async () => {
    const over = JSON.stringify({ email: "big@example.com", password: "p".repeat(16 * 1024) });
    const under = JSON.stringify({ email: "big@example.com", password: "p".repeat(15 * 1024) });
    for (const path of ["/_api/auth/login", "/_api/auth/register", "/_api/trpc/auth.login"]) {
      expect(expectJsonError(await app.api.post(path, undefined, { raw: over }), 413)).toBe(
        "The request is too large.",
      );
      expect((await app.api.post(path, undefined, { raw: under })).status, path).toBe(400);
    }
  });
});

describe("malformed JSON (400)", () => {
  const bodies = ["{", "{'email': 'a@b.co'}", '{"email": "a@b.co",}', "[1, 2", "undefined", "NaN", '{"a":1} trailing'];
  // A body is read only for a procedure that takes input, so auth.logout ignores one, through tRPC and REST
  // alike (decision 0260: bodies are parsed when the procedure asks for its input).
  const paths = WRITE_PATHS.filter((path) => !path.endsWith("logout"));
  it.each(paths)("answers 400 in the error shape on %s", async (path) => {
    for (const raw of bodies) {
      const response = await app.api.post(path, undefined, { raw });
      expect(response.status, `${path} ${raw}`).toBe(400);
      expect(response.text).not.toMatch(/<html/i);
      if (!path.includes("/trpc/")) errorOf(response);
    }
  });
});

describe("content type of writes (docs/DESIGN.md §5: 415)", () => {
  const refused = [
    "text/plain",
    "text/plain;charset=UTF-8",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/jsonp",
    "",
  ];
  it.each(WRITE_PATHS)("refuses anything but application/json on %s", async (path) => {
    const body = JSON.stringify({ email: "a@example.com", password: "whatever1" });
    for (const contentType of refused) {
      const response = await app.api.post(path, undefined, { raw: body, headers: { "content-type": contentType } });
      expectJsonError(response, 415);
    }
  });

  it("accepts application/json with a charset, in any case", async () => {
    const who = await registerUser(app.newAgent());
    for (const contentType of ["application/json; charset=utf-8", "Application/JSON"]) {
      const response = await app
        .newAgent()
        .post(
          "/_api/auth/login",
          { email: who.email, password: who.password },
          { headers: { "content-type": contentType } },
        );
      expect(response.status, contentType).toBe(200);
    }
  });

  it("changes nothing when it refuses: a text/plain registration creates no account", async () => {
    const who = newCredentials();
    const refused = await app
      .newAgent()
      .post("/_api/auth/register", who, { headers: { "content-type": "text/plain" } });
    expect(refused.status).toBe(415);
    expect(refused.setCookies).toEqual([]);
    await registerUser(app.newAgent(), who);
  });
});

describe("Origin of writes (docs/DESIGN.md §5: 403)", () => {
  const foreign = ["https://evil.example", "http://127.0.0.1:1", "null", "not a url", "http://localhost.evil.example"];

  it.each(WRITE_PATHS)("refuses a cross-origin write on %s", async (path) => {
    for (const origin of foreign) {
      const response = await app.api.post(
        path,
        { email: "a@example.com", password: "whatever1" },
        { headers: { origin } },
      );
      expectJsonError(response, 403);
    }
  });

  it("accepts a write from the app's own origin", async () => {
    const who = newCredentials();
    const response = await app.newAgent().post("/_api/auth/register", who, { headers: { origin: app.url } });
    expect(response.status, response.text).toBe(200);
  });

  it("a cross-origin logout leaves the session alive, and a cross-origin register creates nothing", async () => {
    const api = app.newAgent();
    await registerUser(api);
    const logout = await api.post("/_api/auth/logout", undefined, { headers: { origin: "https://evil.example" } });
    expect(logout.status).toBe(403);
    expect(logout.setCookies).toEqual([]);
    expect((await api.get("/_api/auth/me")).status).toBe(200);

    const who = newCredentials();
    const forged = await app
      .newAgent()
      .post("/_api/auth/register", who, { headers: { origin: "https://evil.example" } });
    expect(forged.status).toBe(403);
    expect((await app.newAgent().post("/_api/auth/login", { email: who.email, password: who.password })).status).toBe(
      401,
    );
  });

  it("lets a cross-origin read through but grants no CORS access to it", async () => {
    const response = await app.api.get("/_api/auth/me", undefined, { headers: { origin: "https://evil.example" } });
    expect(response.status).toBe(401);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    expect(response.headers.get("access-control-allow-credentials")).toBeNull();
  });
});

describe("unknown API paths (404, never HTML)", () => {
  const gets = ["/_api/x", "/_api", "/_api/", "/_api/auth", "/_api/auth/login", "/_api/auth/nope", "/_api/x/y/z.html"];
  it.each(gets)("GET %s is a JSON 404", async (path) => {
    expectJsonError(await app.api.get(path), 404);
  });

  it("POST to an unknown path or with the wrong method is a JSON 404", async () => {
    for (const path of ["/_api/x", "/_api/auth/me", "/_api/orgs/nope"]) {
      expectJsonError(await app.api.post(path, {}), 404);
    }
  });

  it("an unknown tRPC procedure is a 404 without HTML", async () => {
    const response = await app.api.get("/_api/trpc/nope.nothing");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  });
});

describe("API responses are not cached", () => {
  it("sends Cache-Control: no-store on answers that may carry a user", async () => {
    const api = app.newAgent();
    await registerUser(api);
    for (const response of [
      await api.get("/_api/auth/me"),
      await api.get("/_api/trpc/auth.me"),
      await api.get("/_api/x"),
    ]) {
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });
});
