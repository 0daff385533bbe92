import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "#client/components/ui/button.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { PageMessage } from "#client/features/courses/page-state.js";
import { cn } from "#client/lib/cn.js";
import { errorMessage } from "#client/lib/errors.js";

const backLinkClass =
  "inline-flex max-w-full items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

export interface ReportShellProps {
  orgSlug: string;
  title: ReactNode;
  description?: ReactNode;
  /** The page's Export CSV button (and anything beside it). */
  actions?: ReactNode;
  /** Course and member pages link back to the matrix. */
  backToMatrix?: boolean;
  children: ReactNode;
}

/** The frame of every report page: heading, export, then the view. */
export function ReportShell({ orgSlug, title, description, actions, backToMatrix, children }: ReportShellProps) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      {backToMatrix && (
        <Link to="/$orgSlug/reports" params={{ orgSlug }} className={cn(backLinkClass, "mb-3")}>
          <ArrowLeft className="size-4 shrink-0" aria-hidden="true" />
          Reports
        </Link>
      )}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{title}</h1>
          {description && <div className="mt-1 text-sm text-slate-600">{description}</div>}
        </div>
        {actions && <div className="flex shrink-0 gap-2">{actions}</div>}
      </div>
      <div className="mt-6">{children}</div>
    </section>
  );
}

/**
 * A wide table in a box of its own that scrolls sideways, so the page itself never does (375 px
 * phones). Focusable, so keyboard users can scroll it too.
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard to be scrolled (WCAG 2.1.1)
      tabIndex={0}
      // Relative: the table's visually hidden texts are positioned absolutely, and must be clipped by this
      // box rather than widen the page.
      className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
    >
      {children}
    </section>
  );
}

export function ReportSkeleton() {
  return (
    <div className="flex flex-col gap-2" aria-busy="true">
      <output className="sr-only">Loading report</output>
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
    </div>
  );
}

export function ReportError({ error, retry, notFound }: { error: unknown; retry: () => void; notFound?: string }) {
  return (
    <PageMessage
      title={notFound ? "Not Found" : "Error Loading Report"}
      message={notFound ?? errorMessage(error, "Could not load the report.")}
      tone={notFound ? "missing" : "error"}
    >
      {!notFound && <Button onClick={retry}>Try Again</Button>}
    </PageMessage>
  );
}

const th = "border-b border-slate-200 bg-slate-50 px-3 py-2.5 text-left text-xs font-semibold text-slate-600";
const td = "border-b border-slate-100 px-3 py-2.5 align-middle";
/** Shared cell styles of the report tables. */
export const tableStyles = { th, td } as const;
