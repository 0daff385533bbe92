/// <reference lib="webworker" />
/**
 * The service worker (docs/SPEC.md §7: registered at /_api/service-worker with scope /). vite-plugin-pwa
 * builds it with `injectManifest` into dist/client/sw.js and replaces `self.__WB_MANIFEST` with the
 * list of built files (the app shell, hashed assets, icons) and their revisions.
 *
 * What it does, and what it deliberately leaves alone:
 * - page loads go to the network first; when the network fails, /offline is shown from the cached
 *   app shell (the offline page is a route of the single-page app);
 * - built files are served from the precache, other hashed /assets/ files cache-first;
 * - nothing under /_api/ is ever handled or cached: API answers are per user and must stay live.
 */

import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, type PrecacheEntry, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import { API_PREFIX, SKIP_WAITING_MESSAGE } from "#shared/constants.js";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const APP_SHELL_URL = "/index.html";
const OFFLINE_PATH = "/offline";
const API_PATH = new RegExp(`^${API_PREFIX}(/|$)`);

/**
 * Network first for page loads. When the network fails, every page but /offline answers with a
 * redirect to /offline, and /offline itself gets the cached app shell, whose router shows the offline
 * page. Deciding here, where the failed fetch is seen, is more reliable than `navigator.onLine` in the
 * page, which stays true when only the server is unreachable.
 */
async function navigate({ request, url }: { request: Request; url: URL }): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    if (url.pathname !== OFFLINE_PATH) return Response.redirect(new URL(OFFLINE_PATH, self.location.origin).href, 302);
    return (await matchPrecache(APP_SHELL_URL)) ?? Response.error();
  }
}

// Registered before the precache route so that "/" (which the precache would map to index.html) still
// goes to the network first and a deploy is seen on the next load.
registerRoute(new NavigationRoute(navigate, { denylist: [API_PATH] }));

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Hashed file names never change content, so a cached copy is always right. The precache already holds
// the current build's files; this keeps any other one (say, a chunk of the previous build still asked
// for by an open tab) once it has been fetched.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"),
  new CacheFirst({
    cacheName: "trainwright-assets",
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true }),
    ],
  }),
);

// A new version waits until the page's update prompt asks it to take over, so that a page never runs
// with files of two builds. The very first install has nobody to wait for and takes the open pages.
self.addEventListener("message", (event) => {
  const data: unknown = event.data;
  const type = typeof data === "object" && data !== null && "type" in data ? data.type : data;
  if (type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});
clientsClaim();
