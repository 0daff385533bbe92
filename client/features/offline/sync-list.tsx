import { CloudUpload, RefreshCw, TriangleAlert, X } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "#client/components/ui/button.js";
import { Popover, PopoverContent, PopoverTrigger } from "#client/components/ui/popover.js";
import { cn } from "#client/lib/cn.js";
import { dismissAction, sendQueue } from "./queue.js";
import type { QueuedAction } from "./store.js";

/** What each kind of queued action is called in the list. */
const KIND_TEXT: Record<QueuedAction["kind"], string> = {
  "lesson.complete": "Completed",
  "lesson.sign": "Signed",
  "quiz.submit": "Check submitted",
  "scorm.commit": "Course progress",
};

export function SyncList({ queue, label, children }: { queue: QueuedAction[]; label: string; children: ReactNode }) {
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState("");
  const refused = queue.some((action) => action.status === "refused");

  async function syncNow() {
    setSending(true);
    setResult("");
    const outcomes = await sendQueue();
    setSending(false);
    setResult(outcomes.includes("later") ? "Still offline. It will sync when the connection returns." : "");
  }

  return (
    <Popover>
      <PopoverTrigger
        aria-label={label}
        title={label}
        className={cn(
          "flex h-8 items-center rounded-lg px-1.5 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500",
          refused ? "text-amber-800" : "text-slate-700",
        )}
      >
        {children}
      </PopoverTrigger>
      <PopoverContent align="end" className="w-80">
        <h2 className="text-sm font-semibold">Work on this device</h2>
        <ul className="mt-3 flex max-h-72 flex-col gap-2 overflow-y-auto">
          {queue.map((action) => (
            <li key={action.clientId} className="flex items-start gap-2 text-sm">
              {action.status === "pending" ? (
                <CloudUpload className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
              ) : (
                <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
              )}
              <div className="min-w-0 flex-1">
                <p className="break-words">
                  {KIND_TEXT[action.kind]}: <span className="font-medium">{action.title}</span>
                </p>
                <p className={cn("text-xs", action.status === "pending" ? "text-slate-500" : "text-amber-800")}>
                  {action.status === "pending" ? "Waiting to sync" : `Not synced: ${action.error ?? "refused"}`}
                </p>
              </div>
              {action.status === "refused" && (
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Dismiss ${action.title}`}
                  onClick={() => void dismissAction(action.clientId)}
                >
                  <X aria-hidden="true" />
                </Button>
              )}
            </li>
          ))}
        </ul>
        {queue.some((action) => action.status === "pending") && (
          <Button size="sm" variant="outline" className="mt-3 w-full" loading={sending} onClick={() => void syncNow()}>
            {!sending && <RefreshCw aria-hidden="true" />}
            Sync now
          </Button>
        )}
        <output aria-live="polite" className="mt-2 block text-xs text-slate-600">
          {result}
        </output>
      </PopoverContent>
    </Popover>
  );
}
