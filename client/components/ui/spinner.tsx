import { LoaderCircle } from "lucide-react";
import { cn } from "#client/lib/cn.js";

const SIZES = { sm: "size-4", md: "size-6", lg: "size-10" } as const;

export interface SpinnerProps {
  size?: keyof typeof SIZES;
  /** What is loading, announced to screen readers. */
  label?: string;
  /** Inside a control that already announces its state (e.g. a pending button): hidden from assistive tech. */
  decorative?: boolean;
  className?: string;
}

export function Spinner({ size = "md", label = "Loading", decorative = false, className }: SpinnerProps) {
  // Inside a control the spinner takes the control's text colour; on its own it is the brand colour.
  const tone = decorative ? undefined : "text-brand-600";
  const icon = <LoaderCircle aria-hidden="true" className={cn("animate-spin", tone, SIZES[size], className)} />;
  if (decorative) return icon;
  return (
    <output className="inline-flex items-center justify-center">
      {icon}
      <span className="sr-only">{label}</span>
    </output>
  );
}

/** A spinner centred in the space of a page section, for route and page loading states. */
export function PageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner size="lg" label={label} />
    </div>
  );
}
