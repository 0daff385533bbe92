import { afterEach, describe, expect, it } from "vitest";
import { createLessonContentPool, type LessonContentPool } from "#server/modules/courses/lesson-content.js";
import {
  WorkerPool,
  WorkerPoolBusyError,
  WorkerTaskError,
  WorkerTimeoutError,
} from "#server/platform/workers/worker-pool.js";

/** Decision 0010: lesson content converts in worker threads with a time budget; hostile input fails only itself. */

let pool: LessonContentPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

const TIME_LIMIT_MS = 1000;

// Each test starts worker threads that load a TypeScript loader and the Markdown parser: seconds on a busy
// machine, which the default 5 s per test does not allow for.
describe("the lesson content pool", { timeout: 60_000 }, () => {
  it("renders Markdown and sanitizes HTML in a worker", async () => {
    pool = createLessonContentPool({ contentTimeLimitMs: 10_000 });
    expect(await pool.run("# Safety\n\nWear **gloves**.")).toBe(
      "<h1>Safety</h1>\n<p>Wear <strong>gloves</strong>.</p>",
    );
    expect(await pool.run('<p onclick="x()">Hi<script>alert(1)</script></p>')).toBe("<p>Hi</p>");
    expect(await pool.run("<script>alert(1)</script>")).toBeNull();
  });

  it("refuses input that overruns its budget, then converts the next one in a fresh worker", async () => {
    pool = createLessonContentPool({ contentTimeLimitMs: TIME_LIMIT_MS });
    // Warm a worker first, so that the budget below measures conversion, not start-up.
    expect(await pool.run("warm")).toBe("<p>warm</p>");
    const started = performance.now();
    await expect(pool.run("[a](".repeat(3000))).rejects.toBeInstanceOf(WorkerTimeoutError);
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(TIME_LIMIT_MS - 50);
    expect(took).toBeLessThan(TIME_LIMIT_MS + 5000);
    expect(await pool.run("after")).toBe("<p>after</p>");
  });

  it("turns a stack overflow inside the parser into a failed task", async () => {
    pool = createLessonContentPool({ contentTimeLimitMs: 10_000 });
    await expect(pool.run(">".repeat(15_000))).rejects.toBeInstanceOf(WorkerTaskError);
    expect(await pool.run("> quoted")).toBe("<blockquote>\n<p>quoted</p>\n</blockquote>");
  });

  it("refuses work beyond its queue instead of holding it for minutes", async () => {
    const workerUrl = new URL("../../server/modules/courses/lesson-content-worker.ts", import.meta.url);
    const small = new WorkerPool<string, string | null>(workerUrl, { size: 1, timeLimitMs: 10_000, maxQueued: 1 });
    try {
      const first = small.run("one");
      await expect(small.run("two")).rejects.toBeInstanceOf(WorkerPoolBusyError);
      expect(await first).toBe("<p>one</p>");
      await small.close();
      await expect(small.run("three")).rejects.toThrow("closed");
    } finally {
      await small.close();
    }
  });
});
