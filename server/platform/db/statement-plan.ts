import type { EntityManager } from "@mikro-orm/core";
import type { SyncStatements } from "#server/platform/fast/sqlite-group-commit.js";
import { readRows, writeRows, writeRowsReturning } from "./rows.js";

/**
 * A write's statements and the decisions between them, written once as a generator of steps
 * (docs/DESIGN.md §4): each step is a scoped statement (rows.ts, `inScope`) handed to a runner, which sends
 * back its rows or its count of changed rows. The same plan then runs awaited, one statement at a time on
 * the request's entity manager, or at once, inside a write that commits together on SQLite
 * (platform/fast/sqlite-group-commit.ts). A statement's error is thrown into the plan at its step, where
 * the plan may answer it.
 */
type PlanStep =
  | { kind: "read"; sql: string; params: readonly unknown[] }
  | { kind: "write"; sql: string; params: readonly unknown[] }
  | { kind: "writeReturning"; sql: string; params: readonly unknown[] };

type StepResult = unknown[] | number;

export type Plan<Result> = Generator<PlanStep, Result, StepResult>;

/** Rows of a read in the request's organization: `const rows = yield* readStep<Row>(sql, params)`. */
export function* readStep<Row>(sql: string, params: readonly unknown[]): Plan<Row[]> {
  return rowsOf<Row>(yield { kind: "read", sql, params });
}

/** A write's count of changed rows. */
export function* writeStep(sql: string, params: readonly unknown[]): Plan<number> {
  const changed = yield { kind: "write", sql, params };
  if (typeof changed !== "number") throw new Error(`A write answered rows: ${sql}`);
  return changed;
}

/** The rows a write with RETURNING returned. */
export function* writeReturningStep<Row>(sql: string, params: readonly unknown[]): Plan<Row[]> {
  return rowsOf<Row>(yield { kind: "writeReturning", sql, params });
}

function rowsOf<Row>(result: StepResult): Row[] {
  if (typeof result === "number") throw new Error("A read answered a count");
  // The runner hands back the rows the statement produced, typed by the statement's author as with readRows.
  return result as Row[];
}

/** Runs the plan statement by statement on `em`, in the organization it is scoped to. */
export async function runPlan<Result>(em: EntityManager, plan: Plan<Result>): Promise<Result> {
  let next = plan.next();
  while (!next.done) {
    const step = next.value;
    let result: StepResult;
    try {
      if (step.kind === "read") result = await readRows(em, step.sql, step.params);
      else if (step.kind === "write") result = await writeRows(em, step.sql, step.params);
      else result = await writeRowsReturning(em, step.sql, step.params);
    } catch (error) {
      next = plan.throw(error);
      continue;
    }
    next = plan.next(result);
  }
  return next.value;
}

/** Runs the plan at once on a write's synchronous statements (already in the request's scope). */
export function runPlanNow<Result>(statements: SyncStatements, plan: Plan<Result>): Result {
  let next = plan.next();
  while (!next.done) {
    const step = next.value;
    let result: StepResult;
    try {
      // SQLite answers RETURNING's rows as a read does.
      result = step.kind === "write" ? statements.write(step.sql, step.params) : statements.read(step.sql, step.params);
    } catch (error) {
      next = plan.throw(error);
      continue;
    }
    next = plan.next(result);
  }
  return next.value;
}
