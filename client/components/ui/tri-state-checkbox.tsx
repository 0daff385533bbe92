import { Check, Minus } from "lucide-react";
import { Checkbox as CheckboxPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "#client/lib/cn.js";

export type TriState = boolean | "indeterminate";

export interface TriStateCheckboxProps
  extends Omit<ComponentProps<typeof CheckboxPrimitive.Root>, "checked" | "onCheckedChange"> {
  checked: TriState;
  /** Called with the new state; an indeterminate box becomes checked when clicked. */
  onCheckedChange: (checked: boolean) => void;
}

/**
 * A checkbox that can also be "partly checked" (a parent whose children are only some of them checked).
 * Radix renders a button with role="checkbox" and aria-checked="mixed" for that state, which screen
 * readers announce as "partially checked"; pair it with a <Label htmlFor>.
 */
export function TriStateCheckbox({ checked, onCheckedChange, className, ...props }: TriStateCheckboxProps) {
  return (
    <CheckboxPrimitive.Root
      checked={checked}
      onCheckedChange={(next) => onCheckedChange(next === true)}
      className={cn(
        "peer inline-flex size-5 shrink-0 items-center justify-center rounded border border-slate-400 bg-white",
        "text-white shadow-xs transition-colors",
        "data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600",
        "data-[state=indeterminate]:border-brand-600 data-[state=indeterminate]:bg-brand-600",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
        "disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator>
        {checked === "indeterminate" ? (
          <Minus className="size-3.5" strokeWidth={3} aria-hidden="true" />
        ) : (
          <Check className="size-3.5" strokeWidth={3} aria-hidden="true" />
        )}
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}
