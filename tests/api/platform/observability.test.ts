import { afterEach, describe, expect, it } from "vitest";
import { DATABASE_UNAVAILABLE } from "#server/platform/http/errors.js";
import { startTestApp, type TestApp } from "../support/app.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { errorOf } from "../support/fixtures.js";
import { PROCESS_TEST_TIMEOUT_MS, type ServerProcess, startServerProcess } from "../support/server-process.js";

const PASSWORD = "a long enough password";
const TOKEN = "metrics-token-0123456789";

let app: TestApp | undefined;
let server: ServerProcess | undefined;
let database: TestDatabase | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  await server?.stop();
  server = undefined;
  await database?.drop();
  database = undefined;
});

describe("request ids", () => {
  it("keeps a plain X-Request-Id from the caller and returns it", async () => {
    app = await startTestApp();
    const response = await app.api.get("/_api/auth/me", {}, { headers: { "x-request-id": "edge-42.abc:7_x" } });
    expect(response.headers.get("x-request-id")).toBe("edge-42.abc:7_x");
  });

  it.each([
    ["too long", "a".repeat(129)],
    ["with spaces", "two words"],
    ["with a line break", "evil\\nline"],
  ])("replaces one %s with an id of its own", async (_case, sent) => {
    app = await startTestApp();
    const response = await app.api.get("/_api/health", {}, { headers: { "x-request-id": sent } });
    const returned = response.headers.get("x-request-id");
    expect(returned).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("gives every response an id, distinct per request, pages and errors included", async () => {
    app = await startTestApp();
    const ids = new Set<string>();
    for (const path of ["/_api/health", "/_api/no-such-thing", "/anything"]) {
      const id = (await app.api.get(path)).headers.get("x-request-id");
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      ids.add(id as string);
    }
    expect(ids.size).toBe(3);
  });
});

describe("the access log", () => {
  it(
    "writes one info line per request: method, route, status, ms, user and organization, no bodies",
    async () => {
      database = await createTestDatabase();
      server = await startServerProcess({
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl ?? undefined,
      });
      const register = await fetch(`${server.url}/_api/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-request-id": "log-test-register" },
        body: JSON.stringify({ name: "Logged", email: "logged@example.com", password: PASSWORD }),
      });
      expect(register.status).toBe(200);
      const cookie = (register.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
      const me = await fetch(`${server.url}/_api/auth/me?x=secret-query`, {
        headers: { cookie, "x-request-id": "log-test-me" },
      });
      expect(me.status).toBe(200);
      const { id: userId } = (await me.json()).json as { id: number };

      await expect.poll(() => server?.output().includes('"reqId":"log-test-me"')).toBe(true);
      const lines = (server.output().match(/^\{.*\}$/gm) ?? []).map(
        (line) => JSON.parse(line) as Record<string, unknown>,
      );
      const meLines = lines.filter((line) => line.reqId === "log-test-me");
      expect(meLines).toHaveLength(1);
      expect(meLines[0]).toMatchObject({
        level: 30,
        msg: "request",
        method: "GET",
        route: "/_api/auth/me",
        status: 200,
        userId,
        orgId: null,
      });
      expect(typeof meLines[0]?.ms).toBe("number");
      expect(lines.filter((line) => line.reqId === "log-test-register")).toHaveLength(1);
      expect(server.output()).not.toContain(PASSWORD);
      expect(server.output()).not.toContain("logged@example.com");
      expect(server.output()).not.toContain("secret-query");
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

describe("metrics", () => {
  it("is off (404) without METRICS_TOKEN", async () => {
    app = await startTestApp();
    expect((await app.api.get("/_api/metrics")).status).toBe(404);
  });

  it("answers only the token, with request durations by route and status, event loop lag and the pool", async () => {
    app = await startTestApp({ METRICS_TOKEN: TOKEN });
    expect((await app.api.get("/_api/metrics")).status).toBe(401);
    const wrong = await app.api.get("/_api/metrics", {}, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect((await app.api.get("/_api/auth/me")).status).toBe(401);

    const response = await app.api.get("/_api/metrics", {}, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(response.text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/_api\/auth\/me",status="401"\} 1/,
    );
    expect(response.text).toContain("nodejs_eventloop_lag_seconds");
    expect(response.text).toMatch(/db_pool_connections_in_use \d+/);
    expect(response.text).toMatch(/db_pool_connections_idle \d+/);
  });
});

describe("a database outage", () => {
  it("answers 503 with a clear message, and readiness says why", async () => {
    app = await startTestApp();
    const signedUp = await app.api.post("/_api/auth/register", {
      name: "Out",
      email: "out@example.com",
      password: PASSWORD,
    });
    expect(signedUp.status).toBe(200);
    await app.orm.close(true);

    const me = await app.api.get("/_api/auth/me");
    expect(me.status).toBe(503);
    expect(errorOf(me)).toBe(DATABASE_UNAVAILABLE);
    const viaTrpc = await app.api.get("/_api/trpc/auth.me");
    expect(viaTrpc.status).toBe(503);
    const ready = await app.api.get("/_api/ready");
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.text)).toEqual({ status: "not ready", reason: "database unreachable" });
  });
});
