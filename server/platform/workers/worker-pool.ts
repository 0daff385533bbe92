import { createRequire } from "node:module";
import { type ResourceLimits, Worker } from "node:worker_threads";
import { FairQueue } from "./fair-queue.js";

/**
 * Work that may take super-linear time on hostile input runs in worker threads, never on the request
 * thread, and each task gets a time budget: a worker that overruns it is terminated (the only way to stop
 * synchronous code) and replaced. See docs/decisions/0010-content-conversion-off-thread.md.
 *
 * The workers are shared fairly between owners (organizations): one owner holds at most
 * `maxBusyPerOwner` of them at once, waiting tasks are served round-robin across owners, and an owner
 * may have at most `maxQueuedPerOwner` waiting (docs/decisions/0275-content-workers-shared-fairly.md).
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
/** More tasks are waiting than the pool accepts, in all or from this owner. */
export class WorkerPoolBusyError extends Error {}

/** Whose task it is: the pool shares its workers fairly between owners. */
export type PoolOwner = string | number;
/** The owner of tasks run without one. */
const NO_OWNER = "";

export interface WorkerPoolOptions {
  size: number;
  timeLimitMs: number;
  /** Waiting tasks of all owners together. */
  maxQueued: number;
  /** Waiting tasks of one owner (default: maxQueued). */
  maxQueuedPerOwner?: number;
  /** Workers one owner's tasks may hold at once (default: half the pool, rounded up). */
  maxBusyPerOwner?: number;
  resourceLimits?: ResourceLimits;
}

interface Task<Input, Output> {
  owner: PoolOwner;
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
  readonly #queue = new FairQueue<PoolOwner, Task<Input, Output>>();
  /** Workers each owner's tasks hold now; an owner holding none is not listed. */
  readonly #busy = new Map<PoolOwner, number>();
  readonly #maxBusyPerOwner: number;
  readonly #maxQueuedPerOwner: number;
  #closed = false;

  constructor(workerUrl: URL, options: WorkerPoolOptions) {
    this.#workerUrl = workerUrl;
    this.#options = options;
    this.#maxBusyPerOwner = Math.max(1, options.maxBusyPerOwner ?? Math.ceil(options.size / 2));
    this.#maxQueuedPerOwner = options.maxQueuedPerOwner ?? options.maxQueued;
  }

  /** Runs `input` on a worker; `owner` names whose task it is, for sharing the workers fairly. */
  run(input: Input, owner: PoolOwner = NO_OWNER): Promise<Output> {
    if (this.#closed) return Promise.reject(new Error("The worker pool is closed."));
    if (this.#queue.size >= this.#options.maxQueued || this.#queue.waitingOf(owner) >= this.#maxQueuedPerOwner) {
      return Promise.reject(new WorkerPoolBusyError());
    }
    return new Promise<Output>((resolve, reject) => {
      this.#queue.push(owner, { owner, input, resolve, reject });
      this.#dispatch();
    });
  }

  /** What the pool is doing now: the tasks running and waiting per owner, and its workers (started or starting). */
  activity(): { running: Map<PoolOwner, number>; waiting: Map<PoolOwner, number>; workers: number } {
    return { running: new Map(this.#busy), waiting: this.#queue.counts(), workers: this.#slots.size };
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const task of this.#queue.drain()) task.reject(new Error("The worker pool is closed."));
    await Promise.all([...this.#slots].map((slot) => slot.worker.terminate()));
  }

  /** How many more workers `owner` may take now. */
  #roomOf(owner: PoolOwner): number {
    return this.#maxBusyPerOwner - (this.#busy.get(owner) ?? 0);
  }

  #dispatch(): void {
    if (this.#closed) return;
    for (const slot of this.#slots) {
      if (!slot.ready || slot.task !== undefined) continue;
      const next = this.#queue.take((owner) => this.#roomOf(owner) > 0);
      if (!next) break;
      this.#start(slot, next.item);
    }
    // Workers start lazily, at most one per task that could start now: an idle server holds no threads.
    let starting = [...this.#slots].filter((slot) => !slot.ready).length;
    const startable = this.#queue.startable((owner) => this.#roomOf(owner));
    while (startable > starting && this.#slots.size < this.#options.size) {
      this.#spawn();
      starting += 1;
    }
  }

  #holds(owner: PoolOwner, change: 1 | -1): void {
    const busy = (this.#busy.get(owner) ?? 0) + change;
    if (busy > 0) this.#busy.set(owner, busy);
    else this.#busy.delete(owner);
  }

  /** The slot's task is over (answered, failed, timed out or its worker died): its owner's worker is free. */
  #finish(slot: Slot<Input, Output>): Task<Input, Output> | undefined {
    const task = slot.task;
    clearTimeout(slot.timer);
    slot.task = undefined;
    if (task) this.#holds(task.owner, -1);
    return task;
  }

  #start(slot: Slot<Input, Output>, task: Task<Input, Output>): void {
    slot.task = task;
    this.#holds(task.owner, 1);
    slot.timer = setTimeout(() => {
      this.#finish(slot);
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
      const task = this.#finish(slot);
      if (task === undefined) return;
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
      const task = this.#finish(slot);
      // Out of memory, for one: the task that was running is what made it die.
      task?.reject(new WorkerTaskError("The worker stopped while running the task."));
      if (!slot.ready) {
        // It never loaded: a fault of the server, not of the input. The next waiting task reports it
        // (rather than every task retrying a worker that cannot start).
        this.#queue.take()?.item.reject(slot.startFailure ?? new Error("The worker stopped before it was ready."));
      }
      this.#dispatch();
    });
  }
}
