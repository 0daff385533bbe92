import { useEffect } from "react";
import { toast } from "#client/lib/toast.js";
import { APP_NAME } from "#shared/constants.js";
import { registerServiceWorker } from "./register-service-worker.js";

const UPDATE_TOAST_ID = "service-worker-update";

/**
 * Registers the service worker and, when a new version is waiting, offers it in a toast whose "Reload"
 * action lets it take over. Renders nothing itself; mounted once in the root route.
 */
export function ServiceWorkerUpdates() {
  useEffect(() => {
    // The development server serves modules, not the build the worker precaches: no worker there.
    if (!import.meta.env.PROD) return;
    registerServiceWorker((activate) => {
      toast(`A new version of ${APP_NAME} is available.`, {
        id: UPDATE_TOAST_ID,
        description: "Reload to start using it.",
        // It stays until the visitor decides: an update that disappears after 4 s is easily missed.
        duration: Number.POSITIVE_INFINITY,
        action: { label: "Reload", onClick: activate },
        // Sonner's action button is black by default; this is the app's primary action colour (brand-600).
        actionButtonStyle: { background: "#4f46e5", color: "#fff" },
      });
    });
  }, []);
  return null;
}
