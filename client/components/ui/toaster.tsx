import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { toasterWanted, wantToaster } from "#client/lib/toast.js";

const LoadedToaster = lazy(() => import("./toaster-loaded.js"));

/** How long after the page has loaded, at most, the toaster waits for an idle moment to load. */
const IDLE_LOAD_TIMEOUT_MS = 3000;

/**
 * The one toaster, mounted in the root route. Sonner loads once the page has loaded and the browser is
 * idle, or at once when a toast is raised (client/lib/toast.ts), so it stays off the first render.
 */
export function Toaster() {
  const wanted = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get, () => false);
  useEffect(() => {
    if (wanted) return;
    // Safari has no requestIdleCallback: there it waits the timeout.
    const idleSupported = typeof window.requestIdleCallback === "function";
    let idle: number | undefined;
    const whenIdle = () => {
      idle = idleSupported
        ? window.requestIdleCallback(wantToaster, { timeout: IDLE_LOAD_TIMEOUT_MS })
        : window.setTimeout(wantToaster, IDLE_LOAD_TIMEOUT_MS);
    };
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
    return () => {
      window.removeEventListener("load", whenIdle);
      if (idle === undefined) return;
      if (idleSupported) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <LoadedToaster />
    </Suspense>
  ) : null;
}
