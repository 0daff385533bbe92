import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormField } from "./form-field.js";
import { Input } from "./input.js";

export interface EmailFieldProps {
  registration: UseFormRegisterReturn;
  error?: string;
  placeholder?: string;
  /** For a page whose only field it is (forgot password). */
  autoFocus?: boolean;
  disabled?: boolean;
  /** An address the form must use as is (the invite page's account). */
  readOnly?: boolean;
}

/** The "Email" field of one's own address (log in, forgot password, account), with label and error wired up. */
export function EmailField({ registration, error, placeholder, autoFocus, disabled, readOnly }: EmailFieldProps) {
  const { t } = useTranslation();
  return (
    <FormField label={t("auth.email")} error={error}>
      {(control) => (
        <Input
          {...control}
          {...registration}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={placeholder}
          autoFocus={autoFocus}
          disabled={disabled}
          readOnly={readOnly}
        />
      )}
    </FormField>
  );
}
