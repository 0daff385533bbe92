import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "#client/components/ui/form-field.js";
import { Input } from "#client/components/ui/input.js";

export interface PasswordFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  /** Tells password managers whether to fill the saved password or offer a new one. */
  autoComplete: "current-password" | "new-password";
  error?: string;
  hint?: string;
  disabled?: boolean;
}

/** A password input of the account page's forms, with its label, hint and error wired up. */
export function PasswordField({ label, registration, autoComplete, error, hint, disabled }: PasswordFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => (
        <Input {...control} {...registration} type="password" autoComplete={autoComplete} disabled={disabled} />
      )}
    </FormField>
  );
}
