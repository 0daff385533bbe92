import { AlarmClock, CircleCheck, CircleDashed, CircleDot } from "lucide-react";
import { Badge } from "#client/components/ui/badge.js";
import { cn } from "#client/lib/cn.js";
import { TRAINING_STATUS_LABELS, type TrainingStatus } from "#shared/training-statuses.js";

const STATUS_STYLE: Record<TrainingStatus, { className: string; icon: typeof CircleCheck }> = {
  not_started: { className: "bg-slate-100 text-slate-700 ring-slate-200", icon: CircleDashed },
  in_progress: { className: "bg-brand-50 text-brand-800 ring-brand-200", icon: CircleDot },
  completed: { className: "bg-emerald-50 text-emerald-800 ring-emerald-200", icon: CircleCheck },
  overdue: { className: "bg-red-50 text-red-700 ring-red-200", icon: AlarmClock },
};

/** Colour and an icon both carry the status, so it reads without colour vision too. */
export function TrainingStatusBadge({ status, className }: { status: TrainingStatus; className?: string }) {
  const { className: tone, icon: Icon } = STATUS_STYLE[status];
  return (
    <Badge className={cn(tone, className)}>
      <Icon className="size-3.5" aria-hidden="true" />
      {TRAINING_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Just the icon and colour of a status, for the dense report matrix; the label is read out. */
export function TrainingStatusIcon({ status, className }: { status: TrainingStatus; className?: string }) {
  const { icon: Icon } = STATUS_STYLE[status];
  const color = {
    not_started: "text-slate-400",
    in_progress: "text-brand-600",
    completed: "text-emerald-600",
    overdue: "text-red-600",
  }[status];
  return (
    <Icon className={cn("size-4 shrink-0", color, className)} aria-label={TRAINING_STATUS_LABELS[status]} role="img" />
  );
}
