import { describe, expect, it } from "vitest";
import { isCourseComplete, progressPercent } from "#shared/progress.js";

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

/** Decision 0190: "complete" is every lesson done, so the course page, My training and the reports agree. */
describe("isCourseComplete", () => {
  it.each([
    [0, 0, true],
    [0, 5, false],
    [4, 5, false],
    [199, 200, false],
    [5, 5, true],
    [6, 5, true],
  ])("%i of %i → %s", (completed, total, complete) => {
    expect(isCourseComplete(completed, total)).toBe(complete);
  });

  it("an empty course is complete and shows 100 %, as docs/SPEC.md §9 says", () => {
    expect(isCourseComplete(0, 0)).toBe(true);
    expect(progressPercent(0, 0)).toBe(100);
  });

  it("a course shown below 100 % is never complete", () => {
    for (let total = 0; total <= 30; total++) {
      for (let completed = 0; completed <= total; completed++) {
        if (progressPercent(completed, total) < 100) expect(isCourseComplete(completed, total)).toBe(false);
      }
    }
  });
});
