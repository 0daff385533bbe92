import { Link } from "@tanstack/react-router";
import { formatDueDay } from "#client/features/training/deadline.js";
import { TrainingStatusIcon } from "#client/features/training/status.js";
import { cn } from "#client/lib/cn.js";
import { formatDate } from "#client/lib/dates.js";
import { type MatrixCell, matrixCellKey, matrixCellsByKey, readMatrixCell } from "#shared/matrix-cells.js";
import { roleLabel } from "#shared/roles.js";
import { type SignoffCounts, signoffCountsText } from "#shared/signoff-standing.js";
import { TRAINING_STATUS_LABELS } from "#shared/training-statuses.js";
import { matrixSignoffCounts, ResignMarker, SignoffColumnNote } from "./matrix-signoffs.js";
import type { Matrix } from "./queries.js";
import { ScrollTable, tableStyles } from "./report-layout.js";

/** Spelled out on hover and for screen readers; the cell itself shows an icon and the percent. */
function cellDescription(cell: MatrixCell, signoffs: SignoffCounts | undefined): string {
  const parts = [TRAINING_STATUS_LABELS[cell.status], `${cell.percent}%`];
  if (cell.completedAt) parts.push(`completed ${formatDate(cell.completedAt)}`);
  else if (cell.dueAt) parts.push(`due ${formatDueDay(cell.dueAt)}`);
  if (signoffs) parts.push(`sign-off: ${signoffCountsText(signoffs)}`);
  return parts.join(", ");
}

function totalText(completed: number, assigned: number): string {
  return `${completed} of ${assigned}`;
}

const stickyColumn =
  "sticky left-0 z-10 w-36 max-w-36 min-w-36 border-r border-slate-200 sm:w-52 sm:max-w-52 sm:min-w-52";

/**
 * Members × courses (decision 0045): each cell is that person's status and percent in that course; a dash
 * where the course is not theirs. Totals of completions per row (member) and column (course). The
 * names stay in view while the courses scroll sideways.
 */
export function MatrixTable({ matrix, orgSlug }: { matrix: Matrix; orgSlug: string }) {
  const cells = matrixCellsByKey(matrix.cells);
  const signoffsOf = matrixSignoffCounts(matrix);
  const assigned = matrix.courses.reduce((sum, course) => sum + course.assignedCount, 0);
  const completed = matrix.courses.reduce((sum, course) => sum + course.completedCount, 0);
  const { th, td } = tableStyles;

  return (
    <ScrollTable label="Training matrix">
      <table className="w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">
          Training status of each member (rows) in each course (columns), with completions per member and per course
        </caption>
        <thead>
          <tr>
            <th scope="col" className={cn(th, stickyColumn, "z-20")}>
              Member
            </th>
            {matrix.courses.map((course) => (
              <th key={course.courseId} scope="col" className={cn(th, "min-w-28 max-w-44 align-bottom")}>
                <Link
                  to="/$orgSlug/reports/courses/$courseId"
                  params={{ orgSlug, courseId: String(course.courseId) }}
                  className="line-clamp-3 break-words text-slate-800 underline decoration-slate-300 underline-offset-2 hover:text-brand-700 hover:decoration-brand-700"
                >
                  {course.title}
                </Link>
                <span className="mt-0.5 block font-normal text-slate-500">
                  {course.required ? "Required" : "Optional"}
                </span>
                <SignoffColumnNote count={matrix.signoffLessons[course.courseId]} />
              </th>
            ))}
            <th scope="col" className={cn(th, "min-w-24 text-right")}>
              Completed
            </th>
          </tr>
        </thead>
        <tbody>
          {matrix.members.map((member) => (
            <tr key={member.userId} className="group">
              <th
                scope="row"
                className={cn(td, stickyColumn, "bg-white text-left font-normal group-hover:bg-slate-50")}
              >
                <Link
                  to="/$orgSlug/reports/members/$userId"
                  params={{ orgSlug, userId: String(member.userId) }}
                  className="block truncate font-medium text-slate-900 hover:text-brand-700 hover:underline"
                >
                  {member.name}
                </Link>
                <span className="block truncate text-xs text-slate-500">{roleLabel(member.role)}</span>
              </th>
              {matrix.courses.map((course) => {
                const tuple = cells.get(matrixCellKey(member.userId, course.courseId));
                const cell = tuple && readMatrixCell(tuple);
                const signoffs = signoffsOf(member.userId, course.courseId);
                return (
                  <td key={course.courseId} className={cn(td, "group-hover:bg-slate-50")}>
                    {cell ? (
                      <span className="flex items-center gap-1.5 tabular-nums" title={cellDescription(cell, signoffs)}>
                        <TrainingStatusIcon status={cell.status} />
                        <span className={cell.status === "overdue" ? "text-red-700" : "text-slate-700"}>
                          {cell.percent}%
                        </span>
                        {signoffs && <ResignMarker counts={signoffs} />}
                      </span>
                    ) : (
                      <span className="text-slate-300" title="Not assigned">
                        <span aria-hidden="true">—</span>
                        <span className="sr-only">Not assigned</span>
                      </span>
                    )}
                  </td>
                );
              })}
              <td className={cn(td, "text-right tabular-nums text-slate-700 group-hover:bg-slate-50")}>
                {totalText(member.completedCount, member.assignedCount)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className={cn(th, stickyColumn, "border-t border-b-0")}>
              Completed
            </th>
            {matrix.courses.map((course) => (
              <td key={course.courseId} className={cn(th, "border-t border-b-0 font-medium tabular-nums")}>
                {totalText(course.completedCount, course.assignedCount)}
              </td>
            ))}
            <td className={cn(th, "border-t border-b-0 text-right font-medium tabular-nums")}>
              {totalText(completed, assigned)}
            </td>
          </tr>
        </tfoot>
      </table>
    </ScrollTable>
  );
}
