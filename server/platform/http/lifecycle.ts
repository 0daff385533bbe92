import { readFileSync } from "node:fs";
import { Server as NetServer } from "node:net";
import type { FastifyInstance } from "fastify";

/** starting → ready (listening) → draining (SIGTERM); /_api/ready answers 200 only when ready. */
type LifecycleState = "starting" | "ready" | "draining";

export interface Lifecycle {
  state: LifecycleState;
  /** Background work (the mail worker) to stop when draining starts; drain waits for it before returning. */
  beforeDrain: (() => Promise<void>)[];
}

declare module "fastify" {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/** How often idle keep-alive connections are closed while draining. */
const IDLE_SWEEP_MS = 100;

/** Longest wait for the kernel's queue of connections to empty (a load balancer may keep sending). */
const ACCEPT_QUEUE_LIMIT_MS = 2000;

/**
 * Connections the kernel has completed but the process has not accepted yet, on this port (Linux: the
 * receive-queue column of a listening socket in /proc/net/tcp*). Closing the port resets them, although their
 * clients have already sent their requests. Null where the figure cannot be read.
 */
function acceptQueueLength(port: number): number | null {
  let total: number | null = null;
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      const [, local, , state, queues] = fields;
      // State 0A is LISTEN; the local address ends in the port in hex; queues is tx:rx in hex.
      if (state !== "0A" || !local || !queues) continue;
      if (Number.parseInt(local.split(":").at(-1) ?? "", 16) !== port) continue;
      total = (total ?? 0) + Number.parseInt(queues.split(":")[1] ?? "0", 16);
    }
  }
  return total;
}

/** Lets the event loop run its I/O phase twice: connections the kernel already queued get accepted and read. */
async function letPendingIoRun(): Promise<void> {
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Tracks the app's state and, while draining, asks every client to close its connection after the
 * response (a keep-alive connection would otherwise be reused for a request this instance must not take).
 */
export function registerLifecycle(app: FastifyInstance): Lifecycle {
  const lifecycle: Lifecycle = { state: "starting", beforeDrain: [] };
  app.decorate("lifecycle", lifecycle);
  app.addHook("onListen", async () => {
    if (lifecycle.state === "starting") lifecycle.state = "ready";
  });
  // Synchronous: an async hook costs every response a promise and a trip through the microtask queue.
  app.addHook("onSend", (_req, reply, payload, done) => {
    if (lifecycle.state === "draining") reply.header("Connection", "close");
    done(null, payload);
  });
  return lifecycle;
}

/**
 * A deploy's stop (SIGTERM): readiness turns 503, the port stops accepting, and every request already
 * accepted completes before the app closes. Node's own `server.close()` is not used for the first step: it
 * also drops connections whose request has arrived but not yet been read, which the client sees as a reset.
 * Returns false when `timeoutMs` passed first and the remaining connections were cut.
 */
export async function drain(app: FastifyInstance, timeoutMs: number): Promise<boolean> {
  app.lifecycle.state = "draining";
  const backgroundStopped = Promise.allSettled(app.lifecycle.beforeDrain.map((stop) => stop()));
  const server = app.server;
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const queueDeadline = Date.now() + Math.min(ACCEPT_QUEUE_LIMIT_MS, timeoutMs);
  await letPendingIoRun();
  while ((acceptQueueLength(port) ?? 0) > 0 && Date.now() < queueDeadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    await letPendingIoRun();
  }
  // Stop listening only (net.Server's close), leaving open connections to finish.
  const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  await letPendingIoRun();
  let timer: NodeJS.Timeout | undefined;
  // Idle means no request read yet. Sweeping from the check phase (setImmediate) rather than the timer
  // itself lets the poll phase before it read whatever requests have already arrived: after a busy stretch
  // the timer fires before that I/O is handled, and would cut connections whose request is waiting.
  const sweeper = setInterval(() => setImmediate(() => server.closeIdleConnections()), IDLE_SWEEP_MS);
  try {
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const finished = await Promise.race([closed.then(() => true as const), timedOut]);
    if (!finished) server.closeAllConnections();
    return finished;
  } finally {
    clearInterval(sweeper);
    clearTimeout(timer);
    await backgroundStopped;
  }
}
