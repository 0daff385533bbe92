/**
 * Lighthouse (mobile: its default throttled phone) performance and accessibility scores of the built
 * production server, as decision 0065 asks: the landing page, /login, and a course page and a lesson page of a
 * seeded organization, signed in. Runs the system Chromium; never downloads a browser.
 *
 *   npm run bench:lighthouse              (builds first; also the last step of `npm run bench`)
 *   LIGHTHOUSE_RUNS=5 npm run bench:lighthouse   each page's median of that many runs (default 3: one
 *                                         run of the same build can differ from the next by two points)
 *   LIGHTHOUSE_PAGES=course,lesson …      only these pages (landing, login, course, lesson)
 *   LIGHTHOUSE_REPORTS=DIR …              keeps each run's full report as DIR/PAGE-RUN.json, whose
 *                                         opportunities and diagnostics say where a score goes, and
 *                                         DIR/PAGE-RUN-lantern.txt, what each metric's simulation waited
 *                                         for (scripts/lib/lantern-graphs.ts)
 *   LIGHTHOUSE_DIST=DIR …                 audits another build (DIR/server, DIR/client; a copy of an
 *                                         earlier dist/), so a change and its base alternate in one session
 *
 * Exits non-zero when a score is below LIGHTHOUSE_MIN (default 95), so it can guard a release.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { lanternGraphs } from "./lib/lantern-graphs.js";
import { type ProductionServer, startProductionServer } from "./lib/production-server.js";

const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const MINIMUM = Number(process.env.LIGHTHOUSE_MIN ?? 95);
const CATEGORIES = ["performance", "accessibility"] as const;
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(",");
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const DIST = process.env.LIGHTHOUSE_DIST;
/** The metrics behind the performance score, printed for each run (they move separately). */
const METRICS = {
  FCP: "first-contentful-paint",
  LCP: "largest-contentful-paint",
  TBT: "total-blocking-time",
  SI: "speed-index",
  CLS: "cumulative-layout-shift",
} as const;

interface Audited {
  name: string;
  path: string;
  signedIn: boolean;
}

/** Seeds an admin with an organization, a published course, a module and a lesson; returns the pages. */
async function seed(base: string): Promise<{ cookie: string; pages: Audited[] }> {
  let cookie = "";
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    cookie = response.headers.get("set-cookie")?.split(";")[0] ?? cookie;
    const text = await response.text();
    const parsed = JSON.parse(text) as { json?: T } & T;
    return (parsed.json ?? parsed) as T;
  };
  await post("/_api/auth/register", {
    name: "Lighthouse Admin",
    email: "lighthouse@example.com",
    password: "lighthouse-password",
  });
  const org = await post<{ slug: string }>("/_api/orgs/create", { name: "Lighthouse Logistics", slug: "lighthouse" });
  const course = await post<{ id: number }>("/_api/courses/create", {
    title: "Warehouse Onboarding",
    description: "How goods come in, how they are stored and how orders leave the building.",
    status: "published",
  });
  const receiving = await post<{ id: number }>("/_api/modules/create", { courseId: course.id, title: "Receiving" });
  await post("/_api/modules/create", { courseId: course.id, title: "Storing" });
  const lesson = await post<{ id: number }>("/_api/lessons/create", {
    moduleId: receiving.id,
    title: "Unloading a pallet",
    content:
      "## Steps\n\n1. Check the paperwork\n2. Inspect the pallet for damage\n3. Unload with the pallet jack\n\n" +
      "Use `SCAN-IN` on the terminal.\n\n```\nscan --dock 4 --pallet 00123\n```\n\n| Item | Limit |\n| --- | --- |\n| Pallet | 1000 kg |",
  });
  await post("/_api/lessons/create", { moduleId: receiving.id, title: "Checking the count" });
  return {
    cookie,
    pages: [
      { name: "landing", path: "/", signedIn: false },
      { name: "login", path: "/login", signedIn: false },
      { name: "course", path: `/${org.slug}/courses/${course.id}`, signedIn: true },
      { name: "lesson", path: `/${org.slug}/lessons/${lesson.id}`, signedIn: true },
    ],
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function audit(
  port: number,
  url: string,
  cookie: string | null,
  reportName: string,
): Promise<Record<string, number> | null> {
  const result = await lighthouse(
    url,
    { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] },
    // The default config is the mobile one (a mid-range phone on a slow 4G connection, simulated).
    cookie ? { extends: "lighthouse:default", settings: { extraHeaders: { Cookie: cookie } } } : undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  // A trace that failed to record (NO_NAVSTART on a loaded machine) scores 0 without measuring the page.
  if (result.lhr.runtimeError) {
    console.log(`  ${reportName}: no measurement (${result.lhr.runtimeError.code}), run again`);
    return null;
  }
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    writeFileSync(path.join(REPORTS, `${reportName}.json`), JSON.stringify(result.lhr, null, 1));
    writeFileSync(path.join(REPORTS, `${reportName}-lantern.txt`), await lanternGraphs(result));
  }
  const scores: Record<string, number> = {};
  for (const category of CATEGORIES) {
    scores[category] = Math.round((result.lhr.categories[category]?.score ?? 0) * 100);
  }
  // What keeps a page below the bar, so the output says where to look.
  const failing = Object.values(result.lhr.audits)
    .filter((entry) => entry.score !== null && entry.score < 0.9 && entry.scoreDisplayMode !== "informative")
    .map((entry) => `${entry.id}${entry.displayValue ? ` (${entry.displayValue})` : ""}`);
  const metrics = Object.entries(METRICS).map(([name, id]) => `${name} ${result.lhr.audits[id]?.displayValue ?? "?"}`);
  console.log(`  ${reportName}: performance ${scores.performance}; ${metrics.join(", ")}`);
  if (failing.length > 0) console.log(`  ${url}: below 90: ${failing.join(", ")}`);
  return scores;
}

async function main(): Promise<void> {
  let server: ProductionServer | undefined;
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  let belowMinimum = false;
  try {
    server = DIST
      ? await startProductionServer(["node", path.join(DIST, "server/main.js")], {
          CLIENT_DIR: path.join(DIST, "client"),
        })
      : await startProductionServer();
    const { cookie, pages } = await seed(server.base);
    for (const page of pages.filter((page) => !PAGES || PAGES.includes(page.name))) {
      const runs: Record<string, number>[] = [];
      for (let run = 0; run < RUNS; run++) {
        const url = `${server.base}${page.path}`;
        const name = `${page.name}-${run + 1}`;
        const scores =
          (await audit(chrome.port, url, page.signedIn ? cookie : null, name)) ??
          (await audit(chrome.port, url, page.signedIn ? cookie : null, `${name}-again`));
        if (!scores) throw new Error(`Lighthouse could not measure ${url} twice in a row`);
        runs.push(scores);
      }
      const scores = CATEGORIES.map((category) => median(runs.map((scores) => scores[category] ?? 0)));
      belowMinimum ||= scores.some((score) => score < MINIMUM);
      console.log(
        `lighthouse ${page.name.padEnd(8)} ${CATEGORIES.map((c, i) => `${c} ${scores[i]}`).join(", ")}` +
          (RUNS > 1 ? ` (median of ${RUNS})` : ""),
      );
    }
  } finally {
    chrome.kill();
    await server?.stop();
  }
  if (belowMinimum) {
    console.log(`lighthouse: a score is below ${MINIMUM}`);
    process.exitCode = 1;
  }
}

await main();
