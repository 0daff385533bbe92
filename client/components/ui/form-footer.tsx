import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button.js";

export interface FormFooterProps {
  /** The submit button's words. */
  submitLabel: string;
  /** The form's mutation is running: the button shows it and takes no second submit. */
  pending: boolean;
  /**
   * "page": the full-width large button of the public forms (log in, forgot and reset password), which reads
   * "Processing..." while pending (docs/SPEC.md §2). "card": the button of a settings card, sized to its words.
   */
  layout: "page" | "card";
  /** What follows the button, such as a link back to log in. */
  children?: ReactNode;
}

/** The end of a form: its submit button and what follows it. */
export function FormFooter({ submitLabel, pending, layout, children }: FormFooterProps) {
  const { t } = useTranslation();
  if (layout === "card") {
    return (
      <div>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
        {children}
      </div>
    );
  }
  return (
    <>
      <Button type="submit" size="lg" className="w-full" loading={pending}>
        {pending ? t("form.processing") : submitLabel}
      </Button>
      {children}
    </>
  );
}
