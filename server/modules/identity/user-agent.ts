/**
 * A short, human name for the browser behind a User-Agent header ("Firefox on Windows"), for the list of
 * one's sessions. It only has to tell one's own devices apart, so a few patterns do; the order matters,
 * since Edge and Opera also say "Chrome", and Chrome also says "Safari".
 */

const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  // HeadlessChrome (automation) counts as Chrome.
  [/(Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\bcurl\//, "curl"],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\biPad\b/, "iPad"],
  [/\b(iPhone|iPod)\b/, "iPhone"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const UNKNOWN_DEVICE = "Unknown device";

function firstMatch(userAgent: string, patterns: ReadonlyArray<readonly [RegExp, string]>): string | null {
  for (const [pattern, name] of patterns) if (pattern.test(userAgent)) return name;
  return null;
}

export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const browser = firstMatch(userAgent, BROWSERS);
  const system = firstMatch(userAgent, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? UNKNOWN_DEVICE;
}
