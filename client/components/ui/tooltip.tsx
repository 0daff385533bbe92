import { Tooltip as TooltipPrimitive } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "#client/lib/cn.js";
import { TOOLTIP } from "#shared/constants.js";

/**
 * Mounted around each group of tooltips (the header's organization control, a list of cards), so that the
 * skip delay applies from one tooltip of the group to the next. Not in the root route: Radix's tooltip and
 * its positioning library stay out of the first page's script (decision 0216). The delays are the spec's
 * (§9), set explicitly rather than left to Radix.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP.delayDurationMs} skipDelayDuration={TOOLTIP.skipDelayDurationMs}>
      {children}
    </TooltipPrimitive.Provider>
  );
}

const Tooltip = TooltipPrimitive.Root;
const TooltipTrigger = TooltipPrimitive.Trigger;

function TooltipContent({
  className,
  sideOffset = TOOLTIP.sideOffsetPx,
  children,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          "z-50 max-w-xs rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-md",
          className,
        )}
        {...props}
      >
        {children}
        <TooltipPrimitive.Arrow className="fill-slate-900" />
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}

/** The common case: a trigger element (which must accept a ref, e.g. a Button) with a text tip. */
export function WithTooltip({
  content,
  side,
  children,
}: {
  content: ReactNode;
  side?: ComponentProps<typeof TooltipPrimitive.Content>["side"];
  children: ReactNode;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side={side}>{content}</TooltipContent>
    </Tooltip>
  );
}
