import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { toasterWanted, wantToaster } from "#client/lib/toast.js";

const LoadedToaster = lazy(() => import("./toaster-loaded.js"));

/** What the person does first, after which a toast may follow (a save, a sign-in, a completion). */
const FIRST_ACTIONS = ["pointerdown", "keydown"] as const;

/**
 * The one toaster, mounted in the root route. Sonner loads when the person first acts on the page, so it
 * is ready by the time their action's answer raises a toast, or at once when a toast is raised without
 * one (client/lib/toast.ts). A page that is only read never loads it (decision 0248).
 */
export function Toaster() {
  const wanted = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get, () => false);
  useEffect(() => {
    if (wanted) return;
    for (const action of FIRST_ACTIONS) window.addEventListener(action, wantToaster, { once: true, passive: true });
    return () => {
      for (const action of FIRST_ACTIONS) window.removeEventListener(action, wantToaster);
    };
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <LoadedToaster />
    </Suspense>
  ) : null;
}
