import { CloudUpload } from "lucide-react";
import { Badge } from "#client/components/ui/badge.js";
import { cn } from "#client/lib/cn.js";
import { useWaitingToSync } from "./use-offline.js";

/** "Waiting to sync" beside a lesson completed on this device that the server has not confirmed yet. */
export function WaitingToSync({ lessonId, className }: { lessonId: number; className?: string }) {
  if (!useWaitingToSync(lessonId)) return null;
  return (
    <Badge variant="outline" className={cn("text-slate-600", className)}>
      <CloudUpload className="size-3.5" aria-hidden="true" />
      Waiting to sync
    </Badge>
  );
}
