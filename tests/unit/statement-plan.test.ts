import { describe, expect, it } from "vitest";
import { type Plan, readStep, runPlanNow, writeReturningStep, writeStep } from "#server/platform/db/statement-plan.js";
import type { SyncStatements } from "#server/platform/fast/sqlite-group-commit.js";

/** server/platform/db/statement-plan.ts: a plan's steps reach the statements in order, with their answers back. */

function recordingStatements(failOn?: string): SyncStatements & { ran: string[] } {
  const ran: string[] = [];
  return {
    ran,
    read: <Row>(sql: string, params: readonly unknown[]) => {
      ran.push(`read ${sql} ${params.join(",")}`);
      if (sql === failOn) throw new Error(`refused ${sql}`);
      return [{ value: params[0] }] as Row[];
    },
    write: (sql: string, params: readonly unknown[]) => {
      ran.push(`write ${sql} ${params.join(",")}`);
      if (sql === failOn) throw new Error(`refused ${sql}`);
      return params.length;
    },
  };
}

function* plan(): Plan<string> {
  const [row] = yield* readStep<{ value: number }>("select", [7]);
  const changed = yield* writeStep("insert", [row?.value, 8]);
  try {
    yield* writeStep("count", []);
  } catch (error) {
    return `caught ${(error as Error).message} after ${changed}`;
  }
  const returned = yield* writeReturningStep<{ value: number }>("returning", [9]);
  return `done ${changed} ${returned[0]?.value}`;
}

describe("a plan of statements", () => {
  it("runs its steps in order and gets each one's rows or count back", () => {
    const statements = recordingStatements();
    expect(runPlanNow(statements, plan())).toBe("done 2 9");
    // RETURNING's rows come back as a read's do on SQLite.
    expect(statements.ran).toEqual(["read select 7", "write insert 7,8", "write count ", "read returning 9"]);
  });

  it("a statement's error is thrown into the plan at its step, where the plan may answer it", () => {
    const statements = recordingStatements("count");
    expect(runPlanNow(statements, plan())).toBe("caught refused count after 2");
    expect(statements.ran).toHaveLength(3);
  });

  it("an error the plan does not answer reaches the caller, and no later step runs", () => {
    const statements = recordingStatements("insert");
    expect(() => runPlanNow(statements, plan())).toThrow("refused insert");
    expect(statements.ran).toEqual(["read select 7", "write insert 7,8"]);
  });
});
