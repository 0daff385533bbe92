import { describe, expect, it } from "vitest";
import type { Course } from "#server/modules/courses/course.entity.js";
import { applyDueFields, listedStatus, narrowedToTagged } from "#server/modules/courses/courses.rules.js";

/** server/modules/courses/courses.rules.ts: the course list's filters and a course's deadline fields. */

type DueFields = Pick<Course, "required" | "dueDate" | "dueDays">;

function dueFields(fields: Partial<DueFields> = {}): DueFields {
  return { required: false, dueDate: null, dueDays: null, ...fields };
}

describe("the statuses a course list may show", () => {
  it("those who see drafts get what they ask for, or every status", () => {
    expect(listedStatus(true, "draft")).toBe("draft");
    expect(listedStatus(true, undefined)).toBeUndefined();
  });

  it("learners see published courses only, and asking for drafts finds none", () => {
    expect(listedStatus(false, undefined)).toBe("published");
    expect(listedStatus(false, "published")).toBe("published");
    expect(listedStatus(false, "draft")).toBeNull();
  });
});

describe("a list narrowed to tagged courses", () => {
  it("keeps the ids found so far that are tagged, in their order", () => {
    expect(narrowedToTagged([5, 3, 9], new Set([9, 5]))).toEqual([5, 9]);
  });

  it("takes the tagged ones when nothing narrowed it yet", () => {
    expect(narrowedToTagged(undefined, new Set([2, 4]))).toEqual([2, 4]);
  });
});

describe("a course's deadline fields", () => {
  it("a date clears the days and the days clear the date", () => {
    const course = dueFields({ required: true, dueDays: 30 });
    expect(applyDueFields(course as Course, { dueDate: "2030-06-30" })).toBe(true);
    expect(course).toEqual({ required: true, dueDate: "2030-06-30", dueDays: null });
    expect(applyDueFields(course as Course, { dueDays: 14 })).toBe(true);
    expect(course).toEqual({ required: true, dueDate: null, dueDays: 14 });
  });

  it("a course that is not required keeps no deadline", () => {
    const course = dueFields({ required: true, dueDate: "2030-06-30" });
    expect(applyDueFields(course as Course, { required: false })).toBe(true);
    expect(course).toEqual({ required: false, dueDate: null, dueDays: null });
  });

  it("fields left out keep their values, and nothing changed says so", () => {
    const course = dueFields({ required: true, dueDays: 30 });
    expect(applyDueFields(course as Course, {})).toBe(false);
    expect(course).toEqual({ required: true, dueDate: null, dueDays: 30 });
  });
});
