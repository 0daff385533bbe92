import { OFFLINE_RETRY_TIMEOUT_MS } from "#shared/constants.js";

/**
 * docs/SPEC.md §4 "Offline retry": a HEAD request to the site, given up after 5 s. Resolves when the server
 * answered, rejects otherwise (offline, timed out, or an error status). It goes past the service
 * worker's caches: a HEAD request is never served from them, and `no-store` keeps the HTTP cache out.
 * The pages and the service worker both use it.
 */
export async function checkConnection(): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), OFFLINE_RETRY_TIMEOUT_MS);
  try {
    const response = await fetch("/", { method: "HEAD", cache: "no-store", signal: controller.signal });
    if (!response.ok) throw new Error(`The server answered ${response.status}.`);
  } finally {
    clearTimeout(timer);
  }
}
