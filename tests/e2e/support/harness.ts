import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { launchBrowser, newContext, newPage, uncaughtErrors, watchPage } from "./browser.js";
import { type E2EServer, type E2EServerOptions, startE2EServer } from "./server.js";

/** The app and one Chromium for a test file; `newPage` gives a fresh profile (own cookies) per call. */
export interface E2EHarness {
  baseUrl: string;
  server: E2EServer;
  browser: Browser;
  newPage(options: { width: number }): Promise<Page>;
  close(): Promise<void>;
}

export async function startHarness(options: E2EServerOptions = {}): Promise<E2EHarness> {
  const server = await startE2EServer(options);
  let browser: Browser;
  try {
    browser = await launchBrowser();
  } catch (error) {
    await server.close();
    throw error;
  }
  return {
    baseUrl: server.baseUrl,
    server,
    browser,
    newPage: (pageOptions) => newPage(browser, server.baseUrl, pageOptions),
    close: async () => {
      try {
        await browser.close();
      } finally {
        await server.close();
      }
    },
  };
}

/** What a test file uses of the harness that harnessSession starts for it. */
export interface HarnessSession {
  /** The running harness (its server and browser); only inside tests and later hooks. */
  readonly harness: E2EHarness;
  /** A fresh profile (own cookies) with one page, `width` pixels wide; `locale`: the browser's language (en-US). */
  open(width: number, options?: { locale?: string }): Promise<Page>;
  /** A fresh profile that several pages may share (a service worker controls them all). */
  openContext(width: number, options?: { locale?: string }): Promise<BrowserContext>;
  /** A page of a profile the test made itself (a persistent one): its uncaught exceptions count too. */
  watch(page: Page): void;
}

/**
 * The life of a browser test file: the harness starts before its first test and stops after its last;
 * after each test, every profile the test opened through the session is closed, and the test fails if
 * any of its pages threw an uncaught exception (a journey that "passed" over a crash has not passed).
 */
export function harnessSession(options: E2EServerOptions = {}): HarnessSession {
  let started: E2EHarness | undefined;
  const contexts: BrowserContext[] = [];
  // Pages, not contexts, are what throw; a page closed before the test ends still counts.
  const pages: Page[] = [];

  beforeAll(async () => {
    started = await startHarness(options);
  });
  afterAll(async () => {
    await started?.close();
  });
  afterEach(async () => {
    const errors = pages.splice(0).flatMap((page) => uncaughtErrors(page));
    for (const context of contexts.splice(0)) await context.close();
    expect(errors).toEqual([]);
  });

  const harness = (): E2EHarness => {
    if (!started) throw new Error("The harness is not running: use the session inside tests and hooks.");
    return started;
  };
  const openContext = async (width: number, options: { locale?: string } = {}): Promise<BrowserContext> => {
    const { browser, baseUrl } = harness();
    const context = await newContext(browser, baseUrl, { width, locale: options.locale });
    contexts.push(context);
    context.on("page", (page) => pages.push(page));
    return context;
  };

  return {
    get harness() {
      return harness();
    },
    open: async (width, options) => (await openContext(width, options)).newPage(),
    openContext,
    watch: (page) => {
      watchPage(page);
      pages.push(page);
    },
  };
}
