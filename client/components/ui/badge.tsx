import type { ComponentProps } from "react";
import { cn } from "#client/lib/cn.js";
import type { BadgeVariant as RoleBadgeVariant } from "#shared/roles.js";

/** The role badge variants of shared/roles.ts, plus outline. */
type BadgeVariant = RoleBadgeVariant | "outline";

const VARIANT_CLASSES: Record<BadgeVariant, string> = {
  default: "bg-brand-100 text-brand-800 ring-brand-200",
  secondary: "bg-slate-100 text-slate-700 ring-slate-200",
  destructive: "bg-red-50 text-red-700 ring-red-200",
  outline: "bg-transparent text-slate-700 ring-slate-300",
};

export interface BadgeProps extends ComponentProps<"span"> {
  variant?: BadgeVariant;
}

export function Badge({ variant = "default", className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset",
        VARIANT_CLASSES[variant],
        className,
      )}
      {...props}
    />
  );
}
