import { createHash } from "node:crypto";
import type { SqlEntityManager } from "@mikro-orm/knex";
import type { FastifyInstance } from "fastify";
import { type AppServices, nowOf } from "#server/platform/api/trpc.js";
import { dialectOf } from "../../../mikro-orm.config.js";

/**
 * The one periodic runner of an instance (docs/decisions/0301-one-scheduler.md, 0401): jobs that run every
 * so often (the evidence log's sequencer and checkpoints, the mail worker, housekeeping), started when the
 * app listens and stopped, waiting for the run in progress, when it drains or closes. A job `once` across instances runs inside one transaction that first takes a lock named after
 * the job (on PostgreSQL a transaction-level advisory lock; SQLite has one writer anyway): an instance
 * that finds it taken skips that round, so two instances never run the job at the same time.
 */
export interface ScheduledJob {
  name: string;
  everyMs: number;
  /** "each": every instance runs it; "once": one instance at a time, in a transaction holding the job's lock. */
  across: "each" | "once";
  run(em: SqlEntityManager, now: Date): Promise<unknown>;
  /** Also run once as the timers start (housekeeping: an instance restarted often still sweeps). */
  atStart?: true;
  /** After the instance's last round, when the scheduler stops (the mail job closes its SMTP connections). */
  stopped?(): void;
}

/** The advisory lock's key: the first 8 bytes of the name's SHA-256, as PostgreSQL's bigint. */
function lockKeyOf(name: string): string {
  return createHash("sha256").update(name).digest().readBigInt64BE(0).toString();
}

/**
 * Runs `work` in a transaction holding the lock named `name`, across instances. `wait`: wait for another
 * holder to finish (an export that must see the chain complete) instead of skipping (a periodic round).
 * Answers undefined when it skipped.
 */
export async function exclusively<Result>(
  em: SqlEntityManager,
  services: Pick<AppServices, "config">,
  name: string,
  work: (em: SqlEntityManager) => Promise<Result>,
  options: { wait: boolean },
): Promise<Result | undefined> {
  return em.transactional(async (tx) => {
    if (dialectOf(services.config) === "postgresql") {
      const key = lockKeyOf(name);
      if (options.wait) await tx.execute("select pg_advisory_xact_lock(?)", [key]);
      else {
        const [row] = await tx.execute<{ locked: boolean }[]>("select pg_try_advisory_xact_lock(?) as locked", [key]);
        if (!row?.locked) return undefined;
      }
    }
    return work(tx);
  });
}

class Scheduler {
  readonly #jobs = new Map<string, ScheduledJob>();
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #running = new Map<string, Promise<void>>();
  #stopping: Promise<void> | undefined;

  constructor(
    private readonly services: AppServices,
    private readonly log: (error: unknown, job: string) => void,
  ) {}

  register(job: ScheduledJob): void {
    if (this.#jobs.has(job.name)) throw new Error(`Two scheduled jobs named ${job.name}`);
    this.#jobs.set(job.name, job);
  }

  start(): void {
    if (this.#timers.length > 0 || this.#stopping) return;
    for (const job of this.#jobs.values()) {
      const timer = setInterval(() => void this.run(job.name), job.everyMs);
      timer.unref();
      this.#timers.push(timer);
      if (job.atStart) void this.run(job.name);
    }
  }

  /** One round of the job now (tests, and callers that need it done); a round in progress is not overlapped. */
  run(name: string): Promise<void> {
    const job = this.#jobs.get(name);
    if (!job) throw new Error(`No scheduled job named ${name}`);
    const running = this.#running.get(name);
    if (running) return running;
    if (this.#stopping) return Promise.resolve();
    const round = this.#round(job)
      .catch((error: unknown) => this.log(error, name))
      .finally(() => this.#running.delete(name));
    this.#running.set(name, round);
    return round;
  }

  async #round(job: ScheduledJob): Promise<void> {
    const em = this.services.orm.em.fork() as SqlEntityManager;
    const now = nowOf(this.services);
    if (job.across === "each") await job.run(em, now);
    else await exclusively(em, this.services, job.name, (tx) => job.run(tx, now), { wait: false });
  }

  /** Stops the timers, waits for the rounds in progress, then tells the jobs; a second call waits for the first. */
  stop(): Promise<void> {
    this.#stopping ??= (async () => {
      for (const timer of this.#timers.splice(0)) clearInterval(timer);
      await Promise.all(this.#running.values());
      for (const job of this.#jobs.values()) job.stopped?.();
    })();
    return this.#stopping;
  }
}

declare module "fastify" {
  interface FastifyInstance {
    scheduler: Scheduler;
  }
}

/**
 * The instance's scheduler with these jobs, its timers started on listen (unless `timers` is false: then
 * they run only when asked), stopped before draining or on close.
 */
export function registerScheduler(
  app: FastifyInstance,
  services: AppServices,
  jobs: readonly ScheduledJob[],
  timers: boolean,
): void {
  const scheduler = new Scheduler(services, (error, job) => app.log.error({ err: error, job }, "scheduled job failed"));
  for (const job of jobs) scheduler.register(job);
  app.decorate("scheduler", scheduler);
  if (timers) app.addHook("onListen", async () => scheduler.start());
  app.addHook("onClose", async () => scheduler.stop());
  app.lifecycle.beforeDrain.push(() => scheduler.stop());
}
