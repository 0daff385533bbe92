import { describe, expect, it } from "vitest";
import { courseCursorOf, nextCourseCursor, readCourseCursor } from "#shared/course-cursor.js";

describe("course list cursors (decision 0151)", () => {
  it("names a course by its creation time and id, and reads back the same position", () => {
    const course = { createdAt: new Date(1_763_900_000_123), id: 42 };
    expect(courseCursorOf(course)).toBe("1763900000123.42");
    expect(readCourseCursor(courseCursorOf(course))).toEqual(course);
  });

  it.each([
    "",
    "42",
    "1763900000123",
    "1763900000123.",
    ".42",
    "1763900000123.0",
    "1.2.3",
    "-1.2",
    "1.99999999999",
    "1.2147483648",
    "a.b",
    " 1.2",
  ])("refuses %j", (cursor) => {
    expect(readCourseCursor(cursor)).toBeNull();
  });

  it("a page shorter than the limit is the last; a full one continues after its last course", () => {
    const page = [
      { createdAt: new Date(3000), id: 3 },
      { createdAt: new Date(2000), id: 2 },
    ];
    expect(nextCourseCursor(page, 3)).toBeUndefined();
    expect(nextCourseCursor(page, 2)).toBe("2000.2");
    expect(nextCourseCursor([], 2)).toBeUndefined();
  });
});
