import { Check } from "lucide-react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { DEPARTMENT_COLORS } from "#shared/constants.js";

export interface ColorPickerProps {
  /** The react-hook-form registration of the colour field (one radio per palette colour). */
  field: UseFormRegisterReturn;
  /** The chosen colour, to mark the chosen swatch with a tick as well as a ring. */
  value: string | undefined;
  error?: string;
}

/**
 * The seven palette colours (docs/SPEC.md §3) as a radio group: native radios keep arrow-key movement and form
 * semantics; each carries its colour name as its accessible label, the swatch is what sighted users see.
 */
export function ColorPicker({ field, value, error }: ColorPickerProps) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? "tag-color-error" : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Color</legend>
      <div className="flex flex-wrap gap-2">
        {DEPARTMENT_COLORS.map((color) => {
          const checked = value?.toLowerCase() === color.hex.toLowerCase();
          return (
            <label key={color.hex} className="relative block" title={color.name}>
              {/* The radio itself lies, invisible, over its swatch: the click target is the real control. */}
              <input
                type="radio"
                value={color.hex}
                aria-label={color.name}
                className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-full opacity-0"
                {...field}
              />
              <span
                aria-hidden="true"
                className="flex size-8 items-center justify-center rounded-full ring-1 ring-slate-900/15 ring-inset transition-shadow peer-checked:ring-2 peer-checked:ring-slate-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 hover:ring-slate-900/40"
                style={{ backgroundColor: color.hex }}
              >
                {checked && <Check className="size-4 text-slate-800" strokeWidth={3} />}
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id="tag-color-error" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
