import { parentPort } from "node:worker_threads";
import type { WorkerReply } from "#server/platform/workers/worker-pool.js";

/**
 * A fake task for the worker pool's tests (tests/unit/worker-pool-fairness.test.ts): it records that it
 * started, in order, then blocks until the test opens its gate, and answers its own id. The counters live
 * in shared memory, so the test sees which tasks got a worker without timing anything.
 */
export interface GatedTask {
  id: number;
  /** [0]: tasks started so far; [id]: the task's place in the start order (1 = first), 0 before it starts. */
  started: Int32Array;
  /** [id] becomes non-zero when the task may finish. */
  release: Int32Array;
}

if (parentPort === null) throw new Error("gated-worker runs only as a worker thread.");
const port = parentPort;

port.on("message", ({ id, started, release }: GatedTask) => {
  Atomics.store(started, id, Atomics.add(started, 0, 1) + 1);
  Atomics.notify(started, id);
  Atomics.wait(release, id, 0);
  port.postMessage({ type: "done", value: id } satisfies WorkerReply<number>);
});
port.postMessage({ type: "ready" } satisfies WorkerReply<number>);
