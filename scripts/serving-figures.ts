/**
 * The operator's figures beside decision 0065's: how long the server takes to be ready after its process starts, its
 * memory idle and under a short bounded load, and how much JavaScript the landing page loads.
 *
 *   node --import tsx scripts/serving-figures.ts [command…]   (default: node dist/server/main.js)
 *
 * The command is started with a fresh DATA_DIR (SQLite) on a free loopback port; memory is the sum over the
 * process and its children (a launcher such as tsx or npm runs the server as a child).
 */
import { readdirSync, readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { chromium } from "playwright-core";
import { type LandingScripts, landingPageScripts } from "./lib/landing-scripts.js";
import { startProductionServer } from "./lib/production-server.js";

const LOAD_REQUESTS = 2000;
const LOAD_CONCURRENCY = 16;

/** Resident memory of a process and all its descendants, in MiB (Linux /proc). */
function treeRssMiB(rootPid: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, "utf8");
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      rss.set(Number(entry), kb);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  let total = 0;
  const pending = [rootPid];
  while (pending.length > 0) {
    const pid = pending.pop() as number;
    total += rss.get(pid) ?? 0;
    pending.push(...(children.get(pid) ?? []));
  }
  return total / 1024;
}

async function measureLandingPage(base: string): Promise<LandingScripts> {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    return await landingPageScripts(browser, `${base}/`);
  } finally {
    await browser.close();
  }
}

async function load(base: string, rootPid: number): Promise<{ peakMiB: number; requestsPerSecond: number }> {
  const register = await fetch(`${base}/_api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Figures", email: "figures@example.com", password: "figures-password" }),
  });
  const cookie = (register.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const index = await (await fetch(`${base}/`)).text();
  const mainScript = /src="([^"]+\.js)"/.exec(index)?.[1] ?? "/";
  const paths = ["/", mainScript, "/_api/auth/me", "/_api/orgs/list"];
  let peak = treeRssMiB(rootPid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, treeRssMiB(rootPid));
  }, 50);
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < LOAD_REQUESTS) {
      const target = paths[next++ % paths.length] as string;
      const response = await fetch(`${base}${target}`, { headers: { cookie, "accept-encoding": "br, gzip" } });
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: LOAD_CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { peakMiB: Math.max(peak, treeRssMiB(rootPid)), requestsPerSecond: LOAD_REQUESTS / seconds };
}

async function main(): Promise<void> {
  const command = process.argv.slice(2);
  const server = await startProductionServer(command.length > 0 ? command : undefined);
  const { base, child } = server;
  try {
    // Let start-up garbage settle before calling the figure "idle".
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idleMiB = treeRssMiB(child.pid as number);
    const scripts = await measureLandingPage(base);
    const loaded = await load(base, child.pid as number);
    console.log(`command: ${child.spawnargs.join(" ")}`);
    console.log(
      `ready: /_api/ready answered 200 ${server.readyMs.toFixed(0)} ms after the process started ` +
        `(${server.readyCpuMs.toFixed(0)} ms of CPU)`,
    );
    console.log(`rss: ${idleMiB.toFixed(0)} MiB idle, ${loaded.peakMiB.toFixed(0)} MiB peak under load`);
    console.log(
      `load: ${LOAD_REQUESTS} requests, ${LOAD_CONCURRENCY} at a time, ${loaded.requestsPerSecond.toFixed(0)} req/s`,
    );
    console.log(
      `landing page JavaScript: ${scripts.files} files, ${(scripts.raw / 1024).toFixed(1)} KiB raw, ` +
        `${(scripts.gzip / 1024).toFixed(1)} KiB gzip, ${(scripts.sent / 1024).toFixed(1)} KiB sent over the wire`,
    );
  } finally {
    await server.stop();
  }
}

await main();
