/**
 * `npm run bench:attacks`: what attacks on one account cost everyone else (decision 0265). Starts the app on a
 * throwaway SQLite database (scripts/lib/bench-app.ts) with the production rate limits and password hashing,
 * e-mail set up (nothing is sent: the outbox is not polled during the run) and TRUST_PROXY=1, so that each
 * attack names its own client address in X-Forwarded-For; everything runs on 127.0.0.1.
 *
 * Then, phase by phase, it measures another organization's `GET /_api/auth/me` with autocannon
 * (ATTACK_MEASURE_CONNECTIONS, default 4, at ATTACK_MEASURE_RATE requests per second, default 200: a steady load that
 * leaves the server room, so that its latency shows the attack's) for ATTACK_SECONDS (default 10) while one account
 * is attacked:
 *   quiet            nothing else
 *   failed sign-ins  wrong passwords for the account
 *   correct sign-ins the account's right password, again and again, and "on": the same loop for another phase
 *   forgot password  "forgot password" for the account
 *   quiet again      nothing else (how far the machine's own load moved meanwhile)
 * Each attack has an account of its own and sends at most ATTACK_REQUESTS (default 1000), ATTACK_CONCURRENCY
 * (default 8) at a time, and stops after ATTACK_SECONDS, from ATTACK_ADDRESSES (default 1) client addresses.
 * After the attack the account's owner tries from the browser they always use. Last, forgot-password's answer time for addresses
 * with an account and without one (ATTACK_TIMING_REQUESTS of each, default 100, one at a time).
 * The clients run in child processes (scripts/lib/attack-child.ts); the server's CPU time is its own.
 */
import { execFile } from "node:child_process";
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { AttackChildRun, AttackResult, AttackRun, MeasureResult, TimingResult } from "./lib/attack-child.js";
import { startBenchApp } from "./lib/bench-app.js";

const SECONDS = Number(process.env.ATTACK_SECONDS ?? 10);
const MAX_REQUESTS = Number(process.env.ATTACK_REQUESTS ?? 1000);
const CONCURRENCY = Number(process.env.ATTACK_CONCURRENCY ?? 8);
const CONNECTIONS = Number(process.env.ATTACK_MEASURE_CONNECTIONS ?? 4);
const RATE = Number(process.env.ATTACK_MEASURE_RATE ?? 200);
const ADDRESSES = Number(process.env.ATTACK_ADDRESSES ?? 1);
const TIMING_REQUESTS = Number(process.env.ATTACK_TIMING_REQUESTS ?? 100);
/** Accounts the timing asks about, each five times: within every limit of the base and of decision 0265. */
const TIMING_ACCOUNTS = Math.ceil(TIMING_REQUESTS / 5);

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), "lib", "attack-child.ts");
const runFile = promisify(execFile);

async function child<Result>(run: AttackChildRun): Promise<Result> {
  const { stdout } = await runFile(process.execPath, ["--import", "tsx", CHILD, JSON.stringify(run)], {
    maxBuffer: 16 * 1024 * 1024,
    timeout: (SECONDS + 120) * 1000,
  });
  return JSON.parse(stdout) as Result;
}

/** The cookies a response set, as one Cookie header (name=value; …). */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main(): Promise<void> {
  const { base, config, close } = await startBenchApp({
    name: "trainwright-attacks",
    postgres: false,
    settings: {
      // The limits an operator gets without setting any (bench-app lifts the address's for its load).
      RATE_LIMIT_PER_IP: String(100),
      TRUST_PROXY: "1",
      SMTP_URL: "smtp://127.0.0.1:9",
      MAIL_FROM: "Trainwright <bench@example.com>",
      PUBLIC_URL: "http://trainwright.bench.test",
      MAIL_POLL_MS: "3600000",
    },
  });
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const mustPost = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await post(url, body, headers);
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response;
  };

  try {
    // Another organization, whose admin's auth/me is what everyone else's requests stand for.
    const bystander = cookiesOf(
      await mustPost(
        "/_api/auth/register",
        { name: "Bystander", email: "bystander@example.com", password: "bystander-pw" },
        { "x-forwarded-for": "198.51.100.10" },
      ),
    );
    await mustPost("/_api/orgs/create", { name: "Bystanders", slug: "bystanders" }, { cookie: bystander });
    // One attacked account per attack, so that one attack's locks do not answer the next; each owner's
    // browser keeps its cookies (the device cookie among them).
    const targets = new Map<number, { email: string; password: string; owner: string }>();
    for (const phase of [1, 2, 3]) {
      const who = { name: `Target ${phase}`, email: `target-${phase}@example.com`, password: "the-right-password" };
      const registered = await mustPost("/_api/auth/register", who, { "x-forwarded-for": `198.51.100.${20 + phase}` });
      targets.set(phase, { email: who.email, password: who.password, owner: cookiesOf(registered) });
    }
    const target = (phase: number) => targets.get(phase) ?? { email: "", password: "", owner: "" };
    const timingAccounts = Array.from({ length: TIMING_ACCOUNTS }, (_, i) => `timing-${i}@example.com`);
    for (const [i, email] of timingAccounts.entries()) {
      await mustPost(
        "/_api/auth/register",
        { name: `Timing ${i}`, email, password: "timing-password" },
        { "x-forwarded-for": `198.51.101.${i % 250}` },
      );
    }

    const addressesOf = (phase: number) =>
      Array.from({ length: ADDRESSES }, (_, i) =>
        ADDRESSES === 1 ? `203.0.113.${phase}` : `10.${phase}.${i >> 8}.${i & 255}`,
      );
    const attackRun = (phase: number, urlPath: string, bodies: unknown[]): AttackRun => ({
      mode: "attack",
      url: `${base}${urlPath}`,
      bodies: bodies.map((body) => JSON.stringify(body)),
      addresses: addressesOf(phase),
      maxRequests: MAX_REQUESTS,
      seconds: SECONDS,
      concurrency: CONCURRENCY,
    });
    /** After an attack (numbered as its account): the owner, from their usual browser, at the attacker's first address. */
    const ownerSignsIn = async (phase: number) => {
      const { email, password, owner } = target(phase);
      const headers = { cookie: owner, "x-forwarded-for": addressesOf(phase)[0] ?? "" };
      return `owner's sign-in ${(await post("/_api/auth/login", { email, password }, headers)).status}`;
    };
    const ownerAsksForReset = async (phase: number) => {
      const { email, owner } = target(phase);
      const headers = { cookie: owner, "x-forwarded-for": addressesOf(phase)[0] ?? "" };
      return `owner's reset ${(await post("/_api/auth/forgot-password", { email }, headers)).status}`;
    };
    const phases: { name: string; attack: AttackRun | null; owner: (() => Promise<string>) | null }[] = [
      { name: "quiet", attack: null, owner: null },
      {
        name: "failed sign-ins",
        attack: attackRun(
          1,
          "/_api/auth/login",
          Array.from({ length: 50 }, (_, i) => ({ email: target(1).email, password: `wrong-guess-${i}` })),
        ),
        owner: () => ownerSignsIn(1),
      },
      {
        name: "correct sign-ins",
        attack: attackRun(2, "/_api/auth/login", [{ email: target(2).email, password: target(2).password }]),
        owner: null,
      },
      {
        // The same loop on the same account, still in the limiter's window: what it costs once it has run a while.
        name: "correct sign-ins, on",
        attack: attackRun(2, "/_api/auth/login", [{ email: target(2).email, password: target(2).password }]),
        owner: () => ownerSignsIn(2),
      },
      {
        name: "forgot password",
        attack: attackRun(3, "/_api/auth/forgot-password", [{ email: target(3).email }]),
        owner: () => ownerAsksForReset(3),
      },
      { name: "quiet again", attack: null, owner: null },
    ];

    const { rateLimit } = config;
    console.log(
      `attacks on one account, SQLite, limits per window of ${rateLimit.windowSeconds} s: RATE_LIMIT_PER_EMAIL ${rateLimit.perEmail}, RATE_LIMIT_PER_IP ${rateLimit.perIp}; argon2 ${config.passwordHashing.memoryKib} KiB × ${config.passwordHashing.iterations}`,
    );
    console.log(
      `each phase ${SECONDS} s; auth/me of another organization at ${RATE} req/s on ${CONNECTIONS} connections; attacks up to ${MAX_REQUESTS} requests, ${CONCURRENCY} at a time, from ${ADDRESSES} address(es); load average ${loadavg()[0]?.toFixed(2)}`,
    );
    console.log("");
    console.log(
      "| phase | auth/me p50 | auth/me p99 | auth/me req/s | server CPU | attack sent | attack answers | then |",
    );
    console.log("|---|---|---|---|---|---|---|---|");
    for (const phase of phases) {
      const cpuBefore = process.cpuUsage();
      const [measured, attacked] = await Promise.all([
        child<MeasureResult>({
          mode: "measure",
          url: `${base}/_api/auth/me`,
          cookie: bystander,
          seconds: SECONDS,
          connections: CONNECTIONS,
          rate: RATE,
        }),
        phase.attack ? child<AttackResult>(phase.attack) : Promise.resolve(null),
      ]);
      const cpu = process.cpuUsage(cpuBefore);
      const then = phase.owner ? await phase.owner() : "";
      const answers = attacked
        ? Object.entries(attacked.statuses)
            .map(([status, count]) => `${count}× ${status}`)
            .join(", ")
        : "";
      console.log(
        `| ${phase.name} | ${ms(measured.p50)} | ${ms(measured.p99)} | ${measured.reqPerSec.toFixed(0)} | ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s | ${attacked ? `${attacked.sent} in ${attacked.seconds.toFixed(1)} s` : ""} | ${answers} | ${then} |`,
      );
      if (measured.non2xx > 0 || measured.errors > 0) {
        console.log(`  (auth/me: ${measured.non2xx} non-2xx, ${measured.errors} errors)`);
      }
    }

    // Forgot-password: answer time with and without an account, interleaved in a fixed shuffled order.
    const requests: { label: string; body: string; address: string }[] = [];
    for (let i = 0; i < TIMING_REQUESTS; i++) {
      requests.push({
        label: "account",
        body: JSON.stringify({ email: timingAccounts[i % TIMING_ACCOUNTS] }),
        address: "",
      });
      requests.push({ label: "no account", body: JSON.stringify({ email: `nobody-${i}@example.com` }), address: "" });
    }
    let seed = 7;
    for (let i = requests.length - 1; i > 0; i--) {
      seed = (seed * 48271) % 2147483647;
      const j = seed % (i + 1);
      [requests[i], requests[j]] = [requests[j] as (typeof requests)[number], requests[i] as (typeof requests)[number]];
    }
    for (const [i, request] of requests.entries()) request.address = `10.250.${i >> 8}.${i & 255}`;
    const times = await child<TimingResult>({
      mode: "timing",
      url: `${base}/_api/auth/forgot-password`,
      requests,
      pauseMs: 25,
    });
    const account = times.account ?? [];
    const nobody = times["no account"] ?? [];
    console.log("");
    console.log(`forgot-password answer time, ${TIMING_REQUESTS} of each, one at a time (25 ms apart):`);
    console.log("| address | p50 | p90 |");
    console.log("|---|---|---|");
    console.log(`| has an account | ${ms(percentile(account, 0.5))} | ${ms(percentile(account, 0.9))} |`);
    console.log(`| has none | ${ms(percentile(nobody, 0.5))} | ${ms(percentile(nobody, 0.9))} |`);
    console.log(`load average at the end ${loadavg()[0]?.toFixed(2)}`);
  } finally {
    await close();
  }
}

await main();
