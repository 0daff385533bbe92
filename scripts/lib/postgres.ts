import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A throwaway PostgreSQL server for tests and tooling: its own data folder under /tmp, trust
 * authentication, listening on a free loopback port only, removed again by `stop()`.
 */
export interface ThrowawayPostgres {
  /** Connection URL of the `postgres` maintenance database; make a database per test file from it. */
  adminUrl: string;
  urlFor(database: string): string;
  stop(): void;
}

function postgresBinDir(): string {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) throw new Error("PostgreSQL is not installed (apt-get install -y postgresql).");
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, "bin");
    if (existsSync(path.join(bin, "initdb"))) return bin;
  }
  throw new Error(`No initdb under ${root}.`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), "trainwright-pg-"));
  const dataDir = path.join(dir, "data");
  if (asRoot) {
    // initdb refuses to run as root: the cluster belongs to the postgres system user.
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const run = (command: string, args: string[]) => {
    const full = asRoot ? ["-u", "postgres", "--", path.join(bin, command), ...args] : args;
    const result = spawnSync(asRoot ? "runuser" : path.join(bin, command), full, { encoding: "utf8" });
    if (result.status !== 0) {
      throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
    }
  };
  run("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const port = await freePort();
  const serverOptions = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ");
  run("pg_ctl", ["-D", dataDir, "-o", serverOptions, "-l", path.join(dir, "server.log"), "-w", "-t", "60", "start"]);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const urlFor = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return { adminUrl: urlFor("postgres"), urlFor, stop };
}
