import { Pencil } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Input } from "#client/components/ui/input.js";
import { cn } from "#client/lib/cn.js";
import { LIMITS } from "#shared/constants.js";

const EMPTY_TITLE_ALERT = "Title cannot be empty.";

export interface InlineTitleProps {
  title: string;
  /** What is being named, for the field's label: "Module title". */
  fieldLabel: string;
  onSave: (title: string) => void;
  className?: string;
}

/**
 * A title that becomes a text field when clicked (docs/SPEC.md §5 "Inline edits"). Enter or leaving the field
 * saves, Escape cancels; an empty title is refused with the spec's alert and the old one comes back.
 */
export function InlineTitle({ title, fieldLabel, onSave, className }: InlineTitleProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(title);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The alert takes focus from the field, whose blur would otherwise finish the edit a second time.
  const finished = useRef(false);
  const wasEditing = useRef(false);

  useEffect(() => {
    if (editing) {
      inputRef.current?.focus();
      inputRef.current?.select();
    } else if (wasEditing.current) {
      // Back where the keyboard user started.
      buttonRef.current?.focus();
    }
    wasEditing.current = editing;
  }, [editing]);

  const start = () => {
    finished.current = false;
    setDraft(title);
    setEditing(true);
  };

  const finish = (save: boolean) => {
    if (finished.current) return;
    finished.current = true;
    const next = draft.trim();
    if (save && next === "") window.alert(EMPTY_TITLE_ALERT);
    else if (save && next !== title) onSave(next);
    setEditing(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      finish(true);
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      finish(false);
    }
  };

  if (editing) {
    return (
      <Input
        ref={inputRef}
        aria-label={fieldLabel}
        value={draft}
        maxLength={LIMITS.moduleTitleMax}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => finish(true)}
        className={cn("h-9 font-semibold", className)}
      />
    );
  }
  return (
    <button
      ref={buttonRef}
      type="button"
      onClick={start}
      title="Click to rename"
      className={cn(
        "group inline-flex min-w-0 max-w-full items-center gap-2 rounded-md px-1 py-1 text-left font-semibold text-slate-900",
        "hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500",
        className,
      )}
    >
      <span className="min-w-0 break-words">{title}</span>
      <span className="sr-only">, rename</span>
      <Pencil
        className="size-3.5 shrink-0 text-slate-400 opacity-60 group-hover:opacity-100 group-focus-visible:opacity-100"
        aria-hidden="true"
      />
    </button>
  );
}
