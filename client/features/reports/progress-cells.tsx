import type { ReactNode } from "react";
import { ProgressBar } from "#client/components/ui/progress-bar.js";
import { formatDueDay } from "#client/features/training/deadline.js";
import { TrainingStatusBadge } from "#client/features/training/status.js";
import { formatDate } from "#client/lib/dates.js";
import type { ProgressFacts } from "#shared/training-statuses.js";
import { ScrollTable, tableStyles } from "./report-layout.js";

/** One row of a ProgressTable: who or what (its first cell) and where they stand. */
export interface ProgressRow {
  key: number;
  /** The row's first cell: a link and a second line. */
  heading: ReactNode;
  /** Names the row's progress bar, e.g. the member's name. */
  name: string;
  facts: ProgressFacts;
  /** One cell per `extraColumns` of the table, after the progress columns (the knowledge checks' scores). */
  extraCells?: ReactNode[];
}

/** The course report's members and the member report's courses: a first column, then the progress columns. */
export function ProgressTable({
  label,
  firstColumn,
  rows,
  extraColumns = [],
}: {
  label: string;
  firstColumn: string;
  rows: ProgressRow[];
  extraColumns?: string[];
}) {
  const { th, td } = tableStyles;
  return (
    <ScrollTable label={label}>
      <table className="w-full border-separate border-spacing-0 text-sm">
        <thead>
          <tr>
            <th scope="col" className={`${th} min-w-44`}>
              {firstColumn}
            </th>
            <ProgressHeaders />
            {extraColumns.map((column) => (
              <th key={column} scope="col" className={th}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className={`${td} text-left font-normal`}>
                {row.heading}
              </th>
              <ProgressCells facts={row.facts} label={row.name} />
              {row.extraCells?.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the cells are in the fixed order of extraColumns.
                <td key={index} className={td}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/** The headers of the columns ProgressCells fills, in its order. */
function ProgressHeaders() {
  const { th } = tableStyles;
  return (
    <>
      <th scope="col" className={th}>
        Status
      </th>
      <th scope="col" className={`${th} min-w-36`}>
        Progress
      </th>
      <th scope="col" className={th}>
        Completed
      </th>
      <th scope="col" className={th}>
        Due
      </th>
    </>
  );
}

/** One person's standing in one course, as the course and member reports show it. */
function ProgressCells({ facts, label }: { facts: ProgressFacts; label: string }) {
  const { td } = tableStyles;
  const lessons = `${facts.completedLessons} of ${facts.totalLessons} lessons`;
  return (
    <>
      <td className={td}>
        <TrainingStatusBadge status={facts.status} />
      </td>
      <td className={td}>
        <div className="flex items-center gap-2">
          <ProgressBar
            value={facts.percent}
            label={`${label} progress`}
            valueText={`${facts.percent}%, ${lessons}`}
            size="sm"
            className="w-20"
          />
          <span className="text-xs whitespace-nowrap text-slate-600 tabular-nums">
            {facts.percent}% · {facts.completedLessons}/{facts.totalLessons}
          </span>
        </div>
      </td>
      <td className={`${td} whitespace-nowrap text-slate-700`}>
        {facts.completedAt ? (
          <time dateTime={facts.completedAt.toISOString()}>{formatDate(facts.completedAt)}</time>
        ) : (
          <span className="text-slate-500">—</span>
        )}
      </td>
      <td
        className={`${td} whitespace-nowrap ${facts.status === "overdue" ? "font-medium text-red-700" : "text-slate-700"}`}
      >
        {facts.dueAt ? formatDueDay(facts.dueAt) : <span className="text-slate-500">—</span>}
      </td>
    </>
  );
}
