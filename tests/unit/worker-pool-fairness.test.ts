import { afterEach, describe, expect, it } from "vitest";
import { contentWorkerCount } from "#server/modules/courses/lesson-content.js";
import {
  type PoolOwner,
  WorkerPool,
  WorkerPoolBusyError,
  WorkerTimeoutError,
} from "#server/platform/workers/worker-pool.js";
import type { GatedTask } from "./support/gated-worker.js";

/**
 * The content workers are shared fairly between organizations (decision 0275): one holds at most half of
 * them, waiting tasks are served round-robin across organizations, and each may have only so many
 * waiting. Fake tasks (support/gated-worker.ts) record the order they got a worker and finish when the
 * test says so: every assertion is about who got a worker, never about time.
 */

const WORKER_URL = new URL("./support/gated-worker.ts", import.meta.url);
const MAX_TASKS = 32;

class Gates {
  readonly started = new Int32Array(new SharedArrayBuffer(4 * MAX_TASKS));
  readonly release = new Int32Array(new SharedArrayBuffer(4 * MAX_TASKS));

  task(id: number): GatedTask {
    return { id, started: this.started, release: this.release };
  }

  /** The ids of the tasks that got a worker, in the order they got it. */
  order(): number[] {
    const ids = Array.from({ length: MAX_TASKS - 1 }, (_, index) => index + 1);
    return ids.filter((id) => Atomics.load(this.started, id) > 0).sort((a, b) => this.placeOf(a) - this.placeOf(b));
  }

  placeOf(id: number): number {
    return Atomics.load(this.started, id);
  }

  open(id: number): void {
    Atomics.store(this.release, id, 1);
    Atomics.notify(this.release, id);
  }

  openAll(): void {
    for (let id = 1; id < MAX_TASKS; id += 1) this.open(id);
  }

  /** Waits (bounded) until `count` tasks have started; answers their order. */
  async startedCount(count: number): Promise<number[]> {
    for (let tries = 0; tries < 3000 && Atomics.load(this.started, 0) < count; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(Atomics.load(this.started, 0)).toBe(count);
    return this.order();
  }
}

let pool: WorkerPool<GatedTask, number> | undefined;
let gates: Gates;
afterEach(async () => {
  gates.openAll();
  await pool?.close();
  pool = undefined;
});

function gatedPool(size: number, options: { maxQueuedPerOwner?: number; timeLimitMs?: number } = {}) {
  gates = new Gates();
  pool = new WorkerPool<GatedTask, number>(WORKER_URL, {
    size,
    timeLimitMs: options.timeLimitMs ?? 60_000,
    maxQueued: 64,
    maxQueuedPerOwner: options.maxQueuedPerOwner,
  });
  const run = (id: number, owner: PoolOwner) => (pool as WorkerPool<GatedTask, number>).run(gates.task(id), owner);
  return { pool, run };
}

// Each worker loads a TypeScript loader first: seconds on a busy machine.
describe("the worker pool shared between organizations", { timeout: 60_000 }, () => {
  it("lets one organization hold at most half the workers, so another's task starts at once", async () => {
    const { pool, run } = gatedPool(2);
    const a = [1, 2, 3].map((id) => run(id, "a"));
    const b = run(4, "b");
    expect(new Set(await gates.startedCount(2))).toEqual(new Set([1, 4]));
    gates.open(4);
    expect(await b).toBe(4);
    // A worker is idle now, and "a" still may not take it: its second task waits for its first.
    expect(pool.activity()).toEqual({ running: new Map([["a", 1]]), waiting: new Map([["a", 2]]), workers: 2 });
    gates.open(1);
    expect(await gates.startedCount(3)).toEqual([...gates.order().slice(0, 2), 2]);
    gates.open(2);
    gates.open(3);
    expect(await Promise.all(a)).toEqual([1, 2, 3]);
  });

  it("serves the waiting tasks round-robin across organizations, not first come first served", async () => {
    const { run } = gatedPool(1);
    const tasks = [run(1, "a"), run(2, "a"), run(3, "a"), run(4, "b"), run(5, "c"), run(6, "b")];
    for (let count = 1; count <= 6; count += 1) {
      const order = await gates.startedCount(count);
      gates.open(order[count - 1] as number);
    }
    expect(gates.order()).toEqual([1, 4, 5, 2, 6, 3]);
    expect(await Promise.all(tasks)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("refuses an organization's task beyond its own queue, and still takes another organization's", async () => {
    const { run } = gatedPool(1, { maxQueuedPerOwner: 2 });
    const first = run(1, "a");
    await gates.startedCount(1);
    const waiting = [run(2, "a"), run(3, "a")];
    await expect(run(4, "a")).rejects.toBeInstanceOf(WorkerPoolBusyError);
    const other = run(5, "b");
    gates.open(1);
    expect(await first).toBe(1);
    // The other organization's task, though it came last, is next.
    const order = await gates.startedCount(2);
    expect(order[1]).toBe(5);
    gates.openAll();
    expect(await Promise.all([...waiting, other])).toEqual([2, 3, 5]);
    expect(gates.placeOf(4)).toBe(0);
  });

  it("frees an organization's share when its task overruns its budget", async () => {
    const { pool, run } = gatedPool(2, { timeLimitMs: 1000 });
    const stuck = run(1, "a");
    const next = run(2, "a");
    await gates.startedCount(1);
    await expect(stuck).rejects.toBeInstanceOf(WorkerTimeoutError);
    expect(await gates.startedCount(2)).toEqual([1, 2]);
    expect(pool.activity().running).toEqual(new Map([["a", 1]]));
    gates.open(2);
    expect(await next).toBe(2);
  });

  it("has at least two content workers, so an organization's half leaves one for the others", () => {
    expect(contentWorkerCount(1)).toBe(2);
    expect(contentWorkerCount(2)).toBe(2);
    expect(contentWorkerCount(4)).toBe(3);
    expect(contentWorkerCount(16)).toBe(4);
  });
});
