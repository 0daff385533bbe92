import { describe, expect, it } from "vitest";
import { progressPercent } from "#shared/progress.js";

/** docs/SPEC.md §9: completed divided by total, rounded; 100 percent when there are no lessons. */
describe("progressPercent", () => {
  it.each([
    [0, 0, 100],
    [3, 0, 100],
    [0, 5, 0],
    [1, 2, 50],
    [1, 3, 33],
    [2, 3, 67],
    [1, 8, 13],
    [1, 200, 1],
    [1, 201, 0],
    [199, 200, 100],
    [5, 5, 100],
  ])("%i of %i → %i%%", (completed, total, percent) => {
    expect(progressPercent(completed, total)).toBe(percent);
  });

  it("stays between 0 and 100 when counts disagree", () => {
    expect(progressPercent(7, 5)).toBe(100);
    expect(progressPercent(-1, 5)).toBe(0);
  });

  it("answers whole numbers only", () => {
    for (let total = 1; total <= 30; total++) {
      for (let completed = 0; completed <= total; completed++) {
        expect(Number.isInteger(progressPercent(completed, total))).toBe(true);
      }
    }
  });
});
