/**
 * The clients of scripts/attack-load.ts, each in a process of its own so that the server's process runs the
 * server alone: `node --import tsx scripts/lib/attack-child.ts '<AttackChildRun as JSON>'` prints the result
 * as JSON. Everything goes to 127.0.0.1; every loop is bounded in requests and in time.
 *
 * - measure: autocannon on one GET with a cookie (the bystander's auth/me) for `seconds`; p50 and p99 of
 *   every response's time.
 * - attack: POSTs the bodies in turn, `concurrency` at a time, until `maxRequests` were sent or `seconds`
 *   passed; each request names its client address in X-Forwarded-For (the app trusts one proxy hop).
 * - timing: POSTs one request at a time and answers each one's milliseconds, by label.
 */
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";

interface MeasureRun {
  mode: "measure";
  url: string;
  cookie: string;
  seconds: number;
  connections: number;
  /** Requests per second, at most: a steady load that leaves the server room, so its latency shows the attack's. */
  rate: number;
}

export interface AttackRun {
  mode: "attack";
  url: string;
  bodies: string[];
  /** X-Forwarded-For of request i: addresses[i mod length]. */
  addresses: string[];
  maxRequests: number;
  seconds: number;
  concurrency: number;
}

interface TimingRun {
  mode: "timing";
  url: string;
  requests: { label: string; body: string; address: string }[];
  /** Pause after each answer, so that work a request leaves running does not fall on the next one. */
  pauseMs: number;
}

export type AttackChildRun = MeasureRun | AttackRun | TimingRun;

export interface MeasureResult {
  p50: number;
  p99: number;
  reqPerSec: number;
  non2xx: number;
  errors: number;
}

export interface AttackResult {
  sent: number;
  seconds: number;
  statuses: Record<string, number>;
}

export type TimingResult = Record<string, number[]>;

function post(url: string, body: string, address: string): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body,
  });
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}

/** autocannon's own percentiles are whole milliseconds; auth/me answers in less, so each response's time is kept. */
async function measure(run: MeasureRun): Promise<MeasureResult> {
  const times: number[] = [];
  const result = await autocannon({
    url: run.url,
    connections: run.connections,
    duration: run.seconds,
    overallRate: run.rate,
    timeout: 10,
    method: "GET",
    headers: { cookie: run.cookie },
  }).on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    reqPerSec: result.requests.total / run.seconds,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function attack(run: AttackRun): Promise<AttackResult> {
  const started = performance.now();
  const deadline = started + run.seconds * 1000;
  const statuses: Record<string, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < run.maxRequests && performance.now() < deadline) {
      const index = next++;
      const body = run.bodies[index % run.bodies.length] ?? "{}";
      const address = run.addresses[index % run.addresses.length] ?? "203.0.113.1";
      let status: string;
      try {
        const response = await post(run.url, body, address);
        await response.arrayBuffer();
        status = String(response.status);
      } catch {
        status = "error";
      }
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: run.concurrency }, worker));
  return { sent: next, seconds: (performance.now() - started) / 1000, statuses };
}

async function timing(run: TimingRun): Promise<TimingResult> {
  const times: TimingResult = {};
  for (const request of run.requests) {
    const started = performance.now();
    const response = await post(run.url, request.body, request.address);
    await response.arrayBuffer();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`${request.label}: answered ${response.status}`);
    times[request.label] = [...(times[request.label] ?? []), ms];
    await sleep(run.pauseMs);
  }
  return times;
}

const run = JSON.parse(process.argv[2] ?? "{}") as AttackChildRun;
const result =
  run.mode === "measure" ? await measure(run) : run.mode === "attack" ? await attack(run) : await timing(run);
process.stdout.write(JSON.stringify(result));
