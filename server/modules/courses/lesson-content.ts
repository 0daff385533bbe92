import { availableParallelism } from "node:os";
import type { FastifyInstance } from "fastify";
import type { Config } from "#server/platform/http/config.js";
import { fail } from "#server/platform/http/errors.js";
import {
  siblingWorkerUrl,
  WorkerPool,
  WorkerPoolBusyError,
  WorkerTaskError,
  WorkerTimeoutError,
} from "#server/platform/workers/worker-pool.js";
import { COURSE_MESSAGES } from "#shared/schemas/courses.js";

/**
 * Lesson content is converted (Markdown rendered, everything sanitized) in a pool of worker threads with
 * a time budget, so that no lesson, however hostile, holds the request thread that every organization
 * shares (docs/decisions/0010-content-conversion-off-thread.md).
 */
export type LessonContentPool = WorkerPool<string, string | null>;

declare module "fastify" {
  interface FastifyInstance {
    /** Created with the app and closed with it; procedures reach it through `ctx.req.server`. */
    lessonContent: LessonContentPool;
  }
}

/** A worker's heap and stack are bounded too: running out of either fails the task, not the server. */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 256, stackSizeMb: 4 };
/** Beyond this many lessons waiting for a worker, a save is refused for now rather than queued for minutes. */
const MAX_WAITING = 64;
/** Beyond this many of one organization's lessons waiting, its next save is refused for now (decision 0275). */
export const MAX_WAITING_PER_ORGANIZATION = 8;

/**
 * One core stays with the request thread, but never fewer than two workers: an organization holds at
 * most half of them (rounded up), so with two another organization's save never waits behind a
 * pathological one (docs/decisions/0275-content-workers-shared-fairly.md).
 */
export function contentWorkerCount(cores: number = availableParallelism()): number {
  return Math.max(2, Math.min(4, cores - 1));
}

export function createLessonContentPool(config: Pick<Config, "contentTimeLimitMs">): LessonContentPool {
  const size = contentWorkerCount();
  return new WorkerPool(siblingWorkerUrl(import.meta.url, "lesson-content-worker"), {
    size,
    timeLimitMs: config.contentTimeLimitMs,
    maxQueued: MAX_WAITING,
    maxQueuedPerOwner: MAX_WAITING_PER_ORGANIZATION,
    maxBusyPerOwner: Math.ceil(size / 2),
    resourceLimits: WORKER_LIMITS,
  });
}

export function registerLessonContentPool(app: FastifyInstance, config: Pick<Config, "contentTimeLimitMs">): void {
  const pool = createLessonContentPool(config);
  app.decorate("lessonContent", pool);
  app.addHook("onClose", () => pool.close());
}

/**
 * What a lesson save stores as its content: undefined (left as it is), null (none) or sanitized HTML.
 * Called after the permission check and before the write's transaction begins
 * (permittedBeforeTransaction): on SQLite that transaction holds the only connection, and every other
 * request would wait for the conversion. The organization's saves share the workers fairly with every
 * other organization's.
 */
export async function convertLessonContent(
  pool: LessonContentPool,
  organizationId: number,
  content: string | null | undefined,
): Promise<string | null | undefined> {
  if (content === undefined || content === null) return content;
  try {
    return await pool.run(content, organizationId);
  } catch (error) {
    if (error instanceof WorkerTimeoutError || error instanceof WorkerTaskError) {
      throw fail.badRequest(COURSE_MESSAGES.contentTooComplex);
    }
    if (error instanceof WorkerPoolBusyError) throw fail.tooManyRequests(COURSE_MESSAGES.contentConversionBusy);
    throw error;
  }
}
