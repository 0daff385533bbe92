import { FileSignature, RotateCcw } from "lucide-react";
import { matrixCellKey } from "#shared/matrix-cells.js";
import { type SignoffCounts, signoffCountsText } from "#shared/signoff-standing.js";
import type { Matrix } from "./queries.js";

/**
 * Sign-off in the matrix (decision 0103): a course with procedures says so in its header, and a
 * cell whose member must sign a procedure again carries a small amber marker with how many. The full
 * counts are in the cell's description (hover, screen readers) and in the CSV.
 */

/** The counts of a member's cell in a course with procedures; undefined for any other course. */
export function matrixSignoffCounts(matrix: Matrix): (userId: number, courseId: number) => SignoffCounts | undefined {
  const byCell = new Map(
    matrix.signoffs.map(([userId, courseId, signed, outdated]) => [
      matrixCellKey(userId, courseId),
      { signed, outdated },
    ]),
  );
  return (userId, courseId) => {
    const total = matrix.signoffLessons[courseId];
    if (total === undefined) return undefined;
    return { signed: 0, outdated: 0, ...byCell.get(matrixCellKey(userId, courseId)), total };
  };
}

/** Under a course's title: it has procedures to sign. */
export function SignoffColumnNote({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <span className="mt-0.5 flex items-center gap-1 font-normal text-slate-500">
      <FileSignature className="size-3.5 shrink-0" aria-hidden="true" />
      {count === 1 ? "1 sign-off" : `${count} sign-offs`}
    </span>
  );
}

/** In a cell: how many procedures the member has to sign again, when any. */
export function ResignMarker({ counts }: { counts: SignoffCounts }) {
  return (
    <>
      {counts.outdated > 0 && (
        <span
          className="inline-flex items-center gap-0.5 rounded bg-amber-50 px-1 text-xs font-medium text-amber-800 ring-1 ring-amber-300 ring-inset"
          aria-hidden="true"
        >
          <RotateCcw className="size-3" />
          {counts.outdated}
        </span>
      )}
      <span className="sr-only">Sign-off: {signoffCountsText(counts)}</span>
    </>
  );
}
