import { describe, expect, it } from "vitest";
import { SequencerWatermark } from "#server/modules/evidence/evidence-watermark.rules.js";

/**
 * Where the sequencer's rounds start (docs/decisions/0400-evidence-append-cost.md): from the log's start
 * until a round's result has settled, then from the highest id a settled round read, and from the start
 * again every full-scan period.
 */

const TIMES = { settleMs: 60_000, fullScanMs: 600_000 };

describe("the sequencer's watermark", () => {
  it("starts a new instance from the log's start, and keeps there until a round's result is settleMs old", () => {
    const watermark = new SequencerWatermark(TIMES);
    expect(watermark.startFor(0)).toBe(0);
    watermark.committed(0, 0, 40);
    expect(watermark.startFor(1_000)).toBe(0);
    watermark.committed(1_000, 0, 55);
    expect(watermark.startFor(59_999)).toBe(0);
    expect(watermark.startFor(60_000)).toBe(40);
    expect(watermark.startFor(61_000)).toBe(55);
  });

  it("starts from the latest settled round's result, never from one still settling", () => {
    const watermark = new SequencerWatermark(TIMES);
    watermark.committed(0, 0, 10);
    for (let second = 1; second <= 100; second++) {
      const at = second * 1_000;
      const start = watermark.startFor(at);
      // Rounds of the last minute read up to 10 + second each; the start is the one of a minute ago.
      expect(start).toBe(second < 60 ? 0 : 10 + second - 60);
      watermark.committed(at, start, 10 + second);
    }
  });

  it("never moves back when a round read nothing above its start", () => {
    const watermark = new SequencerWatermark(TIMES);
    watermark.committed(0, 0, 30);
    watermark.committed(1_000, 0, 0);
    expect(watermark.startFor(61_000)).toBe(30);
  });

  it("takes no step for a round that did not commit (skipped or failed)", () => {
    const watermark = new SequencerWatermark(TIMES);
    watermark.committed(0, 0, 30);
    // Rounds at 10 s … 90 s took no lock: nothing recorded for them.
    expect(watermark.startFor(90_000)).toBe(30);
  });

  it("reads the whole log again once every full-scan period", () => {
    const watermark = new SequencerWatermark(TIMES);
    watermark.committed(0, 0, 30);
    for (let at = 60_000; at < 600_000; at += 60_000) {
      const start = watermark.startFor(at);
      expect(start).toBeGreaterThan(0);
      watermark.committed(at, start, 30 + at / 1_000);
    }
    expect(watermark.startFor(600_000)).toBe(0);
    watermark.committed(600_000, 0, 700);
    expect(watermark.startFor(660_000)).toBe(700);
  });
});
