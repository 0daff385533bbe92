import { describe, expect, it } from "vitest";
import { actionTime } from "#server/platform/api/action-time.js";
import { DAY_MS, MINUTE_MS, OFFLINE_ACTION_MAX_AGE_MS, OFFLINE_CLOCK_SKEW_MS } from "#shared/constants.js";

/** Decision 0142: the device's time of an action is believed within bounds, else the arrival counts. */
describe("actionTime", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

  it("is the arrival without a claim", () => {
    expect(actionTime(undefined, [], now)).toEqual(now);
  });

  it("believes a claim inside the bounds, up to the age limit itself", () => {
    expect(actionTime(at(-3 * DAY_MS), [at(-10 * DAY_MS)], now)).toEqual(at(-3 * DAY_MS));
    expect(actionTime(at(-OFFLINE_ACTION_MAX_AGE_MS), [], now)).toEqual(at(-OFFLINE_ACTION_MAX_AGE_MS));
  });

  it("takes a clock a little ahead as now, and one far ahead or too old as the arrival", () => {
    expect(actionTime(at(OFFLINE_CLOCK_SKEW_MS), [], now)).toEqual(now);
    expect(actionTime(at(OFFLINE_CLOCK_SKEW_MS + MINUTE_MS), [], now)).toEqual(now);
    expect(actionTime(at(-OFFLINE_ACTION_MAX_AGE_MS - 1), [], now)).toEqual(now);
  });

  it("takes the arrival for a claim before anything it needs existed, ignoring unknown times", () => {
    expect(actionTime(at(-2 * DAY_MS), [at(-5 * DAY_MS), at(-DAY_MS)], now)).toEqual(now);
    expect(actionTime(at(-2 * DAY_MS), [null, undefined, at(-2 * DAY_MS)], now)).toEqual(at(-2 * DAY_MS));
  });
});
