import { cn } from "#client/lib/cn.js";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./select.js";

/** Radix Select keeps "" for "nothing chosen": the choice of no filter needs a value of its own. */
const ALL = "all";

interface FilterOption {
  value: string;
  label: string;
  /** Drawn indented under the option before it (a role under its department). */
  nested?: boolean;
}

export interface FilterSelectProps {
  /** The accessible name, e.g. "Filter by status". */
  label: string;
  /** The first option, which filters nothing, e.g. "All statuses". */
  allLabel: string;
  options: readonly FilterOption[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  disabled?: boolean;
  className?: string;
}

/** A list filter: one of the options, or none ("All …"). */
export function FilterSelect({ label, allLabel, options, value, onChange, disabled, className }: FilterSelectProps) {
  return (
    <Select
      value={value ?? ALL}
      onValueChange={(next) => onChange(next === ALL ? undefined : next)}
      disabled={disabled}
    >
      <SelectTrigger aria-label={label} className={className}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{allLabel}</SelectItem>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value} className={cn(option.nested && "pl-12")}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
