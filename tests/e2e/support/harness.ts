import type { Browser, Page } from "playwright-core";
import { launchBrowser, newPage } from "./browser.js";
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
