import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { serializeLikeSuperjson } from "#server/platform/fast/superjson-fast.js";
import { MatrixCells } from "#shared/matrix-cells.js";

/** The same object and the same bytes as superjson (key order included, which toEqual ignores). */
function expectSameAsSuperjson(value: unknown): void {
  const fast = serializeLikeSuperjson(value);
  const reference = superjson.serialize(value);
  expect(fast).toEqual(reference);
  expect(JSON.stringify(fast)).toBe(JSON.stringify(reference));
}

const when = new Date("2026-11-23T17:30:00.000Z");

describe("serializeLikeSuperjson writes what superjson writes", () => {
  it.each([
    ["a plain object", { id: 1, name: "Safety", published: true, parentId: null }],
    ["an empty object and array", { items: [], nested: {} }],
    ["dates at every depth", { createdAt: when, course: { dueAt: new Date(0) } }],
    [
      "a list of courses with dates and tags",
      {
        courses: [
          { id: 1, createdAt: new Date(1), tags: [{ id: 3, name: "Ops", color: null }] },
          { id: 2, createdAt: new Date(2), tags: [], dueAt: null },
        ],
        nextCursor: "abc",
      },
    ],
    ["undefined as a property", { id: 1, note: undefined, nested: { also: undefined, date: new Date(5) } }],
    ["keys holding dots and backslashes", { "a.b": new Date(3), "c\\d": { "e.f": new Date(4) } }],
    [
      "dates of every width of year and millisecond",
      {
        at: [
          new Date("0999-12-31T23:59:59.999Z"),
          new Date("1000-01-01T00:00:00.000Z"),
          new Date("1970-01-01T00:00:00.005Z"),
          new Date("2026-02-28T09:05:07.050Z"),
          new Date("9999-12-31T23:59:59.999Z"),
          new Date("+010000-01-01T00:00:00.000Z"),
          new Date("-000001-06-15T12:00:00.000Z"),
          new Date(-1),
        ],
      },
    ],
    ["arrays in arrays", { grid: [[new Date(11)], [null, { at: new Date(12) }]] }],
    ["a top-level array", [{ at: new Date(7) }, "text", 3, false, null]],
    ["an object without a prototype", Object.assign(Object.create(null) as object, { at: new Date(8) })],
  ])("%s", (_name, value) => {
    expectSameAsSuperjson(value);
  });

  it.each([
    ["a top-level Date", new Date(9)],
    ["a top-level string", "hello"],
    ["undefined", undefined],
    ["null", null],
    ["a Set", { ids: new Set([1, 2]) }],
    ["a Map", { byId: new Map([[1, "a"]]) }],
    ["a bigint", { big: 12n }],
    ["NaN and Infinity", { ratio: Number.NaN, limit: Number.POSITIVE_INFINITY }],
    ["minus zero", { delta: -0 }],
    ["an invalid Date", { at: new Date(Number.NaN) }],
    ["undefined in an array", { list: [1, undefined, 3] }],
    ["a sparse array", { list: Object.assign(new Array<number>(3), { 0: 1, 2: 3 }) }],
    ["a registered custom type", { cells: new MatrixCells([]) }],
    ["a class instance", { url: new URL("https://example.com/") }],
  ])("falls back to superjson for %s", (_name, value) => {
    expectSameAsSuperjson(value);
  });

  it("notes one object reached twice as superjson does (by falling back)", () => {
    const tag = { id: 1, name: "Ops" };
    const shared = new Date(10);
    expectSameAsSuperjson({ first: tag, second: tag });
    expectSameAsSuperjson({ first: shared, second: shared });
    expect(superjson.serialize({ first: tag, second: tag }).meta?.referentialEqualities).toBeDefined();
  });

  it("refuses a prototype-polluting key with superjson's own error", () => {
    const value = JSON.parse('{"constructor": 1}') as object;
    expect(() => serializeLikeSuperjson(value)).toThrow(/prototype pollution/);
  });
});
