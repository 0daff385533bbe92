import type { ReactNode } from "react";
import { isNotFound } from "#client/features/courses/queries.js";
import { ExportCsvButton } from "./export-button.js";
import { ReportError, ReportShell, ReportSkeleton } from "./report-layout.js";

export interface DetailReportProps<Data> {
  orgSlug: string;
  /** The report's query (useQuery's result). */
  report: { data: Data | undefined; error: unknown; isError: boolean; refetch: () => unknown };
  /** The address names no valid id: "not found" without asking the server. */
  invalidAddress: boolean;
  /** Shown when the report's subject is missing, e.g. "Course not found.". */
  notFoundText: string;
  /** The heading once loaded, and the one while loading. */
  title: (data: Data) => ReactNode;
  loadingTitle: string;
  description?: (data: Data) => ReactNode;
  /** The report's CSV file: its REST path with format=csv, and a name if the server gives none. */
  csv: { path: string; fallbackName: string };
  /** Whether the loaded report has no rows, and what to say then. */
  isEmpty?: (data: Data) => boolean;
  emptyText?: string;
  children: (data: Data) => ReactNode;
  /** Below the report, loaded or not (e.g. links to related reports). */
  footer?: ReactNode;
}

/**
 * A report about one subject (a course, a member, a sign-off lesson): back to the matrix, the heading,
 * "Export CSV", then the report, with one way of showing loading, an error, "not found" and no rows.
 */
export function DetailReport<Data>({
  orgSlug,
  report,
  invalidAddress,
  notFoundText,
  title,
  loadingTitle,
  description,
  csv,
  isEmpty,
  emptyText,
  children,
  footer,
}: DetailReportProps<Data>) {
  if (invalidAddress || report.isError) {
    return (
      <ReportError
        error={report.error}
        retry={() => void report.refetch()}
        notFound={invalidAddress || isNotFound(report.error) ? notFoundText : undefined}
      />
    );
  }
  const data = report.data;
  return (
    <ReportShell
      orgSlug={orgSlug}
      backToMatrix
      title={data === undefined ? loadingTitle : title(data)}
      description={data !== undefined && description?.(data)}
      actions={<ExportCsvButton path={csv.path} fallbackName={csv.fallbackName} />}
    >
      {data === undefined ? (
        <ReportSkeleton />
      ) : isEmpty?.(data) ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-5 py-8 text-center text-sm text-slate-600">
          {emptyText}
        </p>
      ) : (
        children(data)
      )}
      {footer}
    </ReportShell>
  );
}
