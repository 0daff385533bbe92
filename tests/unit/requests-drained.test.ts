import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { requestsDrained } from "../../scripts/lib/paired-load.js";

/** The paired bench's wait for the server's last requests (scripts/lib/paired-load.ts), on a fake clock. */
describe("requestsDrained", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("waits while requests keep finishing, and ends when the last one has", async () => {
    const counter = { started: 10, finished: 0 };
    let drained = false;
    void requestsDrained(counter, { limitMs: 60_000, stallMs: 250 }).then(() => {
      drained = true;
    });
    // One request finishes every 200 ms: never a 250 ms stall, so it waits for all ten.
    for (let finished = 1; finished <= 10; finished++) {
      await vi.advanceTimersByTimeAsync(200);
      expect(drained).toBe(false);
      counter.finished = finished;
    }
    await vi.advanceTimersByTimeAsync(10);
    expect(drained).toBe(true);
  });

  it("stops waiting for requests whose client went away once none has finished for the stall time", async () => {
    const counter = { started: 50, finished: 10 };
    let drained = false;
    void requestsDrained(counter, { limitMs: 60_000, stallMs: 250 }).then(() => {
      drained = true;
    });
    await vi.advanceTimersByTimeAsync(240);
    expect(drained).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(drained).toBe(true);
    expect(counter.finished).toBe(10);
  });

  it("never waits past its limit", async () => {
    const counter = { started: 5, finished: 0 };
    let drained = false;
    void requestsDrained(counter, { limitMs: 1_000, stallMs: 250 }).then(() => {
      drained = true;
    });
    // Progress every 100 ms, so only the limit ends the wait.
    for (let step = 0; step < 9; step++) {
      await vi.advanceTimersByTimeAsync(100);
      counter.finished = step % 2;
    }
    expect(drained).toBe(false);
    await vi.advanceTimersByTimeAsync(120);
    expect(drained).toBe(true);
  });

  it("returns at once when nothing is in flight", async () => {
    await expect(requestsDrained({ started: 3, finished: 3 })).resolves.toBeUndefined();
  });
});
