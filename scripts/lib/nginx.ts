/**
 * nginx in front of two instances, as docs/deploy/nginx.conf deploys Trainwright, for the scale-out test
 * and the rush bench: its own config, pid file, logs and temp files in a folder of the caller's, listening
 * on a free loopback port; installed with apt-get when missing. Never the system's service.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./postgres.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

function ensureNginx(): string {
  const found = spawnSync("sh", ["-c", "command -v nginx || ls /usr/sbin/nginx"], { encoding: "utf8" }).stdout.trim();
  if (found) return found.split("\n")[0] as string;
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  for (const args of [
    ["update", "-q"],
    ["install", "-y", "-q", "nginx"],
  ]) {
    const result = spawnSync(sudo[0] ?? "apt-get", [...sudo.slice(1), ...(sudo.length ? ["apt-get"] : []), ...args], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (result.status !== 0) throw new Error("apt-get could not install nginx.");
  }
  return "/usr/sbin/nginx";
}

/** docs/deploy/nginx.conf with this run's ports, and its pid, logs and temp files in `dir`. */
function nginxConfig(dir: string, listenPort: number, upstreamPorts: number[]): string {
  let config = readFileSync(path.join(ROOT, "docs", "deploy", "nginx.conf"), "utf8");
  const upstreams = [...config.matchAll(/server 127\.0\.0\.1:(\d+)/g)];
  if (upstreams.length !== upstreamPorts.length) throw new Error("docs/deploy/nginx.conf: expected two upstreams");
  upstreams.forEach((match, i) => {
    config = config.replace(match[0], `server 127.0.0.1:${upstreamPorts[i]}`);
  });
  config = config.replace(/listen 80;/, `listen 127.0.0.1:${listenPort};`);
  const paths = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `  ${kind}_temp_path ${path.join(dir, kind)};`)
    .join("\n");
  config = config.replace("http {", `http {\n${paths}`);
  const user = process.getuid?.() === 0 ? "user root;\n" : "";
  return `${user}pid ${path.join(dir, "nginx.pid")};\nerror_log ${path.join(dir, "error.log")} warn;\n${config}`;
}

export interface RunningNginx {
  base: string;
  stop(): void;
}

/** nginx on a free port in front of `upstreamPorts`, with everything it writes in `dir`. */
export async function startNginx(dir: string, upstreamPorts: number[]): Promise<RunningNginx> {
  const nginx = ensureNginx();
  const listenPort = await freePort();
  const configFile = path.join(dir, "nginx.conf");
  writeFileSync(configFile, nginxConfig(dir, listenPort, upstreamPorts));
  const started = spawnSync(nginx, ["-c", configFile, "-p", dir], { encoding: "utf8" });
  if (started.status !== 0) throw new Error(`nginx did not start: ${started.stderr}`);
  return {
    base: `http://127.0.0.1:${listenPort}`,
    stop: () => {
      spawnSync(nginx, ["-c", configFile, "-p", dir, "-s", "quit"]);
    },
  };
}
