/**
 * The built production server (`node dist/server/main.js`, or another command) started as an operator
 * would, on a fresh SQLite DATA_DIR and a free loopback port, for the figures and Lighthouse scripts.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { freePort } from "./postgres.js";

const READY_LIMIT_MS = 180_000;
const READY_PATH = "/_api/ready";

export interface ProductionServer {
  base: string;
  child: ChildProcess;
  /** Milliseconds from spawning the process to the first 200 from /_api/ready. */
  readyMs: number;
  /**
   * CPU milliseconds (user + system) the process had used by then: unlike the wall time, hardly changed by
   * other work on the machine, so it compares start-up across runs of a busy machine.
   */
  readyCpuMs: number;
  stop(): Promise<void>;
}

/** User + system CPU time of a process so far (Linux /proc; clock ticks are 1/100 s). */
export function cpuMs(pid: number): number {
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export async function startProductionServer(
  command: readonly string[] = ["node", "dist/server/main.js"],
  env: Record<string, string> = {},
): Promise<ProductionServer> {
  const [program, ...args] = command;
  const dataDir = mkdtempSync(path.join(tmpdir(), "trainwright-production-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(program as string, args, {
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });
  const stop = async () => {
    if (!exited) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = started + READY_LIMIT_MS;
    for (;;) {
      if (exited) throw new Error("The server exited before it was ready.");
      if (performance.now() > deadline) throw new Error(`Not ready within ${READY_LIMIT_MS} ms.`);
      const ready = await fetch(`${base}${READY_PATH}`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const readyMs = performance.now() - started;
  return { base, child, readyMs, readyCpuMs: cpuMs(child.pid as number), stop };
}
