/**
 * `npm run bench:rush`: the Monday rush (docs/benchmarks/0416-rush.md). The built production server, as an
 * operator runs it, is seeded with a kitchen of cooks and managers; then ever more active people walk
 * through their training (scripts/lib/rush-child.ts) until the 95th percentile of answers passes the target.
 * Reports, for each setup, the most people served within it and the server's CPU per learner-minute.
 *
 *   RUSH_SETUPS=sqlite,postgres,scaleout   which setups (default all three; scaleout: two instances on
 *                                          one PostgreSQL behind nginx, as docs/deploy/nginx.conf)
 *   RUSH_STEPS=250,500,1000,…              active people per step (ramps until the target is missed)
 *   RUSH_WARMUP_PEOPLE=200                 the unjudged first step, where everybody signs in
 *   RUSH_STEP_SECONDS=20                   how long each step runs
 *   RUSH_THINK_SECONDS=10                  how long a person takes between two actions
 *   RUSH_TARGET_MS=100                     the p95 a step must keep
 *   RUSH_PEOPLE=20000                      members seeded (each journey takes the next person)
 *
 * All load comes from 127.0.0.1, so the per-address sign-in limit is raised for the run; every other
 * setting is the production default.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { openDatabase } from "#server/platform/db/database.js";
import { createDatabase } from "#server/platform/db/database-admin.js";
import { loadConfig } from "#server/platform/http/config.js";
import { startNginx } from "./lib/nginx.js";
import { startThrowawayPostgres, type ThrowawayPostgres } from "./lib/postgres.js";
import { cpuMs, type ProductionServer, startProductionServer } from "./lib/production-server.js";
import type { RushStep, RushStepResult } from "./lib/rush-child.js";
import { type RushSeed, seedRushCourse, seedRushPeople } from "./lib/rush-seed.js";

type Setup = "sqlite" | "postgres" | "scaleout";
const SETUPS = (process.env.RUSH_SETUPS ?? "sqlite,postgres,scaleout").split(",") as Setup[];
const STEPS = (process.env.RUSH_STEPS ?? "250,500,1000,1500,2000,3000,4000,6000,8000,12000,16000")
  .split(",")
  .map(Number);
const WARMUP_PEOPLE = Number(process.env.RUSH_WARMUP_PEOPLE ?? 200);
const STEP_SECONDS = Number(process.env.RUSH_STEP_SECONDS ?? 20);
const THINK_SECONDS = Number(process.env.RUSH_THINK_SECONDS ?? 10);
const TARGET_MS = Number(process.env.RUSH_TARGET_MS ?? 100);
const PEOPLE = Number(process.env.RUSH_PEOPLE ?? 20_000);
/** More than this share of failed answers ends the ramp like a missed target. */
const FAILURE_SHARE = 0.01;
const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), "lib", "rush-child.ts");
const run = promisify(execFile);

interface Deployment {
  /** Where the load goes: the one instance, or nginx. */
  base: string;
  servers: ProductionServer[];
  stop(): Promise<void>;
}

interface Measured extends RushStepResult {
  people: number;
  cpuMsPerLearnerMinute: number;
}

/** Every instance seals with the same key (decision 0302). */
const SECRET_KEY = randomBytes(32).toString("base64");

function settingsFor(dataDir: string, databaseUrl: string | undefined): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    SECRET_KEY,
    RATE_LIMIT_PER_IP: "1000000",
    TRUST_PROXY: "1",
  };
}

/** The course through one instance, then the people through SQL with no server running. */
async function seed(dataDir: string, databaseUrl: string | undefined): Promise<RushSeed> {
  const settings = settingsFor(dataDir, databaseUrl);
  const first = await startProductionServer(undefined, settings);
  let course: Awaited<ReturnType<typeof seedRushCourse>>;
  try {
    course = await seedRushCourse(first.base);
  } finally {
    await first.stop();
  }
  const orm = await openDatabase(loadConfig({ ...settings, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "warn" }));
  try {
    return await seedRushPeople(orm, databaseUrl !== undefined, course, PEOPLE);
  } finally {
    await orm.close(true);
  }
}

async function deploy(setup: Setup, dataDir: string, databaseUrl: string | undefined): Promise<Deployment> {
  const settings = settingsFor(dataDir, databaseUrl);
  if (setup !== "scaleout") {
    const server = await startProductionServer(undefined, settings);
    return { base: server.base, servers: [server], stop: server.stop };
  }
  const servers = [await startProductionServer(undefined, settings), await startProductionServer(undefined, settings)];
  const nginx = await startNginx(
    dataDir,
    servers.map((server) => Number(new URL(server.base).port)),
  );
  return {
    base: nginx.base,
    servers,
    stop: async () => {
      nginx.stop();
      for (const server of servers) await server.stop();
    },
  };
}

/** Where the people are between steps: the next new one, and those part-way through. */
interface Walkers {
  nextPerson: number;
  inProgress: RushStep["resume"];
}

async function measure(deployment: Deployment, seed: RushSeed, people: number, walkers: Walkers): Promise<Measured> {
  const step: RushStep = {
    url: deployment.base,
    seed,
    nextPerson: walkers.nextPerson,
    resume: walkers.inProgress,
    requestsPerSecond: Math.max(1, Math.round(people / THINK_SECONDS)),
    connections: Math.min(people, 200),
    seconds: STEP_SECONDS,
  };
  const cpuBefore = deployment.servers.map((server) => cpuMs(server.child.pid as number));
  const { stdout } = await run(process.execPath, ["--import", "tsx", CHILD, JSON.stringify(step)], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const cpu = deployment.servers.reduce(
    (sum, server, i) => sum + cpuMs(server.child.pid as number) - (cpuBefore[i] ?? 0),
    0,
  );
  const result = JSON.parse(stdout) as RushStepResult;
  return { ...result, people, cpuMsPerLearnerMinute: cpu / (people * (STEP_SECONDS / 60)) };
}

function line(measured: Measured): string {
  const slowest = Object.entries(measured.paths)
    .sort(([, a], [, b]) => b.p95 - a.p95)
    .slice(0, 2)
    .map(([pathName, figures]) => `${pathName} ${figures.p95.toFixed(0)} ms`)
    .join(", ");
  const failed = Object.entries(measured.paths)
    .filter(([, figures]) => Object.keys(figures.failed).length > 0)
    .map(([pathName, figures]) => `${pathName} ${JSON.stringify(figures.failed)}`);
  return (
    `${String(measured.people).padStart(6)} people: ${String(measured.requests).padStart(6)} answers, ` +
    `p50 ${measured.p50.toFixed(1)} ms, p95 ${measured.p95.toFixed(1)} ms, p99 ${measured.p99.toFixed(1)} ms, ` +
    `${measured.failures} failed, CPU ${measured.cpuMsPerLearnerMinute.toFixed(1)} ms per learner-minute ` +
    `(slowest p95: ${slowest})${failed.length > 0 ? `; failed: ${failed.join(", ")}` : ""}`
  );
}

async function rush(setup: Setup): Promise<Measured | undefined> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `trainwright-rush-${setup}-`));
  let postgres: ThrowawayPostgres | undefined;
  let deployment: Deployment | undefined;
  try {
    let databaseUrl: string | undefined;
    if (setup !== "sqlite") {
      postgres = await startThrowawayPostgres();
      databaseUrl = postgres.urlFor("trainwright_rush");
      await createDatabase({ databaseUrl, dataDir });
    }
    const seeded = await seed(dataDir, databaseUrl);
    deployment = await deploy(setup, dataDir, databaseUrl);
    console.log(`rush on ${setup}: ${seeded.people.length} members seeded; ${THINK_SECONDS} s between actions`);
    const walkers: Walkers = { nextPerson: 1, inProgress: [] };
    const walk = async (people: number) => {
      const measured = await measure(deployment as Deployment, seeded, people, walkers);
      walkers.nextPerson = measured.nextPerson;
      walkers.inProgress = measured.inProgress;
      return measured;
    };
    // The warm-up is the rush's first minute: everybody signs in at once. Not judged; later steps carry on
    // with the journeys it began, so sign-ins take their steady share.
    console.log(`  warm-up ${line(await walk(WARMUP_PEOPLE))}`);
    let best: Measured | undefined;
    let last: Measured | undefined;
    for (const people of STEPS) {
      const measured = await walk(people);
      last = measured;
      console.log(`  ${line(measured)}`);
      if (measured.p95 > TARGET_MS || measured.failures > FAILURE_SHARE * measured.requests) break;
      best = measured;
    }
    const shown = best ?? last;
    if (shown)
      console.log(
        `  per path at ${shown.people} people: ${Object.entries(shown.paths)
          .map(
            ([pathName, figures]) =>
              `${pathName.replace("/_api/", "")} ${figures.requests}× p95 ${figures.p95.toFixed(1)}`,
          )
          .join("; ")}`,
      );
    if (walkers.nextPerson > seeded.people.length)
      console.log(`  (people ran out: ${walkers.nextPerson} journeys; raise RUSH_PEOPLE for figures without repeats)`);
    return best;
  } finally {
    await deployment?.stop();
    postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const summary: string[] = [];
for (const setup of SETUPS) {
  const best = await rush(setup);
  summary.push(
    best
      ? `${setup}: ${best.people} active people at p95 ≤ ${TARGET_MS} ms (p95 ${best.p95.toFixed(1)} ms), ` +
          `${best.cpuMsPerLearnerMinute.toFixed(1)} ms CPU per learner-minute`
      : `${setup}: the first step (${STEPS[0]} people) already missed p95 ≤ ${TARGET_MS} ms`,
  );
}
console.log(`\nrush summary\n${summary.join("\n")}`);
