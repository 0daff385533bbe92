import { WifiOff } from "lucide-react";
import { useConnection } from "./connection.js";

/**
 * The header's "Offline" (decision 0293): shown while the server cannot be heard, when the screens show what
 * this device saved and say where a connection is needed. The live region is always there, so that a screen
 * reader hears the change. On a phone the badge is its icon alone (the word stays for screen readers and in
 * the tooltip): beside the count of work waiting to sync, the word left the organization's name a few letters.
 */
export function OfflineBadge() {
  const offline = useConnection() !== "online";
  return (
    <output className="contents" aria-live="polite">
      {offline && (
        <span
          className="mr-1 inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-50 p-1.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200 ring-inset sm:px-2 sm:py-0.5"
          title="No connection: showing what is saved on this device"
        >
          <WifiOff className="size-3.5" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Offline</span>
          <span className="sr-only">: showing what is saved on this device</span>
        </span>
      )}
    </output>
  );
}
