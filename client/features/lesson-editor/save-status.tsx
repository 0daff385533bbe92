import { CircleAlert, CircleCheck, LoaderCircle } from "lucide-react";
import { Button } from "#client/components/ui/button.js";
import type { SaveState } from "./use-lesson-autosave.js";

/** "Saving…", "Saved" or "Not saved: …", announced politely as it changes. */
export function SaveStatus({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  return (
    <div className="flex min-h-8 items-center gap-2 text-sm">
      <output aria-live="polite" data-save-state={state.kind} className="inline-flex items-center gap-1.5">
        {state.kind === "saved" && (
          <>
            <CircleCheck className="size-4 text-emerald-600" aria-hidden="true" />
            <span className="text-slate-600">Saved</span>
          </>
        )}
        {(state.kind === "pending" || state.kind === "saving") && (
          <>
            <LoaderCircle
              className="size-4 animate-spin text-slate-500 motion-reduce:animate-none"
              aria-hidden="true"
            />
            <span className="text-slate-600">Saving…</span>
          </>
        )}
        {(state.kind === "failed" || state.kind === "conflict") && (
          <>
            <CircleAlert className="size-4 shrink-0 text-red-600" aria-hidden="true" />
            <span className="text-red-700">
              Not saved: {state.kind === "failed" ? state.message : "someone else changed this lesson."}
            </span>
          </>
        )}
      </output>
      {state.kind === "failed" && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try Again
        </Button>
      )}
    </div>
  );
}
