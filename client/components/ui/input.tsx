import type { ComponentProps } from "react";
import { cn } from "#client/lib/cn.js";

export type InputProps = ComponentProps<"input">;

export function Input({ className, type = "text", ...props }: InputProps) {
  return (
    <input
      type={type}
      className={cn(
        "block h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs",
        "placeholder:text-slate-400 transition-colors sm:text-sm",
        "focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-brand-500/25",
        "aria-invalid:border-red-500 aria-invalid:focus-visible:ring-red-500/25",
        "disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500",
        "read-only:bg-slate-50",
        className,
      )}
      {...props}
    />
  );
}
