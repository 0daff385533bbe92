import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
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

export function freePort(): Promise<number> {
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

/**
 * Where the clusters go. scripts/test.sh points TRAINWRIGHT_PG_ROOT at a folder of its own, so that its
 * exit trap can stop exactly the servers this run started even when a test process was killed.
 */
function clusterParent(): string {
  const root = process.env.TRAINWRIGHT_PG_ROOT?.trim();
  if (!root) return tmpdir();
  mkdirSync(root, { recursive: true });
  // The postgres user must be able to reach its data folder inside.
  chmodSync(root, 0o755);
  return root;
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(clusterParent(), "trainwright-pg-"));
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
  try {
    run("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
    run("pg_ctl", ["-D", dataDir, "-o", serverOptions, "-l", path.join(dir, "server.log"), "-w", "-t", "60", "start"]);
  } catch (error) {
    // pg_ctl may give up waiting on a server that is still starting: stop it before removing its folder.
    if (existsSync(path.join(dataDir, "postmaster.pid"))) {
      spawnSync(asRoot ? "runuser" : path.join(bin, "pg_ctl"), [
        ...(asRoot ? ["-u", "postgres", "--", path.join(bin, "pg_ctl")] : []),
        ...["-D", dataDir, "-m", "immediate", "-w", "stop"],
      ]);
    }
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off("exit", stop);
    try {
      run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // A caller that dies before its own clean-up (an uncaught error, process.exit) still stops the server.
  process.on("exit", stop);
  const urlFor = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return { adminUrl: urlFor("postgres"), urlFor, stop };
}
