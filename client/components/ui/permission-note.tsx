import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "#client/lib/cn.js";

/**
 * Says that the person's access level does not allow something on this screen, instead of leaving a
 * missing button unexplained. `announce` for a note that appears because of what they just did (a page
 * that sent them here), so screen readers read it out.
 */
export function PermissionNote({
  children,
  announce = false,
  className,
}: {
  children: ReactNode;
  announce?: boolean;
  className?: string;
}) {
  return (
    <div
      role={announce ? "status" : "note"}
      className={cn(
        "flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900",
        className,
      )}
    >
      <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>{children}</p>
    </div>
  );
}
