import type { ComponentProps } from "react";
import { cn } from "#client/lib/cn.js";

export type LabelProps = ComponentProps<"label">;

export function Label({ className, htmlFor, children, ...props }: LabelProps) {
  return (
    <label
      htmlFor={htmlFor}
      className={cn("block text-sm font-medium text-slate-800 select-none", className)}
      {...props}
    >
      {children}
    </label>
  );
}
