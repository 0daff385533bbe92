import { CircleAlert, CircleCheck, CircleX } from "lucide-react";
import type { ReactNode } from "react";
import { Spinner } from "#client/components/ui/spinner.js";
import { cn } from "#client/lib/cn.js";
import { SLUG_CHECK } from "#shared/constants.js";
import type { SlugAvailability } from "./slug-availability.js";

const TEXT: Record<SlugAvailability, string> = {
  idle: `Enter at least ${SLUG_CHECK.minLength} characters`,
  checking: "Checking URL availability",
  invalid: "Use lowercase letters, numbers and single hyphens",
  available: "URL is available",
  taken: "URL is taken",
  error: "Could not check this URL",
};

const ICON: Record<SlugAvailability, ReactNode> = {
  idle: null,
  checking: <Spinner size="sm" decorative />,
  invalid: <CircleAlert className="size-5 text-amber-500" aria-hidden="true" />,
  available: <CircleCheck className="size-5 text-green-600" aria-hidden="true" />,
  taken: <CircleX className="size-5 text-red-600" aria-hidden="true" />,
  error: <CircleX className="size-5 text-red-600" aria-hidden="true" />,
};

const TONE: Record<SlugAvailability, string> = {
  idle: "text-slate-500",
  checking: "text-slate-500",
  invalid: "text-amber-700",
  available: "text-green-700",
  taken: "text-red-700",
  error: "text-red-700",
};

/** The icon that sits inside the slug field's right edge (docs/SPEC.md §4: spinner, success or error icon). */
export function SlugStatusIcon({ status }: { status: SlugAvailability }) {
  return (
    <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-slate-500">
      {ICON[status]}
    </span>
  );
}

/** The same status in words, under the field, announced politely as it changes. */
export function SlugStatusText({ status, id }: { status: SlugAvailability; id: string }) {
  return (
    <p id={id} aria-live="polite" className={cn("text-xs font-medium", TONE[status])}>
      {TEXT[status]}
    </p>
  );
}
