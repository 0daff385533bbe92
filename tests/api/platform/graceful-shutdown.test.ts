import { request as httpRequest } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.js";
import { openDatabase } from "#server/platform/db/database.js";
import { drain } from "#server/platform/http/lifecycle.js";
import { RateLimiter } from "#server/platform/http/rate-limit.js";
import { testConfig } from "../support/app.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { PROCESS_TEST_TIMEOUT_MS, type ServerProcess, startServerProcess } from "../support/server-process.js";

const PASSWORD = "a long enough password";
const IN_FLIGHT = 20;

interface Outcome {
  status: number | null;
  error: string | null;
}

/**
 * A sign-in on a connection of its own (no keep-alive). `sent` resolves once the whole request has been
 * handed to the kernel: from then on the client considers it in flight.
 */
function signIn(baseUrl: string, email: string): { sent: Promise<void>; outcome: Promise<Outcome> } {
  let markSent: () => void = () => {};
  const sent = new Promise<void>((resolve) => {
    markSent = resolve;
  });
  const outcome = new Promise<Outcome>((resolve) => {
    const req = httpRequest(
      `${baseUrl}/_api/auth/login`,
      { method: "POST", agent: false, headers: { "content-type": "application/json" } },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? null, error: null }));
        response.on("error", (error) => resolve({ status: null, error: error.message }));
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      markSent();
      resolve({ status: null, error: error.code ?? error.message });
    });
    req.on("finish", () => markSent());
    req.end(JSON.stringify({ email, password: PASSWORD }));
  });
  return { sent, outcome };
}

async function register(baseUrl: string, email: string): Promise<void> {
  const response = await fetch(`${baseUrl}/_api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Drain Tester", email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
}

let database: TestDatabase | undefined;
let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
  await database?.drop();
  database = undefined;
});

describe("graceful shutdown (SIGTERM)", () => {
  it(
    "completes every request already sent, resets none, then exits cleanly and refuses new connections",
    async () => {
      database = await createTestDatabase();
      server = await startServerProcess({
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl ?? undefined,
        RATE_LIMIT_PER_IP: "100000",
        RATE_LIMIT_PER_EMAIL: "100000",
      });
      await register(server.url, "drain@example.com");

      const signIns = Array.from({ length: IN_FLIGHT }, () => signIn(server?.url ?? "", "drain@example.com"));
      await Promise.all(signIns.map((s) => s.sent));
      server.child.kill("SIGTERM");
      const outcomes = await Promise.all(signIns.map((s) => s.outcome));

      expect(outcomes.filter((o) => o.error !== null)).toEqual([]);
      expect(outcomes.map((o) => o.status)).toEqual(Array(IN_FLIGHT).fill(200));
      expect(await server.exited).toBe(0);
      const late = await fetch(`${server.url}/_api/health`).then(
        (response) => `answered ${response.status}`,
        (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
      );
      expect(late).toBe("ECONNREFUSED");
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

describe("readiness", () => {
  it("is 503 while starting and while draining, 200 in between; health stays 200 until the end", async () => {
    database = await createTestDatabase();
    const config = testConfig(database);
    const orm = await openDatabase(config);
    const app = await buildApp({ config, orm, rateLimiter: new RateLimiter(orm, config.rateLimit) });
    try {
      const before = await app.inject({ url: "/_api/ready" });
      expect(before.statusCode).toBe(503);
      expect(before.json()).toEqual({ status: "not ready", reason: "starting" });

      await app.listen({ port: 0, host: "127.0.0.1" });
      const address = app.server.address();
      const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
      const ready = await fetch(`${url}/_api/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: "ready" });
      expect(ready.headers.get("cache-control")).toBe("no-store");

      await register(url, "ready@example.com");
      const slow = signIn(url, "ready@example.com");
      await slow.sent;
      const draining = drain(app, 20_000);
      const during = await app.inject({ url: "/_api/ready" });
      expect(during.statusCode).toBe(503);
      expect(during.json()).toEqual({ status: "not ready", reason: "draining" });
      expect((await app.inject({ url: "/_api/health" })).statusCode).toBe(200);

      const outcome = await slow.outcome;
      expect(outcome).toEqual({ status: 200, error: null });
      expect(await draining).toBe(true);
    } finally {
      await app.close();
      await orm.close(true);
    }
  });
});
