import { createRequire } from "node:module";
import { type ResourceLimits, Worker } from "node:worker_threads";

/**
 * Work that may take super-linear time on hostile input runs in worker threads, never on the request
 * thread, and each task gets a time budget: a worker that overruns it is terminated (the only way to stop
 * synchronous code) and replaced. See docs/decisions/0010-content-conversion-off-thread.md.
 */

/** What a worker posts back: once `ready` after loading, then one reply per task. */
export type WorkerReply<Output> =
  | { type: "ready" }
  | { type: "done"; value: Output }
  | { type: "failed"; errorName: string };

/** The task ran longer than its budget and its worker was terminated. */
export class WorkerTimeoutError extends Error {}
/** The task threw inside the worker (a stack overflow is a RangeError), or its worker died on it. */
export class WorkerTaskError extends Error {}
/** More tasks are waiting than the pool accepts. */
export class WorkerPoolBusyError extends Error {}

export interface WorkerPoolOptions {
  size: number;
  timeLimitMs: number;
  maxQueued: number;
  resourceLimits?: ResourceLimits;
}

interface Task<Input, Output> {
  input: Input;
  resolve: (value: Output) => void;
  reject: (error: Error) => void;
}

interface Slot<Input, Output> {
  worker: Worker;
  ready: boolean;
  task?: Task<Input, Output>;
  timer?: NodeJS.Timeout;
  startFailure?: Error;
}

/**
 * The worker file beside `moduleUrl` with that module's own extension: `.ts` when run from source (tsx,
 * vitest), `.js` in a compiled build, where every `server/**\/*-worker.ts` is bundled as its own entry.
 */
export function siblingWorkerUrl(moduleUrl: string, baseName: string): URL {
  const extension = new URL(moduleUrl).pathname.endsWith(".ts") ? ".ts" : ".js";
  return new URL(`./${baseName}${extension}`, moduleUrl);
}

/**
 * How to start the worker: a compiled `.js` file directly; a `.ts` one through tsx, which must be
 * registered inside the worker itself (on Node 20 neither the parent's loader nor an `--import` in the
 * worker's execArgv applies to a worker's entry file).
 */
function workerEntry(workerUrl: URL): { source: URL | string; eval: boolean } {
  if (!workerUrl.pathname.endsWith(".ts")) return { source: workerUrl, eval: false };
  const tsxApi = createRequire(import.meta.url).resolve("tsx/esm/api");
  const source = `require(${JSON.stringify(tsxApi)}).register(); import(${JSON.stringify(workerUrl.href)});`;
  return { source, eval: true };
}

export class WorkerPool<Input, Output> {
  readonly #workerUrl: URL;
  readonly #options: WorkerPoolOptions;
  readonly #slots = new Set<Slot<Input, Output>>();
  #queue: Task<Input, Output>[] = [];
  #closed = false;

  constructor(workerUrl: URL, options: WorkerPoolOptions) {
    this.#workerUrl = workerUrl;
    this.#options = options;
  }

  run(input: Input): Promise<Output> {
    if (this.#closed) return Promise.reject(new Error("The worker pool is closed."));
    if (this.#queue.length >= this.#options.maxQueued) return Promise.reject(new WorkerPoolBusyError());
    return new Promise<Output>((resolve, reject) => {
      this.#queue.push({ input, resolve, reject });
      this.#dispatch();
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const waiting = this.#queue;
    this.#queue = [];
    for (const task of waiting) task.reject(new Error("The worker pool is closed."));
    await Promise.all([...this.#slots].map((slot) => slot.worker.terminate()));
  }

  #dispatch(): void {
    if (this.#closed) return;
    for (const slot of this.#slots) {
      const task = slot.ready && slot.task === undefined ? this.#queue.shift() : undefined;
      if (task) this.#start(slot, task);
    }
    // Workers start lazily, at most one per waiting task: an idle server holds no threads.
    let starting = [...this.#slots].filter((slot) => !slot.ready).length;
    while (this.#queue.length > starting && this.#slots.size < this.#options.size) {
      this.#spawn();
      starting += 1;
    }
  }

  #start(slot: Slot<Input, Output>, task: Task<Input, Output>): void {
    slot.task = task;
    slot.timer = setTimeout(() => {
      slot.task = undefined;
      // Terminating is the only way to stop synchronous work. The worker leaves the pool at once (it must
      // not be handed the next task while it stops); a fresh one starts when there is work for it.
      this.#slots.delete(slot);
      void slot.worker.terminate();
      task.reject(new WorkerTimeoutError(`The task ran longer than ${this.#options.timeLimitMs} ms.`));
      this.#dispatch();
    }, this.#options.timeLimitMs);
    slot.worker.postMessage(task.input);
  }

  #spawn(): void {
    const entry = workerEntry(this.#workerUrl);
    const worker = new Worker(entry.source, { eval: entry.eval, resourceLimits: this.#options.resourceLimits });
    // A worker never keeps the process alive on its own; the requests waiting on it do.
    worker.unref();
    const slot: Slot<Input, Output> = { worker, ready: false };
    this.#slots.add(slot);
    worker.on("message", (reply: WorkerReply<Output>) => {
      if (reply.type === "ready") {
        slot.ready = true;
        this.#dispatch();
        return;
      }
      const task = slot.task;
      if (task === undefined) return;
      clearTimeout(slot.timer);
      slot.task = undefined;
      if (reply.type === "done") task.resolve(reply.value);
      else task.reject(new WorkerTaskError(`The task failed in the worker: ${reply.errorName}.`));
      this.#dispatch();
    });
    worker.on("error", (error) => {
      slot.startFailure = error;
    });
    worker.on("exit", () => {
      // A worker terminated for overrunning its budget has left the pool already.
      if (!this.#slots.delete(slot)) return;
      clearTimeout(slot.timer);
      const task = slot.task;
      slot.task = undefined;
      // Out of memory, for one: the task that was running is what made it die.
      task?.reject(new WorkerTaskError("The worker stopped while running the task."));
      if (!slot.ready) {
        // It never loaded: a fault of the server, not of the input. The next waiting task reports it
        // (rather than every task retrying a worker that cannot start).
        this.#queue.shift()?.reject(slot.startFailure ?? new Error("The worker stopped before it was ready."));
      }
      this.#dispatch();
    });
  }
}
