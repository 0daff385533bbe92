import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** What the forgot and reset pages show once the server agreed: the server's sentence, and the way on. */
export function SuccessNote({
  icon: Icon,
  message,
  children,
}: {
  icon: LucideIcon;
  message: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-5">
      <output className="flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4">
        <Icon className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden="true" />
        <p className="text-sm text-emerald-900">{message}</p>
      </output>
      {children}
    </div>
  );
}

/** The `token` of a page's query (the links in mails), or undefined when it has none. */
export function tokenSearch(search: Record<string, unknown>): { token?: string } {
  return { token: typeof search.token === "string" && search.token !== "" ? search.token : undefined };
}
