/**
 * `npm run bench:screens`: how long each main screen takes on a cheap phone (decision 0417). The built
 * production server is seeded with the rush's kitchen (scripts/lib/rush-seed.ts: 200 members) and 50
 * courses for them, so the reports matrix is 200 × 50; then Chromium, slowed to the phone profile (CPU 4×
 * slower, 1.6 Mbps down, 150 ms round trip), opens each screen and reads when its main data was on screen:
 * the `screen:<name>` mark the screen sets (client/lib/screen-timing.ts), or for the two prerendered pages
 * (landing, sign-in) their largest contentful paint. Cold: a new browser context (nothing cached, no
 * service worker); warm: the same screen opened again in that context.
 *
 *   SCREENS_RUNS=3         each figure is the median of that many runs
 *   SCREENS_ONLY=lesson,…  only these screens
 *
 * Exits non-zero when a screen misses its budget (1.0 s warm, 2.0 s cold), so it can guard a release.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { openDatabase } from "#server/platform/db/database.js";
import { loadConfig } from "#server/platform/http/config.js";
import { ORGANIZATION_HEADER } from "#shared/constants.js";
import { launchBrowser } from "./lib/chromium.js";
import { startProductionServer } from "./lib/production-server.js";
import { RUSH_PASSWORD, type RushSeed, seedRushCourse, seedRushPeople } from "./lib/rush-seed.js";

const RUNS = Number(process.env.SCREENS_RUNS ?? 3);
const ONLY = process.env.SCREENS_ONLY?.split(",");
const MEMBERS = 200;
const COURSES = 50;
const BUDGET_MS = { warm: 1_000, cold: 2_000 };
/** The issue's cheap phone: Chrome DevTools' CPU throttling and network conditions. */
const PHONE = { cpuSlowdown: 4, latencyMs: 150, downloadBitsPerSecond: 1_600_000, uploadBitsPerSecond: 750_000 };
const VIEWPORT = { width: 375, height: 812 };

interface Screen {
  name: string;
  path: string;
  /** Who opens it: nobody (signed out), a cook, or the owner. */
  as: "nobody" | "cook" | "owner";
  /** The user-timing mark its data sets; none: the page is prerendered, its largest paint counts. */
  mark?: string;
}

function screensOf(seed: RushSeed): Screen[] {
  const lesson = seed.readingLessonIds[0];
  return [
    { name: "landing", path: "/", as: "nobody" },
    { name: "sign-in", path: "/login", as: "nobody" },
    { name: "dashboard", path: "/rush/dashboard", as: "cook", mark: "dashboard" },
    { name: "courses", path: "/rush/courses", as: "cook", mark: "courses" },
    { name: "course", path: `/rush/courses/${seed.courseId}`, as: "cook", mark: "course" },
    { name: "lesson", path: `/rush/lessons/${lesson}`, as: "cook", mark: "lesson" },
    { name: "lesson editor", path: `/rush/lessons/${lesson}/edit`, as: "owner", mark: "lesson-editor" },
    { name: "team", path: "/rush/team", as: "owner", mark: "team" },
    { name: "reports matrix", path: "/rush/reports", as: "owner", mark: "reports" },
    { name: "settings", path: "/rush/settings", as: "owner", mark: "settings" },
  ];
}

async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/_api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: RUSH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status}`);
  return (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

/** The kitchen, then 49 more courses for the cooks' job role, made by the owner. */
async function seed(settings: Record<string, string>): Promise<RushSeed> {
  const first = await startProductionServer(undefined, settings);
  let course: Awaited<ReturnType<typeof seedRushCourse>>;
  try {
    course = await seedRushCourse(first.base);
    const cookie = await signIn(first.base, "owner@rush.example");
    for (let i = 2; i <= COURSES; i++) {
      const response = await fetch(`${first.base}/_api/courses/create`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          cookie,
          [ORGANIZATION_HEADER]: String(course.organizationId),
        },
        body: JSON.stringify({ title: `Course ${i}`, status: "published", tagIds: [course.tagId] }),
      });
      if (!response.ok) throw new Error(`courses/create: ${response.status} ${await response.text()}`);
    }
  } finally {
    await first.stop();
  }
  const orm = await openDatabase(loadConfig({ ...settings, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "warn" }));
  try {
    return await seedRushPeople(orm, false, course, MEMBERS);
  } finally {
    await orm.close(true);
  }
}

/** Milliseconds from the navigation's start until the screen's data was on screen. */
async function readyAfter(page: Page, screen: Screen): Promise<number> {
  if (screen.mark) {
    const name = `screen:${screen.mark}`;
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, name, { timeout: 60_000 });
    return page.evaluate((mark) => performance.getEntriesByName(mark)[0]?.startTime ?? Number.NaN, name);
  }
  await page.waitForLoadState("load");
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? Number.NaN);
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
}

/** One cold and one warm opening of a screen in a fresh phone-sized, phone-speed context. */
async function openTwice(browser: Browser, base: string, screen: Screen, cookie: string | null) {
  const context = await browser.newContext({ viewport: VIEWPORT, isMobile: true, hasTouch: true });
  try {
    if (cookie) {
      const [name, value] = cookie.split("=") as [string, string];
      await context.addCookies([{ name, value, url: base }]);
    }
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send("Emulation.setCPUThrottlingRate", { rate: PHONE.cpuSlowdown });
    await devtools.send("Network.enable");
    await devtools.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: PHONE.latencyMs,
      downloadThroughput: PHONE.downloadBitsPerSecond / 8,
      uploadThroughput: PHONE.uploadBitsPerSecond / 8,
    });
    await page.goto(`${base}${screen.path}`, { waitUntil: "commit" });
    const cold = await readyAfter(page, screen);
    await page.goto(`${base}${screen.path}`, { waitUntil: "commit" });
    const warm = await readyAfter(page, screen);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "trainwright-screens-"));
  const settings = { DATA_DIR: dataDir, SECRET_KEY: randomBytes(32).toString("base64") };
  const browser = await launchBrowser();
  let missed = false;
  try {
    const seeded = await seed(settings);
    const server = await startProductionServer(undefined, settings);
    try {
      const cook = seeded.people.find((person) => !person.manager);
      const cookies = {
        nobody: null,
        cook: await signIn(server.base, cook?.email ?? ""),
        owner: await signIn(server.base, "owner@rush.example"),
      };
      console.log(
        `screens on the phone profile (CPU ÷${PHONE.cpuSlowdown}, 1.6 Mbps, ${PHONE.latencyMs} ms), median of ${RUNS}`,
      );
      for (const screen of screensOf(seeded).filter((s) => !ONLY || ONLY.includes(s.name))) {
        const runs = [];
        for (let run = 0; run < RUNS; run++)
          runs.push(await openTwice(browser, server.base, screen, cookies[screen.as]));
        const cold = median(runs.map((r) => r.cold));
        const warm = median(runs.map((r) => r.warm));
        const within = cold <= BUDGET_MS.cold && warm <= BUDGET_MS.warm;
        missed ||= !within;
        console.log(
          `  ${screen.name.padEnd(15)} cold ${cold.toFixed(0).padStart(5)} ms, warm ${warm.toFixed(0).padStart(5)} ms` +
            (within ? "" : `  (budget: ${BUDGET_MS.cold} cold, ${BUDGET_MS.warm} warm)`),
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    await browser.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (missed) {
    console.log("screens: a screen missed its budget");
    process.exitCode = 1;
  }
}

await main();
