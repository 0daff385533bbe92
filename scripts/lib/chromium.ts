import { type Browser, chromium } from "playwright-core";

/** Debian's Chromium (scripts/test.sh installs it); neither the tests nor the benches download a browser. */
export const CHROMIUM = "/usr/bin/chromium";

/** This machine has no network beyond loopback: Chromium's background services would only fail and stall. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}
