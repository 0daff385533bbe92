/**
 * `npm start` and the operator commands (`npm run backup`, …): builds dist/ when it is missing or older
 * than the sources, then runs a compiled entry of dist/server/ under plain node.
 *
 *   node scripts/start.mjs [ENTRY [ARGS…]]   ENTRY is a file of dist/server/ without .js (default: main)
 *
 * Plain JavaScript with no dependencies, so that it runs where only production dependencies are installed.
 * The server runs as a child that receives every SIGTERM, SIGINT and SIGHUP sent to this process, and this
 * process ends the way the child did: stopping `npm start` stops the server, and nothing is left behind.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Written by scripts/build.ts when a build completes; its time is the build's. */
const BUILD_STAMP = path.join(ROOT, "dist", ".build-stamp");
const SOURCES = [
  "server",
  "shared",
  "client",
  "scripts/build.ts",
  "scripts/lib",
  "vite.config.ts",
  "package-lock.json",
];

function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

function buildIsCurrent() {
  if (!existsSync(BUILD_STAMP)) return false;
  const built = statSync(BUILD_STAMP).mtimeMs;
  return SOURCES.every((source) => newestChange(path.join(ROOT, source)) <= built);
}

function buildOrStop() {
  if (!existsSync(path.join(ROOT, "node_modules", "tsx"))) {
    console.error("trainwright: dist/ is missing or older than the sources, and the build tools are not installed.");
    console.error("trainwright: run `npm ci && npm run build` (development dependencies included), then start again.");
    process.exit(1);
  }
  console.log("trainwright: building (dist/ is missing or older than the sources)…");
  const build = spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts", "build.ts")], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const [entry = "main", ...args] = process.argv.slice(2);
const entryFile = path.join(ROOT, "dist", "server", `${entry}.js`);
if (!buildIsCurrent()) buildOrStop();
if (!existsSync(entryFile)) {
  console.error(`trainwright: there is no ${path.relative(ROOT, entryFile)}.`);
  process.exit(2);
}

const child = spawn(process.execPath, [entryFile, ...args], { stdio: "inherit" });
const FORWARDED = ["SIGTERM", "SIGINT", "SIGHUP"];
for (const signal of FORWARDED) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => {
  if (signal) {
    // End the same way, so that a supervisor sees what happened to the server.
    for (const forwarded of FORWARDED) process.removeAllListeners(forwarded);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
