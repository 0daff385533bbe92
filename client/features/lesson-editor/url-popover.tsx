import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import { Button } from "#client/components/ui/button.js";
import { Input } from "#client/components/ui/input.js";
import { Label } from "#client/components/ui/label.js";
import { Popover, PopoverContent, PopoverTrigger } from "#client/components/ui/popover.js";

export interface UrlPopoverProps {
  /** The toolbar button that opens it. */
  trigger: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  label: string;
  initialValue: string;
  placeholder: string;
  submitLabel: string;
  /** Answers an error to show, or null when the address was used (the popover then closes). */
  onSubmit: (url: string) => string | null;
  /** Shown beside the submit button when there is something to remove (a link). */
  onRemove?: () => void;
}

/** A small form for an address (a link, a video), opened from the toolbar; Escape closes it. */
export function UrlPopover({
  trigger,
  open,
  onOpenChange,
  label,
  initialValue,
  placeholder,
  submitLabel,
  onSubmit,
  onRemove,
}: UrlPopoverProps) {
  // Once the address is used, the editor has the focus (its command took it): the trigger must not take it back.
  const used = useRef(false);
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        if (next) used.current = false;
        onOpenChange(next);
      }}
    >
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent
        onCloseAutoFocus={(event) => {
          if (used.current) event.preventDefault();
        }}
      >
        {/* Mounted on opening, so the field starts from the current link every time. */}
        <UrlForm
          label={label}
          initialValue={initialValue}
          placeholder={placeholder}
          submitLabel={submitLabel}
          onSubmit={(url) => {
            const error = onSubmit(url);
            if (error === null) {
              used.current = true;
              onOpenChange(false);
            }
            return error;
          }}
          onRemove={onRemove}
        />
      </PopoverContent>
    </Popover>
  );
}

function UrlForm({
  label,
  initialValue,
  placeholder,
  submitLabel,
  onSubmit,
  onRemove,
}: Omit<UrlPopoverProps, "trigger" | "open" | "onOpenChange">) {
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Kept out of the page's own form, whose submit would otherwise fire too.
    event.stopPropagation();
    setError(onSubmit(value.trim()));
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="url"
        inputMode="url"
        value={value}
        placeholder={placeholder}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        {onRemove && (
          <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
            Remove link
          </Button>
        )}
        <Button type="submit" size="sm">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
