import { WifiOff } from "lucide-react";
import { useBrowserOnline } from "./use-browser-online.js";

/** Offline, a lesson's video from another site cannot play: said plainly instead of an empty frame. */
export function OfflineVideoNote() {
  if (useBrowserOnline()) return null;
  return (
    <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-600">
      <WifiOff className="size-4 shrink-0" aria-hidden="true" />
      This video is on another site and plays only with a connection. The rest of the lesson works offline.
    </p>
  );
}
