import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { TEST_SERVER_SETTINGS } from "../../support/settings.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
/** A tsx start on two busy shared cores has been seen to take 40 s. */
const START_LIMIT_MS = 100_000;
/** For a test that starts server processes: room for a slow start and the test's own work. */
export const PROCESS_TEST_TIMEOUT_MS = 180_000;

/** The real server (server/main.ts as `npm start` runs it, from source) in a process of its own. */
export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  child: ChildProcess;
  /** Everything it printed so far (pino's JSON lines and any one-line start-up error). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
  /** SIGTERM, then the exit; SIGKILL when it takes longer than `limitMs`. */
  stop(limitMs?: number): Promise<number | string>;
}

export interface ServerProcessOptions {
  /** Resolve as soon as the process ends, instead of expecting it to listen (a start-up failure). */
  expectExit?: boolean;
}

/** Starts `server/main.ts` with these settings on a free loopback port and waits until it listens. */
export function startServerProcess(
  env: Record<string, string | undefined>,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "server", "main.ts")], {
    cwd: ROOT,
    // SECRET_KEY as every test server has it: PostgreSQL refuses to start without one (decision 0302).
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "info",
      SECRET_KEY: TEST_SERVER_SETTINGS.SECRET_KEY,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | string>((resolve) => {
    child.on("exit", (code, signal) => resolve(code ?? signal ?? "unknown"));
  });
  const stop = async (limitMs = 30_000) => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), limitMs);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`The server did not listen within ${START_LIMIT_MS} ms:\n${output}`));
    }, START_LIMIT_MS);
    const server = (url: string): ServerProcess => ({ url, child, output: () => output, exited, stop });
    const collect = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening && !options.expectExit) {
        clearTimeout(timer);
        resolve(server(listening[1] as string));
      }
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    void exited.then(() => {
      clearTimeout(timer);
      if (options.expectExit) resolve(server(""));
      else reject(new Error(`The server exited before it listened:\n${output}`));
    });
  });
}
