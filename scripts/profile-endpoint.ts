/**
 * Where one hot endpoint's CPU goes (decision 0251): starts the app as `npm run bench` does
 * (scripts/lib/bench-app.ts), seeds one organization with PROFILE_COURSES (default 50) courses, drives one endpoint with autocannon from a child process and profiles this
 * process meanwhile. Prints CPU ms per request and the profile's shares by module and by function, and
 * writes the .cpuprofile (open it in Chrome's DevTools) under the system's temporary directory.
 *
 *   node --import tsx scripts/profile-endpoint.ts auth/me [more endpoints…]
 *   PROFILE_SECONDS (default 5), PROFILE_CONNECTIONS (default 50), PROFILE_DB=postgres, PROFILE_OUT=off.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Organization } from "#server/entities.js";
import { registerUser, startBenchApp } from "./lib/bench-app.js";
import { signInCompleters } from "./lib/bench-completions.js";
import { seedCourses } from "./lib/bench-training.js";
import { type CpuProfile, type Share, summarizeProfile } from "./lib/cpu-profile.js";
import { measureLoad } from "./lib/paired-load.js";

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.PROFILE_CONNECTIONS ?? 50);
const COURSES = Number(process.env.PROFILE_COURSES ?? 50);

interface Target {
  method: "GET" | "POST";
  path: string;
  bodies?: string[];
  cookies?: string[];
}

function printShares(title: string, shares: Share[]): void {
  console.log(`  ${title}`);
  for (const share of shares) console.log(`    ${share.percent.toFixed(1).padStart(5)} %  ${share.name}`);
}

async function main(): Promise<void> {
  const names = process.argv.slice(2);
  if (names.length === 0) throw new Error("Name one or more endpoints, e.g. auth/me lessons/get");
  const {
    orm,
    base,
    served: counter,
    close,
  } = await startBenchApp({
    name: "trainwright-profile",
    postgres: process.env.PROFILE_DB === "postgres",
  });
  const session = new Session();
  session.connect();
  try {
    const cookie = await registerUser(base, {
      name: "Profile Admin",
      email: "profile@example.com",
      password: "profile-password",
    });
    const created = await fetch(`${base}/_api/orgs/create`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ name: "Profile Org", slug: "profile-org" }),
    });
    const orgId = ((await created.json()) as { json: { id: number } }).json.id;
    const em = orm.em.fork();
    seedCourses(em, await em.findOneOrFail(Organization, orgId), COURSES);
    await em.flush();
    const connection = em.getConnection();
    const lessons = await connection.execute<{ id: number }[]>("select id from lessons order by id");
    const [course] = await connection.execute<{ id: number }[]>("select id from courses order by id limit 1");
    const targets: Record<string, Target> = {
      "auth/me": { method: "GET", path: "/auth/me" },
      "courses/list": { method: "GET", path: "/courses/list" },
      "courses/get": { method: "GET", path: `/courses/get?id=${course?.id}` },
      "courses/structure": { method: "GET", path: `/courses/structure?courseId=${course?.id}` },
      "lessons/get": { method: "GET", path: `/lessons/get?id=${lessons[0]?.id}` },
      "users/completions": { method: "GET", path: "/users/completions" },
      "tags/list": { method: "GET", path: "/tags/list" },
      "orgs/stats": { method: "GET", path: `/orgs/stats?orgId=${orgId}` },
      "lessons/complete": {
        method: "POST",
        path: "/lessons/complete",
        bodies: lessons.map(({ id }) => JSON.stringify({ lessonId: id })),
        // Every request a new completion (scripts/lib/bench-completions.ts).
        cookies: names.includes("lessons/complete") ? (await signInCompleters(base, em, orgId, 20)).cookies : [],
      },
    };
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 200 });
    for (const name of names) {
      const target = targets[name];
      if (!target) throw new Error(`Unknown endpoint ${name}; known: ${Object.keys(targets).join(", ")}`);
      const headers: Record<string, string> = { cookie };
      if (target.method === "POST") headers["content-type"] = "application/json";
      await session.post("Profiler.start");
      const measured = await measureLoad(
        {
          url: `${base}/_api${target.path}`,
          method: target.method,
          headers,
          bodies: target.bodies,
          cookies: target.cookies,
        },
        { connections: CONNECTIONS, seconds: SECONDS },
        counter,
      );
      const { profile } = (await session.post("Profiler.stop")) as { profile: CpuProfile };
      // The next endpoint starts without completions, and their counts go with them.
      for (const table of ["completions", "course_progress", "course_completion_totals"])
        await connection.execute(`delete from ${table}`);
      const summary = summarizeProfile(profile);
      console.log(
        `${name}: ${measured.reqPerSec.toFixed(0)} req/s, ${(measured.cpuMs / Math.max(measured.served, 1)).toFixed(2)} CPU ms/request, p99 ${measured.p99} ms, ${measured.errors + measured.timeouts + measured.non2xx} failures`,
      );
      printShares("self time by module", summary.modules);
      printShares("total time by module (on the stack)", summary.modulesTotal);
      printShares("self time by function", summary.functions);
      if (process.env.PROFILE_OUT !== "off") {
        const directory = path.join(tmpdir(), "trainwright-profiles");
        mkdirSync(directory, { recursive: true });
        const file = path.join(directory, `${name.replace(/\W+/g, "-")}.cpuprofile`);
        writeFileSync(file, JSON.stringify(profile));
        console.log(`  profile: ${file}`);
      }
    }
  } finally {
    session.disconnect();
    await close();
  }
}

await main();
