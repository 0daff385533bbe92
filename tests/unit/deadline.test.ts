import { describe, expect, it } from "vitest";
import { deadlineInput, deadlineValuesOf, dueText, formatDueDay } from "#client/features/training/deadline.js";
import { endOfDayUtc } from "#server/modules/training/training.rules.js";
import { COURSE_MESSAGES } from "#shared/schemas/courses.js";

/** The course form's training fields (decision 0045): what it sends for each choice, and how a deadline reads. */

const blank = { required: true, kind: "none", dueDate: "", dueDays: "" } as const;

describe("deadlineInput", () => {
  it("sends only the chosen kind of deadline, the other as null", () => {
    expect(deadlineInput({ ...blank, kind: "date", dueDate: "2026-12-31", dueDays: "7" })).toEqual({
      ok: true,
      input: { required: true, dueDate: "2026-12-31", dueDays: null },
    });
    expect(deadlineInput({ ...blank, kind: "days", dueDate: "2026-12-31", dueDays: "7" })).toEqual({
      ok: true,
      input: { required: true, dueDate: null, dueDays: 7 },
    });
  });

  it("clears both for an optional course and for a required one without a deadline", () => {
    const none = { dueDate: null, dueDays: null };
    expect(deadlineInput({ ...blank, required: false, kind: "days", dueDays: "7" })).toEqual({
      ok: true,
      input: { required: false, ...none },
    });
    expect(deadlineInput({ ...blank, kind: "none", dueDate: "2026-12-31" })).toEqual({
      ok: true,
      input: { required: true, ...none },
    });
  });

  it("refuses an empty date and days outside 1..3650 or not whole", () => {
    expect(deadlineInput({ ...blank, kind: "date" })).toMatchObject({
      ok: false,
      errors: { dueDate: expect.any(String) },
    });
    for (const dueDays of ["", "0", "3651", "2.5", "x"]) {
      expect(deadlineInput({ ...blank, kind: "days", dueDays }), dueDays).toEqual({
        ok: false,
        errors: { dueDays: COURSE_MESSAGES.dueDaysInvalid },
      });
    }
    expect(deadlineInput({ ...blank, kind: "days", dueDays: "3650" })).toMatchObject({ ok: true });
  });

  it("reads a course's fields back into the form's choice", () => {
    expect(deadlineValuesOf({ required: true, dueDate: "2026-12-31", dueDays: null })).toEqual({
      required: true,
      kind: "date",
      dueDate: "2026-12-31",
      dueDays: "",
    });
    expect(deadlineValuesOf({ required: true, dueDate: null, dueDays: 14 })).toMatchObject({
      kind: "days",
      dueDays: "14",
    });
    expect(deadlineValuesOf({ required: false, dueDate: null, dueDays: null })).toMatchObject({ kind: "none" });
  });
});

describe("formatDueDay", () => {
  it("names the fixed date itself, whether the deadline is the day's last moment or the next day's start", () => {
    const lastMoment = formatDueDay(endOfDayUtc("2026-12-31"));
    expect(lastMoment).toMatch(/31/);
    expect(lastMoment).toMatch(/2026/);
    expect(formatDueDay(new Date(Date.UTC(2027, 0, 1)))).toBe(lastMoment);
    expect(formatDueDay(endOfDayUtc("2027-01-01"))).toMatch(/2027/);
  });

  it("says 'Was due' once the deadline has passed", () => {
    const dueAt = endOfDayUtc("2026-12-31");
    expect(dueText(dueAt, new Date(Date.UTC(2026, 11, 31, 23)))).toMatch(/^Due /);
    expect(dueText(dueAt, new Date(Date.UTC(2027, 0, 1)))).toMatch(/^Was due /);
  });
});
