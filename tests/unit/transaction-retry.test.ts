import { DeadlockException, UniqueConstraintViolationException } from "@mikro-orm/core";
import { describe, expect, it } from "vitest";
// The app's router first: loaded from the platform side (trpc.ts → identity's routers → trpc.ts), the
// module graph meets trpc.ts before it has run.
import "#server/router.js";
import { type Context, publicProcedure, router } from "#server/platform/api/trpc.js";

/**
 * docs/DESIGN.md §4: a write transaction that PostgreSQL aborts as a deadlock (40P01) or serialization
 * failure (40001) runs again, whole, on a fresh fork, a bounded number of times; nothing else does.
 */

function driverError(code: string): Error {
  const error = Object.assign(new Error(`driver error ${code}`), { code });
  return code.startsWith("40") ? new DeadlockException(error) : new UniqueConstraintViolationException(error);
}

/** A context whose entity manager records each transaction it opens, with the options it was given. */
function fakeContext(options: { sent?: boolean; commitFails?: string[] } = {}) {
  const transactions: unknown[] = [];
  const commitFailures = [...(options.commitFails ?? [])];
  const em = {
    async transactional(callback: (em: unknown) => Promise<unknown>, transactionOptions: unknown) {
      transactions.push(transactionOptions);
      const result = await callback(em);
      const failure = commitFailures.shift();
      if (failure) throw driverError(failure);
      return result;
    },
  };
  const ctx = {
    em,
    reply: { sent: options.sent ?? false },
    req: { log: { warn: () => {} } },
  } as unknown as Context;
  return { ctx, transactions };
}

/** Procedures that fail with these driver codes, one per call, then answer how many calls it took. */
function flaky(codes: string[]) {
  const failures = [...codes];
  let calls = 0;
  const run = () => {
    calls += 1;
    const code = failures.shift();
    if (code) throw driverError(code);
    return calls;
  };
  return router({
    write: publicProcedure.mutation(run),
    read: publicProcedure.query(run),
  });
}

async function codeOf(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
    return "answered";
  } catch (error) {
    return (error as { cause?: { code?: unknown } }).cause?.code;
  }
}

describe("write transactions aborted by the database", () => {
  it("run again after a deadlock or serialization failure, each attempt on an empty fork", async () => {
    const { ctx, transactions } = fakeContext();
    expect(await flaky(["40P01", "40001"]).createCaller(ctx).write()).toBe(3);
    expect(transactions).toEqual([{ clear: true }, { clear: true }, { clear: true }]);
  });

  it("run again when the commit itself is aborted", async () => {
    const { ctx, transactions } = fakeContext({ commitFails: ["40P01"] });
    expect(await flaky([]).createCaller(ctx).write()).toBe(2);
    expect(transactions).toHaveLength(2);
  });

  it("give up after three attempts, with the database's error", async () => {
    const { ctx, transactions } = fakeContext();
    expect(await codeOf(flaky(["40P01", "40P01", "40P01", "40P01"]).createCaller(ctx).write())).toBe("40P01");
    expect(transactions).toHaveLength(3);
  });

  it("never run again for another error, a read, or an answer already sent", async () => {
    const other = fakeContext();
    expect(await codeOf(flaky(["23505"]).createCaller(other.ctx).write())).toBe("23505");
    expect(other.transactions).toHaveLength(1);

    const read = fakeContext();
    expect(await codeOf(flaky(["40P01"]).createCaller(read.ctx).read())).toBe("40P01");
    expect(read.transactions).toHaveLength(0);

    const sent = fakeContext({ sent: true });
    expect(await codeOf(flaky(["40P01"]).createCaller(sent.ctx).write())).toBe("40P01");
    expect(sent.transactions).toHaveLength(1);
  });
});
