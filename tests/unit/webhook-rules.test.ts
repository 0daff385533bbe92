import { describe, expect, it } from "vitest";
import {
  destinationRefusal,
  eventsColumn,
  eventsOfColumn,
  isPrivateAddress,
  RETRY_DELAYS_MS,
  retryAfterMs,
  webhookEventOf,
} from "#server/modules/api-access/webhooks.rules.js";
import { DAY_MS, HOUR_MS } from "#shared/constants.js";
import { WEBHOOK_MESSAGES as M } from "#shared/schemas/webhooks.js";

/** docs/decisions/0341-webhooks-through-the-outbox.md */
describe("webhook rules", () => {
  it.each([
    ["127.0.0.1", true],
    ["10.20.30.40", true],
    ["172.16.5.4", true],
    ["192.168.1.1", true],
    ["169.254.169.254", true],
    ["100.64.0.1", true],
    ["0.0.0.0", true],
    ["::1", true],
    ["::", true],
    ["fd00::1", true],
    ["fe80::1", true],
    ["::ffff:10.0.0.1", true],
    ["::ffff:127.0.0.1", true],
    ["not an address", true],
    ["93.184.216.34", false],
    ["8.8.8.8", false],
    ["2606:4700:4700::1111", false],
    ["::ffff:8.8.8.8", false],
    ["::ffff:a00:1", true],
  ])("%s is private: %s", (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  it.each([
    ["http://example.com/x", M.httpsRequired],
    ["https://127.0.0.1/x", M.privateAddress],
    ["https://[::1]:8443/x", M.privateAddress],
    ["https://192.168.0.10/x", M.privateAddress],
    ["https://localhost/x", M.privateAddress],
    ["https://api.localhost./x", M.privateAddress],
    ["https://example.com/x", null],
    ["https://93.184.216.34/x", null],
  ])("refuses %s without the setting: %s", (url, refusal) => {
    expect(destinationRefusal(new URL(url), false)).toBe(refusal);
    expect(destinationRefusal(new URL(url), true)).toBeNull();
  });

  it("retries for about a day, then gives up", () => {
    const total = RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThan(DAY_MS - HOUR_MS);
    expect(total).toBeLessThanOrEqual(DAY_MS);
    expect(retryAfterMs(1)).toBe(RETRY_DELAYS_MS[0]);
    expect(retryAfterMs(RETRY_DELAYS_MS.length + 1)).toBeNull();
  });

  it("maps training events to webhook names and keeps chosen events findable", () => {
    expect(webhookEventOf("assignment.made")).toBe("assignment.created");
    expect(webhookEventOf("check.failed")).toBeNull();
    const column = eventsColumn(["lesson.completed", "course.completed", "lesson.completed"]);
    expect(column).toBe(",lesson.completed,course.completed,");
    expect(eventsOfColumn(column)).toEqual(["lesson.completed", "course.completed"]);
  });
});
