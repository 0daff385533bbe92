import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/database.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
/**
 * How long one server process may take from spawn to exit. Its start compiles and imports the whole server
 * under tsx, which takes well over 20 s on two cores shared with other test suites.
 */
const START_LIMIT_MS = 90_000;
const TEST_LIMIT_MS = START_LIMIT_MS + 10_000;

interface Started {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** Runs `server/main.ts` the way `npm start` does (under tsx), with only the given settings. */
function startMain(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    // PATH and HOME only: nothing from the test runner's environment may leak in.
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // A hung server must not outlive the test run; a slow start on a busy machine is not a hang.
  const guard = setTimeout(() => child.kill("SIGKILL"), START_LIMIT_MS);
  void exited.then(() => clearTimeout(guard));
  return { child, stdout: () => out, stderr: () => err, exited };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let database: TestDatabase | undefined;
let running: Started | undefined;
afterEach(async () => {
  if (running && running.child.exitCode === null) {
    running.child.kill("SIGKILL");
    await running.exited;
  }
  running = undefined;
  await database?.drop();
  database = undefined;
});

describe("server/main.ts start-up errors", { timeout: TEST_LIMIT_MS }, () => {
  it.each([
    ["PORT", { PORT: "abc" }],
    ["SESSION_DAYS", { SESSION_DAYS: "0" }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://user@host/db" }],
  ])("a bad %s exits non-zero with one line and no stack trace", async (name, env) => {
    running = startMain({ DATA_DIR: "/nonexistent/never-created", ...env });
    const code = await running.exited;
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    const lines = running.stderr().trimEnd().split("\n");
    expect(lines, running.stderr()).toHaveLength(1);
    expect(lines[0]).toContain(name);
    expect(running.stderr()).not.toMatch(/^\s+at /m);
    expect(running.stdout()).toBe("");
  });

  it("an unreachable PostgreSQL exits non-zero with one line", async () => {
    running = startMain({
      DATABASE_URL: "postgres://nobody@127.0.0.1:1/nothing",
      PORT: "0",
      SECRET_KEY: "a-secret-key-of-at-least-thirty-two-chars",
    });
    const code = await running.exited;
    expect(code).not.toBe(0);
    const lines = running.stderr().trimEnd().split("\n");
    expect(lines, running.stderr()).toHaveLength(1);
    expect(running.stderr()).not.toMatch(/^\s+at /m);
  });
});

describe("server/main.ts without SECRET_KEY on PostgreSQL", { timeout: TEST_LIMIT_MS }, () => {
  it("exits non-zero with one line naming SECRET_KEY, before touching the database", async () => {
    running = startMain({ DATABASE_URL: "postgres://nobody@127.0.0.1:1/nothing", PORT: "0" });
    expect(await running.exited).not.toBe(0);
    expect(running.stderr().trimEnd()).toBe(
      "trainwright: SECRET_KEY must be set with DATABASE_URL: every instance must seal with the same key.",
    );
  });
});

describe("server/main.ts serving", { timeout: TEST_LIMIT_MS }, () => {
  it("listens on the given host, answers the API, and exits 0 on SIGTERM", async () => {
    database = await createTestDatabase();
    running = startMain({
      PORT: "0",
      DATA_DIR: database.dataDir,
      // PostgreSQL needs the sealing key every instance shares (decision 0302).
      ...(database.databaseUrl
        ? { DATABASE_URL: database.databaseUrl, SECRET_KEY: "a-secret-key-of-at-least-thirty-two-chars" }
        : {}),
      CLIENT_DIR: path.join(database.dataDir, "no-client"),
    });
    const started = running;
    await until(
      () => /listening at http:\/\/127\.0\.0\.1:\d+/i.test(started.stdout()) || started.child.exitCode !== null,
      START_LIMIT_MS,
    );
    const port = /listening at http:\/\/127\.0\.0\.1:(\d+)/i.exec(started.stdout())?.[1];
    expect(port, started.stdout() + started.stderr()).toBeDefined();

    const response = await fetch(`http://127.0.0.1:${port}/_api/auth/me`);
    expect(response.status).toBe(401);

    started.child.kill("SIGTERM");
    expect(await started.exited).toBe(0);
    expect(started.stderr()).toBe("");
  });
});
