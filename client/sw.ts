/// <reference lib="webworker" />
/**
 * The service worker (docs/SPEC.md §7: registered at /_api/service-worker with scope /). vite-plugin-pwa
 * builds it with `injectManifest` into dist/client/sw.js and replaces `self.__WB_MANIFEST` with the
 * list of built files (the app shell, hashed assets, icons) and their revisions.
 *
 * What it does, and what it deliberately leaves alone:
 * - page loads go to the network first; when the network fails or hangs, the pages that work offline (the
 *   listed cached pages, and the courses and lessons kept for the signed-in person, decision 0141) get
 *   the cached app shell, and every other page is sent to /offline;
 * - built files are served from the precache, other hashed /assets/ files cache-first;
 * - API answers are not cached here: the page keeps the ones it needs, per person and organization
 *   (client/features/offline). The worker only answers lesson images from the person's image cache
 *   when the network fails, and sends the queue of offline work on Background Sync.
 */

import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, type PrecacheEntry, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import { SYNC_TAG, sendQueue } from "#client/features/offline/queue.js";
import { IMAGE_CACHE_PREFIX, ownerPages } from "#client/features/offline/store.js";
import { checkConnection } from "#client/features/pwa/check-connection.js";
import { API_PREFIX, CACHED_OFFLINE_PAGES, OFFLINE_PATIENCE_MS, SKIP_WAITING_MESSAGE } from "#shared/constants.js";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const APP_SHELL_URL = "/index.html";
const OFFLINE_PATH = "/offline";
const API_PATH = new RegExp(`^${API_PREFIX}(/|$)`);

const IMAGE_PATH = new RegExp(`^${API_PREFIX}/uploads/images/[A-Za-z0-9_-]+$`);

/** Pages that need no kept answers to be useful offline: the account page holds "Log Out". */
const SHELL_PAGES = ["/account", "/logged-out"];

/** The listed cached pages, and the course and lesson pages kept for the device's signed-in person. */
async function opensOffline(pathname: string): Promise<boolean> {
  if ((CACHED_OFFLINE_PAGES as readonly string[]).includes(pathname) || SHELL_PAGES.includes(pathname)) return true;
  const pages = await ownerPages().catch(() => []);
  return pages.some((page) => page.path === pathname);
}

/** The cached app shell, or for a page that does not open offline a redirect to /offline. */
async function offlineAnswer(url: URL): Promise<Response> {
  if (url.pathname !== OFFLINE_PATH && !(await opensOffline(url.pathname))) {
    return Response.redirect(new URL(OFFLINE_PATH, self.location.origin).href, 302);
  }
  return (await matchPrecache(APP_SHELL_URL)) ?? Response.error();
}

/**
 * Network first for page loads. When the network fails, a page that opens offline gets the cached app
 * shell, whose router shows it from the kept answers; every other page answers with a redirect to
 * /offline. Deciding here, where the failed fetch is seen, is more reliable than `navigator.onLine` in
 * the page, which stays true when only the server is unreachable. A network that hangs is waited for as
 * the page's reads are (decision 0293): OFFLINE_PATIENCE_MS for a page that opens offline, and for any other
 * until the connection check says the server is not there.
 */
async function navigate({ request, url }: { request: Request; url: URL }): Promise<Response> {
  const network = fetch(request).then(
    (response) => ({ response }),
    () => null,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const patience = new Promise<"waited">((resolve) => {
    timer = setTimeout(() => resolve("waited"), OFFLINE_PATIENCE_MS);
  });
  let outcome = await Promise.race([network, patience]);
  clearTimeout(timer);
  if (outcome === "waited") {
    if (url.pathname === OFFLINE_PATH || (await opensOffline(url.pathname))) return offlineAnswer(url);
    const heard = checkConnection().then(
      () => network,
      () => null,
    );
    outcome = await Promise.race([network, heard]);
  }
  return outcome === null ? offlineAnswer(url) : outcome.response;
}

/** Uploaded lesson images: the network, else the copy kept for the person (removed when they log out). */
async function lessonImage({ request }: { request: Request }): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    for (const name of await caches.keys()) {
      if (!name.startsWith(IMAGE_CACHE_PREFIX)) continue;
      const kept = await (await caches.open(name)).match(request.url);
      if (kept) return kept;
    }
    throw error;
  }
}

// Registered before the precache route so that "/" (which the precache would map to index.html) still
// goes to the network first and a deploy is seen on the next load.
registerRoute(new NavigationRoute(navigate, { denylist: [API_PATH] }));
registerRoute(
  ({ url, sameOrigin, request }) => sameOrigin && request.method === "GET" && IMAGE_PATH.test(url.pathname),
  lessonImage,
);

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

/** Background Sync (Chromium): the browser wakes the worker when the connection is back, even with the app closed. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
self.addEventListener("sync", (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== SYNC_TAG) return;
  // Anything still to wait for (offline again) makes the browser try the sync later.
  sync.waitUntil(
    sendQueue((input, init) => fetch(input, init)).then((outcomes) => {
      if (outcomes.includes("later")) throw new Error("Some offline work is still waiting for a connection.");
    }),
  );
});
