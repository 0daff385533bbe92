import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";

export { CHROMIUM, CHROMIUM_ARGS, launchBrowser } from "../../../scripts/lib/chromium.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const SCREENSHOT_DIR = path.join(ROOT, "artifacts", "screenshots");

/** The widths every screen is looked at (docs/DESIGN.md §7): desktop and a small phone. */
export const WIDTHS = [1280, 375] as const;

const pageErrors = new WeakMap<Page, string[]>();

/** Gives a page the suites' wait limit and records its uncaught exceptions (see uncaughtErrors). */
export function watchPage(page: Page): void {
  if (pageErrors.has(page)) return;
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  pageErrors.set(page, errors);
}

/** A fresh browser profile (its own cookies, storage and service worker), `width` pixels wide. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  { width, locale }: { width: number; locale?: string },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    // The browser's language (navigator.languages and Accept-Language); Chromium's own default otherwise.
    ...(locale ? { locale } : {}),
    viewport: { width, height: width < 768 ? 812 : 900 },
    isMobile: false,
    // Service workers stay allowed (a context is a fresh profile, so nothing is cached across tests):
    // Playwright's "block" makes register() resolve to undefined, which no real browser does.
    reducedMotion: "reduce",
  });
  // Every page, including those the app opens itself, is watched from its first moment.
  context.on("page", watchPage);
  return context;
}

/** A fresh browser profile (its own cookies) with one page, `width` pixels wide. */
export async function newPage(browser: Browser, baseURL: string, options: { width: number }): Promise<Page> {
  const context = await newContext(browser, baseURL, options);
  return context.newPage();
}

/** Uncaught exceptions the page has thrown so far. */
export function uncaughtErrors(page: Page): string[] {
  return pageErrors.get(page) ?? [];
}

/**
 * Saves artifacts/screenshots/<name>-<width>.png of the whole page, or with `fullPage: false` of the window
 * as scrolled (what sticks to the window's top shows only so).
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(SCREENSHOT_DIR, `${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true, animations: "disabled" });
  return file;
}

/** How far the page is wider than the window: a screen that fits a phone has none. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * Waits for the first visible match and returns it (playwright-core has no `expect`; this is its waiting
 * half). Hidden matches are passed over: a collapsed mobile menu holds copies of many links.
 */
export async function visible(locator: Locator, timeout = 15_000): Promise<Locator> {
  const shown = locator.filter({ visible: true }).first();
  await shown.waitFor({ state: "visible", timeout });
  return shown;
}

/** Waits until the page's path (and, when given, query) is the expected one. */
export async function atPath(page: Page, pathname: string, search?: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname && (search === undefined || url.search === search), {
    timeout: 15_000,
  });
}

/** Waits for a toast with exactly this text (sonner renders toasts in an aria-live list). */
export function toast(page: Page, text: string): Promise<Locator> {
  return visible(page.locator("[data-sonner-toast]").getByText(text, { exact: true }));
}

/**
 * Holds every request to a matching URL until the returned `release` is called, then fails them as a
 * network error would: the screen's loading state stays up long enough to be looked at, then its
 * error state follows.
 */
export async function holdThenFail(page: Page, url: RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.abort();
  });
  return release;
}

/** Waits until `locator` is the focused element (document.activeElement), failing with what is instead. */
export async function focused(page: Page, locator: Locator): Promise<void> {
  const handle = await locator.elementHandle();
  await expect
    .poll(() =>
      page.evaluate((element) => {
        const active = document.activeElement;
        if (active === element) return "expected element";
        return active ? `${active.tagName} ${active.getAttribute("aria-label") ?? active.textContent?.trim()}` : "none";
      }, handle),
    )
    .toBe("expected element");
}
