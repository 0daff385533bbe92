/**
 * The paired load figures of decision 0251: each endpoint under autocannon (50 connections by default), run in
 * turn with a bare Fastify 5 JSON server in the same process, so a loaded machine slows both alike. Per
 * endpoint: req/s, its share of the bare server's, CPU milliseconds per request (process.cpuUsage of this
 * process, which holds the servers while autocannon runs in a child) and p99; medians of the rounds.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import Fastify, { type FastifyInstance } from "fastify";
import type { LoadResult, LoadRun } from "./load-child.js";

const run = promisify(execFile);
const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), "load-child.ts");

export interface PairedSettings {
  connections: number;
  seconds: number;
  rounds: number;
}

export interface PairedEndpoint {
  name: string;
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  bodies?: string[];
  /** Sign-in cookies to send the bodies with in turn (scripts/lib/load-child.ts). */
  cookies?: string[];
  /** Runs before each round (e.g. clears the completions a POST makes, so each one is new again). */
  beforeRound?: () => Promise<void>;
}

export interface PairedFigures {
  name: string;
  reqPerSec: number;
  bareReqPerSec: number;
  percentOfBare: number;
  cpuMsPerRequest: number;
  bareCpuMsPerRequest: number;
  p99: number;
  /** The bare server's own p99 in the same rounds: how low p99 can be at this many connections here. */
  bareP99: number;
  failures: number;
}

export interface Measured extends LoadResult {
  cpuMs: number;
  /** Responses the server finished during the run and the drain after it. */
  served: number;
}

/** How many requests a server has begun and finished: CPU is read once the ones in flight are done. */
export interface RequestCounter {
  started: number;
  finished: number;
}

/** Counts a server's requests; call before it listens. */
export function countRequests(server: FastifyInstance): RequestCounter {
  const counter = { started: 0, finished: 0 };
  server.addHook("onRequest", (_req, _reply, done) => {
    counter.started++;
    done();
  });
  server.addHook("onResponse", (_req, _reply, done) => {
    counter.finished++;
    done();
  });
  return counter;
}

const DRAIN_LIMIT_MS = 60_000;
/**
 * A request whose client went away at the end of a run never reaches onResponse (Fastify sends it nowhere),
 * so once no request has finished for this long the rest are taken to be those.
 */
const DRAIN_STALL_MS = 250;

/**
 * Waits until the server has finished every request it began, at most `limitMs`, and no longer than
 * `stallMs` after the last one finished: the rest are requests whose client went away.
 */
export async function requestsDrained(
  counter: RequestCounter,
  { limitMs, stallMs } = { limitMs: DRAIN_LIMIT_MS, stallMs: DRAIN_STALL_MS },
): Promise<void> {
  const started = Date.now();
  let lastFinished = counter.finished;
  let lastProgress = started;
  while (counter.started > counter.finished && Date.now() - started < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (counter.finished !== lastFinished) {
      lastFinished = counter.finished;
      lastProgress = Date.now();
    } else if (Date.now() - lastProgress >= stallMs) {
      return;
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * CPU is counted until the server has finished every request it began: autocannon stops waiting at the
 * end of its run, and the work on the requests it dropped would otherwise be charged to too few.
 */
export async function measureLoad(
  target: Omit<LoadRun, "connections" | "seconds">,
  settings: Pick<PairedSettings, "connections" | "seconds">,
  counter: RequestCounter,
): Promise<Measured> {
  const load: LoadRun = { ...target, connections: settings.connections, seconds: settings.seconds };
  const finishedBefore = counter.finished;
  const before = process.cpuUsage();
  const { stdout } = await run(process.execPath, ["--import", "tsx", CHILD, JSON.stringify(load)], {
    maxBuffer: 1 << 20,
  });
  await requestsDrained(counter);
  const used = process.cpuUsage(before);
  return {
    ...(JSON.parse(stdout) as LoadResult),
    cpuMs: (used.user + used.system) / 1000,
    served: counter.finished - finishedBefore,
  };
}

/** A bare Fastify 5 server answering a small JSON object: the ceiling the endpoints are compared with. */
export async function startBareServer(): Promise<{ url: string; counter: RequestCounter; close: () => Promise<void> }> {
  const bare = Fastify({ logger: false });
  const counter = countRequests(bare);
  bare.get("/", async () => ({ hello: "world" }));
  await bare.listen({ port: 0, host: "127.0.0.1" });
  const address = bare.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/`, counter, close: () => bare.close() };
}

export async function pairedFigures(
  endpoint: PairedEndpoint,
  servers: { app: RequestCounter; bare: { url: string; counter: RequestCounter } },
  settings: PairedSettings,
): Promise<PairedFigures> {
  const rounds: { app: Measured; bare: Measured }[] = [];
  for (let round = 0; round < settings.rounds; round++) {
    const bare = await measureLoad(
      { url: servers.bare.url, method: "GET", headers: {} },
      settings,
      servers.bare.counter,
    );
    await endpoint.beforeRound?.();
    const app = await measureLoad(
      {
        url: endpoint.url,
        method: endpoint.method,
        headers: endpoint.headers,
        bodies: endpoint.bodies,
        cookies: endpoint.cookies,
      },
      settings,
      servers.app,
    );
    rounds.push({ app, bare });
  }
  const perRequest = (m: Measured) => m.cpuMs / Math.max(m.served, 1);
  return {
    name: endpoint.name,
    reqPerSec: median(rounds.map((r) => r.app.reqPerSec)),
    bareReqPerSec: median(rounds.map((r) => r.bare.reqPerSec)),
    percentOfBare: median(rounds.map((r) => (100 * r.app.reqPerSec) / Math.max(r.bare.reqPerSec, 1))),
    cpuMsPerRequest: median(rounds.map((r) => perRequest(r.app))),
    bareCpuMsPerRequest: median(rounds.map((r) => perRequest(r.bare))),
    p99: median(rounds.map((r) => r.app.p99)),
    bareP99: median(rounds.map((r) => r.bare.p99)),
    failures: rounds.reduce((sum, r) => sum + r.app.errors + r.app.timeouts + r.app.non2xx, 0),
  };
}

export const PAIRED_HEADER = [
  "endpoint".padEnd(26),
  "req/s",
  "bare req/s",
  "% bare",
  "CPU ms/req",
  "p99 ms",
  "bare p99",
  "failures",
].join("\t");

export function pairedRow(figures: PairedFigures): string {
  return [
    figures.name.padEnd(26),
    figures.reqPerSec.toFixed(0),
    figures.bareReqPerSec.toFixed(0),
    `${figures.percentOfBare.toFixed(2)} %`,
    figures.cpuMsPerRequest.toFixed(2),
    figures.p99.toFixed(0),
    figures.bareP99.toFixed(0),
    String(figures.failures),
  ].join("\t");
}
