import { Circle, CircleCheck } from "lucide-react";
import { cn } from "#client/lib/cn.js";

/** A lesson's done/not-done mark; an image with a name, so it is read out rather than skipped. */
export function CompletionIcon({ completed, className }: { completed: boolean; className?: string }) {
  return completed ? (
    <CircleCheck role="img" aria-label="Completed" className={cn("size-5 shrink-0 text-emerald-600", className)} />
  ) : (
    <Circle role="img" aria-label="Not completed" className={cn("size-5 shrink-0 text-slate-300", className)} />
  );
}
