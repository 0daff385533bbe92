import { cn } from "#client/lib/cn.js";

export interface ProgressBarProps {
  /** 0..100; values outside are clamped so a rounding slip never draws past either end. */
  value: number;
  /** The accessible name, e.g. "Course progress". */
  label: string;
  /** Read out instead of the bare number, e.g. "2 of 3 lessons completed". */
  valueText?: string;
  size?: "sm" | "md";
  /** "usage": a share of a limit (storage), never drawn as done; amber from 90%. */
  tone?: "progress" | "usage";
  className?: string;
}

/**
 * A determinate progress bar. A plain element with the ARIA progressbar role rather than Radix Progress,
 * whose aria-valuenow is dropped when the value is indeterminate: this one always states its value.
 */
export function ProgressBar({ value, label, valueText, size = "md", tone = "progress", className }: ProgressBarProps) {
  const clamped = Math.min(100, Math.max(0, Math.round(value)));
  const fill =
    tone === "usage"
      ? clamped >= 90
        ? "bg-amber-500"
        : "bg-brand-600"
      : clamped === 100
        ? "bg-emerald-500"
        : "bg-brand-600";
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
      className={cn("w-full overflow-hidden rounded-full bg-slate-200", size === "sm" ? "h-1.5" : "h-2.5", className)}
    >
      <div
        className={cn("h-full rounded-full transition-[width] duration-500 motion-reduce:transition-none", fill)}
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
