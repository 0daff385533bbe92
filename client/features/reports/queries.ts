import type { inferRouterOutputs } from "@trpc/server";
import { trpc } from "#client/lib/trpc.js";
import type { AppRouter } from "#server/router.js";
import type { TrainingStatus } from "#shared/training-statuses.js";

type Outputs = inferRouterOutputs<AppRouter>;
export type Matrix = Outputs["reports"]["matrix"];

/** What the matrix is narrowed to; each also names the page in its address (the page's search). */
export interface MatrixFilters {
  department?: number;
  role?: number;
  course?: number;
  status?: TrainingStatus;
  /** Only members who must sign or re-sign a sign-off lesson (decision 0103). */
  signoff?: "needed";
}

/** A role is narrower than its department: with both chosen, the role filters the members. */
function matrixInput({ department, role, course, status, signoff }: MatrixFilters) {
  const tagId = role ?? department;
  return {
    ...(tagId ? { tagIds: [tagId] } : {}),
    ...(course ? { courseIds: [course] } : {}),
    ...(status ? { status } : {}),
    ...(signoff ? { signoff } : {}),
  };
}

export function matrixQuery(filters: MatrixFilters) {
  return trpc.reports.matrix.queryOptions(matrixInput(filters));
}

export function courseReportQuery(courseId: number) {
  return trpc.reports.course.queryOptions({ courseId });
}

export function memberReportQuery(userId: number) {
  return trpc.reports.member.queryOptions({ userId });
}

/**
 * The documented REST path of a view with format=csv (docs/SPEC.md §7), lists comma-separated, and the
 * reader's time zone, in which the file writes its times (server/platform/http/csv.ts).
 */
export function csvPath(
  view: "matrix" | "course" | "member",
  query: Record<string, string | number | number[] | undefined>,
) {
  const params = new URLSearchParams({ format: "csv", tz: Intl.DateTimeFormat().resolvedOptions().timeZone });
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    params.set(name, Array.isArray(value) ? value.join(",") : String(value));
  }
  return `/_api/reports/${view}?${params.toString()}`;
}

export function matrixCsvPath(filters: MatrixFilters) {
  return csvPath("matrix", matrixInput(filters));
}
