/**
 * `npm run test:scaleout`: Trainwright as docs/deploy/nginx.conf deploys it — two instances on one
 * PostgreSQL behind nginx — under a bounded mixed load, with one instance killed (SIGKILL) in the middle.
 * Passes when no GET failed, every write that was answered 200 is in the database, and every session
 * works on both instances. Everything it starts (PostgreSQL, nginx with its own config and pid file, the
 * instances) listens on 127.0.0.1 and is stopped at the end; nginx is installed with apt-get when missing.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDatabase } from "#server/platform/db/database-admin.js";
import { startNginx } from "./lib/nginx.js";
import { freePort, startThrowawayPostgres } from "./lib/postgres.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const USERS = 4;
const OPERATIONS = 240;
const CONCURRENCY = 8;
const LOAD_LIMIT_MS = 120_000;
const PASSWORD = "scale-out password";

interface Instance {
  port: number;
  child: ChildProcess;
}

async function startInstance(port: number, databaseUrl: string, dataDir: string): Promise<Instance> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "server", "main.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      TRUST_PROXY: "1",
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_IP: "100000",
      // Every instance seals with the same key (decision 0302).
      SECRET_KEY: "scaleout-secret-key-0123456789-0123456789",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance on ${port} exited with ${child.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${port}/_api/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (ready === 200) return { port, child };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`instance on ${port} was not ready within 90 s`);
}

async function call(base: string, method: "GET" | "POST", url: string, cookie: string, body?: unknown) {
  try {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, text: await response.text(), setCookie: response.headers.get("set-cookie") };
  } catch (error) {
    return { status: 0, text: String(error), setCookie: null };
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "trainwright-scaleout-"));
  const postgres = await startThrowawayPostgres();
  const instances: Instance[] = [];
  let stopNginx = () => {};
  try {
    const databaseUrl = postgres.urlFor("trainwright");
    console.log(`scale-out: ${await createDatabase({ databaseUrl, dataDir: dir })}`);
    const ports = [await freePort(), await freePort()];
    // Both at once: the migration lock lets them share the empty database.
    instances.push(...(await Promise.all(ports.map((port) => startInstance(port, databaseUrl, dir)))));
    const nginx = await startNginx(dir, ports);
    stopNginx = nginx.stop;
    const base = nginx.base;

    const cookies: string[] = [];
    for (let u = 0; u < USERS; u++) {
      const email = `scale${u}@example.com`;
      const registered = await call(base, "POST", "/_api/auth/register", "", {
        name: `Scale ${u}`,
        email,
        password: PASSWORD,
      });
      if (registered.status !== 200) throw new Error(`register: ${registered.status} ${registered.text}`);
      cookies.push((registered.setCookie ?? "").split(";")[0] ?? "");
    }

    const failedGets: string[] = [];
    const acknowledged = new Map<number, string[]>();
    let unacknowledgedWrites = 0;
    let next = 0;
    let killed = false;
    const loadDeadline = Date.now() + LOAD_LIMIT_MS;
    const worker = async () => {
      while (next < OPERATIONS && Date.now() < loadDeadline) {
        const n = next++;
        if (n === Math.floor(OPERATIONS / 3) && !killed) {
          killed = true;
          console.log(`scale-out: killing the instance on port ${instances[0]?.port} (SIGKILL) after ${n} operations`);
          instances[0]?.child.kill("SIGKILL");
        }
        const user = n % USERS;
        const cookie = cookies[user] as string;
        if (n % 3 === 2) {
          const slug = `org-${user}-${n}`;
          const created = await call(base, "POST", "/_api/orgs/create", cookie, { name: `Org ${n}`, slug });
          if (created.status === 200) acknowledged.set(user, [...(acknowledged.get(user) ?? []), slug]);
          else unacknowledgedWrites++;
        } else {
          const url = n % 3 === 0 ? "/_api/auth/me" : "/_api/orgs/list";
          const read = await call(base, "GET", url, cookie);
          if (read.status !== 200) failedGets.push(`${url}: ${read.status} ${read.text.slice(0, 120)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const problems: string[] = [];
    if (next < OPERATIONS) problems.push(`the load did not finish within ${LOAD_LIMIT_MS} ms (${next} operations)`);
    problems.push(...failedGets.map((failure) => `failed GET ${failure}`));

    // The killed instance comes back; every session must work on each instance directly.
    instances[0] = await startInstance(ports[0] as number, databaseUrl, dir);
    for (const [user, cookie] of cookies.entries()) {
      for (const instance of instances) {
        const me = await call(`http://127.0.0.1:${instance.port}`, "GET", "/_api/auth/me", cookie);
        if (me.status !== 200) problems.push(`user ${user}'s session on port ${instance.port}: ${me.status}`);
      }
      const listed = await call(base, "GET", "/_api/orgs/list", cookie);
      for (const slug of acknowledged.get(user) ?? []) {
        if (!listed.text.includes(`"${slug}"`)) problems.push(`acknowledged write lost: organization ${slug}`);
      }
    }
    const writes = [...acknowledged.values()].reduce((sum, slugs) => sum + slugs.length, 0);
    console.log(
      `scale-out: ${next} operations, ${failedGets.length} failed GETs, ${writes} acknowledged writes, ` +
        `${unacknowledgedWrites} writes refused or cut by the kill`,
    );
    if (problems.length > 0) {
      console.error(`scale-out: FAILED\n${problems.join("\n")}`);
      process.exitCode = 1;
    } else {
      console.log("scale-out: passed");
    }
  } finally {
    stopNginx();
    for (const instance of instances) instance.child.kill("SIGKILL");
    postgres.stop();
    if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
