import type { ComponentProps } from "react";
import { cn } from "#client/lib/cn.js";

/** A placeholder block. Hidden from assistive tech: the surrounding region announces that it is loading. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-slate-200/80", className)} {...props} />;
}
