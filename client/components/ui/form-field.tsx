import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "#client/lib/cn.js";
import { localizeMessage } from "#shared/i18n/messages.js";
import { Label } from "./label.js";

/** What FormField hands its control so that the label, hint and error are wired to it. */
interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FormFieldProps {
  label: ReactNode;
  /** The validation message; shown under the control and announced through aria-describedby. */
  error?: string;
  /** A permanent hint under the control. */
  hint?: ReactNode;
  /** A fixed id for the control, when something outside needs to reference it. */
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export function FormField({ label, error, hint, id, className, children }: FormFieldProps) {
  const { t } = useTranslation();
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={controlId}>{label}</Label>
      {children({ id: controlId, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-600">
          {localizeMessage(error, t)}
        </p>
      )}
    </div>
  );
}
