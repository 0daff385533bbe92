import superjson from "superjson";
import type { TrainingStatus } from "./schemas/training.js";

/**
 * One cell of the report matrix as `GET /_api/reports/matrix` sends it (decision 0070): a tuple, with
 * the dates as epoch milliseconds. A matrix holds tens of thousands of cells; objects with Date fields
 * cost the transformer a path per cell and several times the bytes.
 */
export type MatrixCellTuple = [
  userId: number,
  courseId: number,
  /** In the course's audience (by tag, by name, or because the course is for everyone). */
  assigned: boolean,
  status: TrainingStatus,
  percent: number,
  /** When the last lesson was completed, once all are (epoch ms). */
  completedAt: number | null,
  /** The member's deadline (epoch ms). */
  dueAt: number | null,
];

/**
 * The matrix's cells as one value for superjson: registered below as a custom type, so that superjson
 * writes the tuples as they are instead of walking each of their fields (which cost seconds for a
 * large matrix). Every process that reads or writes the API's superjson imports this module.
 */
export class MatrixCells {
  constructor(readonly tuples: MatrixCellTuple[]) {}
}

superjson.registerCustom<MatrixCells, MatrixCellTuple[]>(
  {
    isApplicable: (value): value is MatrixCells => value instanceof MatrixCells,
    serialize: (cells) => cells.tuples,
    deserialize: (tuples) => new MatrixCells(tuples),
  },
  "MatrixCells",
);

/** A matrix cell read back into named fields. */
export interface MatrixCell {
  userId: number;
  courseId: number;
  assigned: boolean;
  status: TrainingStatus;
  percent: number;
  completedAt: Date | null;
  dueAt: Date | null;
}

const dateOf = (epochMs: number | null) => (epochMs === null ? null : new Date(epochMs));

export function readMatrixCell([
  userId,
  courseId,
  assigned,
  status,
  percent,
  completedAt,
  dueAt,
]: MatrixCellTuple): MatrixCell {
  return { userId, courseId, assigned, status, percent, completedAt: dateOf(completedAt), dueAt: dateOf(dueAt) };
}

/** The key of a member's cell in a course, for looking cells up by row and column. */
export const matrixCellKey = (userId: number, courseId: number) => `${userId}:${courseId}`;

/** The matrix's cells by `matrixCellKey`. */
export function matrixCellsByKey(cells: MatrixCells): Map<string, MatrixCellTuple> {
  return new Map(cells.tuples.map((cell) => [matrixCellKey(cell[0], cell[1]), cell]));
}
