/**
 * Profiles one section of a script in its own process (the bench's endpoint timings, decision 0041) when
 * BENCH_PROFILE names a directory: prints the shares of scripts/lib/cpu-profile.ts and writes the
 * .cpuprofile there. Without BENCH_PROFILE it only runs the section.
 */
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import path from "node:path";
import { type CpuProfile, summarizeProfile } from "./cpu-profile.js";

const DIRECTORY = process.env.BENCH_PROFILE;

export async function profiledSection<T>(name: string, section: () => Promise<T>): Promise<T> {
  if (!DIRECTORY) return section();
  const session = new Session();
  session.connect();
  try {
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 500 });
    await session.post("Profiler.start");
    const result = await section();
    const { profile } = (await session.post("Profiler.stop")) as { profile: CpuProfile };
    mkdirSync(DIRECTORY, { recursive: true });
    const file = path.join(DIRECTORY, `${name.replace(/\W+/g, "-")}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    const summary = summarizeProfile(profile, 15);
    console.log(`  ${name} profile (${file}), total time by module:`);
    for (const share of summary.modulesTotal)
      console.log(`    ${share.percent.toFixed(1).padStart(5)} %  ${share.name}`);
    console.log("  self time by function:");
    for (const share of summary.functions) console.log(`    ${share.percent.toFixed(1).padStart(5)} %  ${share.name}`);
    return result;
  } finally {
    session.disconnect();
  }
}

/** With BENCH_PROFILE, the SHA-256 of one answer, so that a change can show its answer is byte-identical. */
export async function printAnswerDigest(url: string, headers: Record<string, string>): Promise<void> {
  if (!DIRECTORY) return;
  const body = Buffer.from(await (await fetch(url, { headers })).arrayBuffer());
  console.log(`  answer: ${body.length} bytes, sha256 ${createHash("sha256").update(body).digest("hex")}`);
}
