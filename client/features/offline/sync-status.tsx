import { CloudUpload, TriangleAlert } from "lucide-react";
import { lazy, Suspense } from "react";
import { useOfflineSnapshot } from "./use-offline.js";

// The list opens in a popover (Radix): loaded only once there is something to show.
const SyncList = lazy(() => import("./sync-list.js").then((module) => ({ default: module.SyncList })));

function syncCountLabel(pending: number, refused: number): string {
  const parts = [];
  if (pending > 0) parts.push(`${pending} waiting to sync`);
  if (refused > 0) parts.push(`${refused} not synced`);
  return parts.join(", ");
}

/**
 * The header's count of work done on this device and not yet on the server (decision 0140), and of work the
 * server refused, which stays listed until the member dismisses it. Nothing shows when both are zero.
 */
export function SyncStatus() {
  const { queue } = useOfflineSnapshot();
  const pending = queue.filter((action) => action.status === "pending").length;
  const refused = queue.length - pending;
  if (queue.length === 0) return null;
  const trigger = (
    <span className="flex items-center gap-1">
      {refused > 0 ? (
        <TriangleAlert className="size-4 text-amber-600" aria-hidden="true" />
      ) : (
        <CloudUpload className="size-4 text-brand-600" aria-hidden="true" />
      )}
      <span className="text-sm font-semibold tabular-nums">{queue.length}</span>
      <span className="sr-only">{syncCountLabel(pending, refused)}</span>
    </span>
  );
  return (
    <Suspense fallback={<span className="flex h-8 items-center px-1.5">{trigger}</span>}>
      <SyncList queue={queue} label={syncCountLabel(pending, refused)}>
        {trigger}
      </SyncList>
    </Suspense>
  );
}
