import { Check, ChevronDown } from "lucide-react";
import { Select as SelectPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "#client/lib/cn.js";

/*
 * Radix supplies the behaviour of a native select (keyboard, typeahead, the combobox / listbox roles)
 * with a list that can be styled. Label the trigger with a <Label htmlFor> or aria-label.
 */
export const Select = SelectPrimitive.Root;
export const SelectValue = SelectPrimitive.Value;

export interface SelectTriggerProps extends ComponentProps<typeof SelectPrimitive.Trigger> {
  /** The chosen value wraps onto more lines instead of being cut short (names that may start alike). */
  wrapValue?: boolean;
}

export function SelectTrigger({ className, children, wrapValue = false, ...props }: SelectTriggerProps) {
  return (
    <SelectPrimitive.Trigger
      className={cn(
        "flex w-full min-w-0 items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3",
        "text-left text-base text-slate-900 shadow-xs transition-colors sm:text-sm",
        "focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-brand-500/25",
        "disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 data-[placeholder]:text-slate-500",
        wrapValue ? "min-h-10 py-2 [&>span]:min-w-0 [&>span]:break-words" : "h-10 [&>span]:truncate",
        className,
      )}
      {...props}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDown className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

export function SelectContent({
  className,
  children,
  position = "popper",
  ...props
}: ComponentProps<typeof SelectPrimitive.Content>) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        position={position}
        sideOffset={4}
        className={cn(
          "z-50 max-h-[min(var(--radix-select-content-available-height),20rem)] min-w-[var(--radix-select-trigger-width)]",
          "overflow-hidden rounded-lg border border-slate-200 bg-white text-slate-900 shadow-lg shadow-slate-900/10",
          className,
        )}
        {...props}
      >
        <SelectPrimitive.Viewport className="p-1">{children}</SelectPrimitive.Viewport>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export function SelectItem({
  className,
  children,
  description,
  ...props
}: ComponentProps<typeof SelectPrimitive.Item> & {
  /** A line under the option's text in the open list; the chosen value shows the text alone. */
  description?: string;
}) {
  return (
    <SelectPrimitive.Item
      className={cn(
        "relative flex w-full cursor-default items-center rounded-md py-2 pr-3 pl-8 text-sm outline-none select-none",
        "data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800",
        "data-[disabled]:pointer-events-none data-[disabled]:opacity-50",
        className,
      )}
      {...props}
    >
      <span className="absolute left-2 flex size-4 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <Check className="size-4 text-brand-600" aria-hidden="true" />
        </SelectPrimitive.ItemIndicator>
      </span>
      {description ? (
        <span className="flex min-w-0 flex-col">
          <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
          <span className="text-xs text-slate-600">{description}</span>
        </span>
      ) : (
        <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
      )}
    </SelectPrimitive.Item>
  );
}
