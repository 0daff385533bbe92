import { gzipSync } from "node:zlib";
import type { Browser, Response } from "playwright-core";

export interface LandingScripts {
  files: number;
  raw: number;
  /** What the budget of decision 0065 counts: each script gzipped. */
  gzip: number;
  /** What actually crossed the wire (the server sends brotli when the browser takes it). */
  sent: number;
  urls: string[];
}

/**
 * The JavaScript a fresh browser profile loads for `url` before anyone touches the page: every script
 * response until the page is loaded and the network has been idle (the service worker's later
 * precaching is not the page's). Shared by `npm run bench:serving` and the budget test.
 */
export async function landingPageScripts(browser: Browser, url: string): Promise<LandingScripts> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const responses: Response[] = [];
    const onResponse = (response: Response) => {
      if (response.request().resourceType() === "script") responses.push(response);
    };
    page.on("response", onResponse);
    await page.goto(url, { waitUntil: "load" });
    await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {});
    page.off("response", onResponse);
    const sizes = await Promise.all(
      responses.map(async (response) => {
        const body = await response.body();
        const { responseBodySize } = await response.request().sizes();
        return { raw: body.length, gzip: gzipSync(body).length, sent: responseBodySize };
      }),
    );
    return {
      files: sizes.length,
      raw: sizes.reduce((sum, s) => sum + s.raw, 0),
      gzip: sizes.reduce((sum, s) => sum + s.gzip, 0),
      sent: sizes.reduce((sum, s) => sum + s.sent, 0),
      urls: responses.map((response) => response.url()),
    };
  } finally {
    await context.close();
  }
}
