/**
 * Installable app, offline page and updates (docs/SPEC.md §1, §2 Offline, §3, §4, §7), in the system Chromium
 * against the built client. Screenshots of the offline page and the install banner go to /tmp/shots-pwa/.
 */
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  APP_NAME,
  CACHED_OFFLINE_PAGES,
  INSTALL_BANNER_DISMISSED_KEY,
  LANDING_INSTALL_BANNER_ID,
  MANIFEST_URL,
  MARKETING_LINE,
  SERVICE_WORKER_FILE,
  SERVICE_WORKER_URL,
  THEME_COLOR,
} from "#shared/constants.js";
import { CHROMIUM, CHROMIUM_ARGS, WIDTHS } from "./support/browser.js";
import { harnessSession } from "./support/harness.js";
import type { E2EServer } from "./support/server.js";

const SHOTS_DIR = "/tmp/shots-pwa";
const UPDATE_TEXT = `A new version of ${APP_NAME} is available.`;

// A private copy of the built client: the update test changes the service worker file in it.
const session = harnessSession({ privateClientCopy: true });
let server: E2EServer;

beforeAll(() => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  server = session.harness.server;
  if (!existsSync(path.join(server.clientDir, SERVICE_WORKER_FILE))) {
    throw new Error(`No ${SERVICE_WORKER_FILE} in the built client: rebuild it with \`npx vite build\`.`);
  }
});

/** Waits until the app has rendered into #root, so module-level listeners (the install prompt) are attached. */
async function openApp(page: Page, pathname = "/"): Promise<void> {
  await page.goto(pathname);
  await page.waitForFunction(() => (document.getElementById("root")?.childElementCount ?? 0) > 0);
}

/** First visit installs the worker; after a reload the page is controlled by it. */
async function openControlled(page: Page): Promise<void> {
  await openApp(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

type Marked = Window & { __beforeUpdate?: boolean; __afterUpdate?: boolean; __installPrompts?: number };

/** The page is controlled by its registration's active, activated worker and no other version is on the way. */
function workerSettled(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const active = registration?.active;
    return (
      active?.state === "activated" &&
      registration?.installing === null &&
      registration.waiting === null &&
      // The same object: every version has the same script URL.
      navigator.serviceWorker.controller === active
    );
  });
}

/**
 * Waits until the toast with this text is mounted (sonner's data-mounted moves it into place) and none of
 * its transitions or animations is still running, so a screenshot shows it where it stays.
 */
async function toastSettled(page: Page, text: string): Promise<void> {
  await page.waitForFunction((wanted) => {
    const shown = [...document.querySelectorAll<HTMLElement>("[data-sonner-toast]")].find((element) =>
      element.textContent?.includes(wanted),
    );
    return (
      shown?.dataset.mounted === "true" &&
      shown.getAnimations({ subtree: true }).every((animation) => animation.playState === "finished")
    );
  }, text);
}

/** Test scaffolding: Chromium's install prompt event, with stubbed prompt() and userChoice. */
function offerInstall(page: Page, outcome: "accepted" | "dismissed"): Promise<boolean> {
  return page.evaluate((choice) => {
    const marked = window as Marked;
    const event = new Event("beforeinstallprompt", { cancelable: true });
    Object.assign(event, {
      prompt: async () => {
        marked.__installPrompts = (marked.__installPrompts ?? 0) + 1;
      },
      userChoice: Promise.resolve({ outcome: choice, platform: "web" }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  }, outcome);
}

const banner = (page: Page) => page.getByRole("region", { name: `Install ${APP_NAME}` });
const dismissedFlag = (page: Page) =>
  page.evaluate((key) => window.localStorage.getItem(key), INSTALL_BANNER_DISMISSED_KEY);
const appStarted = (page: Page) => page.evaluate(() => window.trainwrightAppStarted ?? false);
const installPrompts = (page: Page) => page.evaluate(() => (window as Marked).__installPrompts ?? 0);

describe("manifest and installability (docs/SPEC.md §1)", () => {
  it("the browser fetches and parses the manifest and reports no installability errors", async () => {
    // A persistent profile: Chromium never offers installation in an incognito context.
    const profile = mkdtempSync(path.join(tmpdir(), "trainwright-pwa-profile-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
      baseURL: server.baseUrl,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      session.watch(page);
      await openApp(page);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send("Page.getAppManifest");
      expect(manifest.url).toBe(`${server.baseUrl}${MANIFEST_URL}`);
      expect(manifest.errors).toEqual([]);
      // What the browser made of it (it resolves the URLs; it spells display as an internal enum name).
      expect(manifest.manifest).toMatchObject({
        name: APP_NAME,
        description: MARKETING_LINE,
        startUrl: `${server.baseUrl}/`,
        scope: `${server.baseUrl}/`,
      });
      expect(manifest.manifest.display).toMatch(/standalone/i);
      expect(JSON.parse(manifest.data ?? "{}")).toMatchObject({ short_name: APP_NAME, theme_color: THEME_COLOR });
      expect(manifest.manifest.icons?.map((icon) => icon.sizes)).toEqual(
        expect.arrayContaining(["192x192", "512x512"]),
      );
      const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
      expect(installabilityErrors).toEqual([]);
      const themeColor = await page.locator('meta[name="theme-color"]').getAttribute("content");
      expect(themeColor).toBe(THEME_COLOR);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

describe("service worker (docs/SPEC.md §4, §7)", () => {
  it("registers /_api/service-worker with scope / and controls the page after a reload", async () => {
    const context = await session.openContext(WIDTHS[0]);
    const page = await context.newPage();
    await openApp(page);
    const registration = await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      return { scope: ready.scope, script: ready.active?.scriptURL };
    });
    expect(registration).toEqual({ scope: `${server.baseUrl}/`, script: `${server.baseUrl}${SERVICE_WORKER_URL}` });
    // On the landing page the boot script registered it: the app itself waits for the visitor (decision 0160).
    expect(await appStarted(page)).toBe(false);
    await page.reload();
    const controller = await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL);
    expect(await controller.jsonValue()).toBe(`${server.baseUrl}${SERVICE_WORKER_URL}`);
    // The first install is not an update: no prompt.
    expect(await page.getByText(UPDATE_TEXT).count()).toBe(0);
  });

  it("caches the app shell, assets and icons, and nothing from /_api/", async () => {
    const context = await session.openContext(WIDTHS[0]);
    const page = await context.newPage();
    await openControlled(page);
    // Some API traffic through the controlled page, then everything the worker keeps.
    await page.evaluate(() => fetch("/_api/auth/me").then((res) => res.text()));
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain("/index.html");
    expect(cached).toContain("/icons/icon-512.png");
    expect(cached.some((url) => /^\/assets\/index-[\w-]+\.js$/.test(url))).toBe(true);
    expect(cached.filter((url) => url.startsWith("/_api"))).toEqual([]);
  });

  it("a new version is offered in a toast; Reload activates it and reloads every open page once", async () => {
    const context = await session.openContext(WIDTHS[0]);
    const page = await context.newPage();
    await openControlled(page);
    // Untouched, the landing page has not started the app; a new version found starts it (decision 0160).
    expect(await appStarted(page)).toBe(false);

    // A redeploy: the server reads the worker file on each request.
    appendFileSync(path.join(server.clientDir, SERVICE_WORKER_FILE), `\n// redeployed ${Date.now()}\n`);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    // Found while this page is open ("updatefound").
    await page.getByText(UPDATE_TEXT).waitFor();
    await toastSettled(page, UPDATE_TEXT);
    await page.screenshot({ path: path.join(SHOTS_DIR, "update-toast-1280.png") });

    // Already waiting when a page opens ("registration.waiting").
    const second = await context.newPage();
    await openApp(second);
    await second.getByText(UPDATE_TEXT).waitFor();

    for (const open of [page, second]) {
      await open.evaluate(() => {
        (window as Marked).__beforeUpdate = true;
      });
    }
    let secondLoads = 0;
    second.on("load", () => secondLoads++);
    const reloads = [page.waitForEvent("load"), second.waitForEvent("load")];
    await second.getByRole("button", { name: "Reload" }).click();
    await Promise.all(reloads);

    for (const open of [page, second]) {
      await open.waitForFunction(() => navigator.serviceWorker.controller !== null);
      expect(await open.evaluate(() => (window as Marked).__beforeUpdate)).toBeUndefined();
      const state = await open.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { waiting: registration?.waiting ?? null, active: registration?.active?.state };
      });
      expect(state).toEqual({ waiting: null, active: "activated" });
      expect(await open.getByText(UPDATE_TEXT).count()).toBe(0);
    }
    // One controller change, one reload. The app reloads only on a controller change, so once the reloaded page
    // is controlled by the registration's active worker and no other worker is installing or waiting, nothing
    // is left to cause a second one. That negative needs a bounded window: a change already dispatched would
    // still reach the page, so the settled state must hold on this same document across two frames.
    await second.evaluate(() => {
      (window as Marked).__afterUpdate = true;
    });
    await expect.poll(() => workerSettled(second), { timeout: 10_000 }).toBe(true);
    await second.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await workerSettled(second)).toBe(true);
    expect(await second.evaluate(() => (window as Marked).__afterUpdate)).toBe(true);
    expect(secondLoads).toBe(1);
  });
});

describe("offline page (docs/SPEC.md §2 Offline, §4 Offline retry)", () => {
  for (const width of WIDTHS) {
    it(`at ${width} px: a page load without network shows /offline; back online it goes to /`, async () => {
      const context = await session.openContext(width);
      await openControlled(await context.newPage());
      await context.setOffline(true);
      // A page opened while offline (a fresh tab knows it is offline from the start).
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      await page.goto("/acme/dashboard");
      expect(new URL(page.url()).pathname).toBe("/offline");
      await page.getByRole("heading", { level: 1, name: "You're Offline" }).waitFor();
      expect(await page.getByText("Offline Mode", { exact: true }).isVisible()).toBe(true);
      const cachedPages = page.getByRole("region", { name: "Cached pages" }).getByRole("listitem");
      expect(await cachedPages.allInnerTexts()).toEqual([...CACHED_OFFLINE_PAGES]);
      expect(await page.getByRole("link", { name: "Go to Homepage" }).getAttribute("href")).toBe("/");
      await page.screenshot({ path: path.join(SHOTS_DIR, `offline-${width}.png`), fullPage: true });

      // Retry while still offline: logged, and the page stays.
      await page.getByRole("button", { name: "Retry Connection" }).click();
      await page.getByRole("alert").waitFor();
      expect(errors.some((text) => text.includes("Retry Connection failed"))).toBe(true);
      expect(new URL(page.url()).pathname).toBe("/offline");

      await context.setOffline(false);
      await page.getByText("Connection restored! Redirecting...").waitFor();
      expect(await page.getByText("Back Online!", { exact: true }).isVisible()).toBe(true);
      await page.screenshot({ path: path.join(SHOTS_DIR, `offline-restored-${width}.png`), fullPage: true });
      await page.waitForURL(`${server.baseUrl}/`);
    });
  }

  it("Retry Connection goes to / when the server answers", async () => {
    const context = await session.openContext(WIDTHS[0]);
    const page = await context.newPage();
    await openControlled(page);
    await context.setOffline(true);
    const offlinePage = await context.newPage();
    await offlinePage.goto("/offline");
    await offlinePage.getByRole("heading", { name: "You're Offline" }).waitFor();
    await context.setOffline(false);
    await offlinePage.getByRole("button", { name: "Retry Connection" }).click();
    await offlinePage.waitForURL(`${server.baseUrl}/`);
  });
});

describe("install banner (docs/SPEC.md §1, §3, §4)", () => {
  for (const width of WIDTHS) {
    it(`at ${width} px: shown for a captured prompt; the dismiss button hides it for good`, async () => {
      const context = await session.openContext(width);
      const page = await context.newPage();
      await openApp(page);
      expect(await banner(page).count()).toBe(0);
      // The prompt comes before the visitor has touched the landing page: the boot script keeps it and shows
      // the banner's static copy itself, without starting the app (decisions 0160 and 0163).
      expect(await appStarted(page)).toBe(false);
      expect(await offerInstall(page, "accepted")).toBe(true); // the browser's own infobar is suppressed
      await banner(page).waitFor();
      expect(await appStarted(page)).toBe(false);
      expect(
        await banner(page)
          .getByRole("heading", { name: `Install ${APP_NAME}` })
          .isVisible(),
      ).toBe(true);
      expect(
        await banner(page).getByText("Add to your home screen for a faster, app-like experience.").isVisible(),
      ).toBe(true);
      expect(await banner(page).getByRole("button", { name: "Install App" }).isVisible()).toBe(true);
      await page.screenshot({ path: path.join(SHOTS_DIR, `install-banner-${width}.png`) });

      await banner(page).getByRole("button", { name: "Dismiss install banner" }).click();
      expect(await banner(page).count()).toBe(0);
      expect(await dismissedFlag(page)).toBe("true");
      expect(await installPrompts(page)).toBe(0);

      // What keeps the banner away on the next load: the stored flag, read when the app starts, and a prompt
      // that the app did capture (it cancelled the browser's own infobar), so the store holds one.
      await openApp(page);
      expect(await dismissedFlag(page)).toBe("true");
      expect(await offerInstall(page, "accepted")).toBe(true);
      // The store change re-renders synchronously (React flushes external-store updates before the next
      // task); a painted frame after it is the bound for this negative check.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
      expect(await banner(page).count()).toBe(0);
    });
  }

  it("the app, started by the visitor, replaces the landing shell's banner with its own for the same prompt", async () => {
    const context = await session.openContext(WIDTHS[0]);
    const page = await context.newPage();
    await openApp(page);
    await offerInstall(page, "dismissed");
    await banner(page).waitFor();
    await page.mouse.move(10, 10); // an interaction: the boot script starts the app
    await page.waitForFunction(() => window.trainwrightAppStarted === true);
    await page.waitForFunction((id) => document.getElementById(id) === null, LANDING_INSTALL_BANNER_ID);
    expect(await banner(page).count()).toBe(1);
    await banner(page).getByRole("button", { name: "Install App" }).click();
    await banner(page).waitFor({ state: "detached" });
    expect(await installPrompts(page)).toBe(1);
    await page.waitForFunction((key) => window.localStorage.getItem(key) === "true", INSTALL_BANNER_DISMISSED_KEY);
  });

  it("Install App shows the browser prompt and hides the banner; a declined prompt stores the flag", async () => {
    const context = await session.openContext(WIDTHS[0]);
    const page = await context.newPage();
    await openApp(page);
    await offerInstall(page, "dismissed");
    await banner(page).getByRole("button", { name: "Install App" }).click();
    await banner(page).waitFor({ state: "detached" });
    expect(await installPrompts(page)).toBe(1);
    await page.waitForFunction((key) => window.localStorage.getItem(key) === "true", INSTALL_BANNER_DISMISSED_KEY);
  });

  it("an accepted prompt hides the banner without storing the flag", async () => {
    const context = await session.openContext(WIDTHS[0]);
    const page = await context.newPage();
    await openApp(page);
    await offerInstall(page, "accepted");
    await banner(page).getByRole("button", { name: "Install App" }).click();
    await banner(page).waitFor({ state: "detached" });
    expect(await installPrompts(page)).toBe(1);
    expect(await dismissedFlag(page)).toBeNull();
    // A new page load with a new prompt offers the install again.
    await openApp(page);
    await offerInstall(page, "accepted");
    await banner(page).waitFor();
  });
});
