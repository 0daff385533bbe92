import type { ComponentProps, ReactNode } from "react";
import { cn } from "#client/lib/cn.js";

export interface ChoiceCardProps extends Omit<ComponentProps<"input">, "type"> {
  label: ReactNode;
  hint?: ReactNode;
}

/** One radio option drawn as a card with a label and a hint; the whole card is the click target. */
export function ChoiceCard({ label, hint, className, ...input }: ChoiceCardProps) {
  return (
    <label
      className={cn(
        "flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-3",
        "has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-500",
        "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500",
        "has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60",
        className,
      )}
    >
      <input type="radio" {...input} className="mt-0.5 size-4 shrink-0 accent-brand-600 focus-visible:outline-none" />
      <span className="flex min-w-0 flex-col">
        <span className="text-sm font-medium text-slate-900">{label}</span>
        {hint && <span className="text-xs text-slate-600">{hint}</span>}
      </span>
    </label>
  );
}
