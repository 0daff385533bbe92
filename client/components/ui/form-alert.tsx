import { CircleAlert } from "lucide-react";
import type { ReactNode } from "react";

/**
 * A failure of the form as a whole (the server refused the submit), shown above its fields. role="alert"
 * so that it is announced at once, since the focus stays on the submit button.
 */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-800"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>{children}</p>
    </div>
  );
}
