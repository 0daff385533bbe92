import { HOUR_MS, SERVICE_WORKER_URL, SKIP_WAITING_MESSAGE } from "#shared/constants.js";

/** Called when a new version is installed and waiting; `activate` lets it take over (and the page reloads). */
export type UpdateAvailable = (activate: () => void) => void;

/** Long-lived tabs ask for a new version this often; the browser itself checks only on page loads. */
const UPDATE_CHECK_INTERVAL_MS = HOUR_MS;

let started = false;

/**
 * docs/SPEC.md §4 "Service worker" and §7: registers /_api/service-worker for the whole site once the page has
 * loaded, reports new versions, and reloads the page when a new version takes control of it.
 */
export function registerServiceWorker(onUpdateAvailable: UpdateAvailable): void {
  // React runs effects twice in development, and a page needs one set of listeners.
  if (started || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  started = true;
  const container = navigator.serviceWorker;

  // Reload once when a new version replaces the one that served this page, so that the page never mixes
  // two builds. The very first install also takes control (the worker claims open pages), but nothing
  // served this page before it, so there is nothing to reload.
  let controller = container.controller;
  let reloading = false;
  // The landing shell's boot script reloads on a new version until now (decision 0160).
  window.trainwrightWatchesWorker = true;
  container.addEventListener("controllerchange", () => {
    const replaced = controller !== null;
    controller = container.controller;
    if (!replaced || reloading) return;
    reloading = true;
    window.location.reload();
  });

  const offer = (worker: ServiceWorker) => onUpdateAvailable(() => worker.postMessage({ type: SKIP_WAITING_MESSAGE }));

  const register = async () => {
    let registration: ServiceWorkerRegistration | undefined;
    try {
      registration = await container.register(SERVICE_WORKER_URL, { scope: "/" });
    } catch (error) {
      console.error("The service worker could not be registered.", error);
      return;
    }
    // Automation tools that block service workers resolve the registration with nothing.
    if (!registration) return;
    const active = registration;
    // Only an update while a version is in control is news: the first install needs no prompt.
    if (active.waiting && container.controller) offer(active.waiting);
    const offerOnceInstalled = (worker: ServiceWorker | null) => {
      worker?.addEventListener("statechange", () => {
        if (worker.state === "installed" && container.controller) offer(worker);
      });
    };
    // On the landing shell a version found before the app started is installing already (decision 0160).
    offerOnceInstalled(active.installing);
    active.addEventListener("updatefound", () => offerOnceInstalled(active.installing));
    window.setInterval(() => {
      active.update().catch(() => {
        // Offline or the server is down: the next check will do.
      });
    }, UPDATE_CHECK_INTERVAL_MS);
  };

  // After "load", so that the worker's precaching does not compete with the page's own first requests.
  if (document.readyState === "complete") void register();
  else window.addEventListener("load", () => void register(), { once: true });
}
