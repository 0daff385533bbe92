import { describe, expect, it } from "vitest";
import { JsonDepthScanner, withinJsonDepth } from "#server/platform/http/json-body.js";

/** docs/decisions/0260-bounded-json-bodies.md: the depth of JSON text, followed in one pass, piece by piece. */

const bytes = (text: string) => new TextEncoder().encode(text);

/** Whether `text`, fed in pieces of `size` bytes, stays within `maxDepth`. */
function withinDepth(text: string, maxDepth: number, size = Number.POSITIVE_INFINITY): boolean {
  const scanner = new JsonDepthScanner(maxDepth);
  const all = bytes(text);
  const step = Math.min(size, all.length || 1);
  for (let at = 0; at < all.length; at += step) {
    if (!scanner.feed(all.subarray(at, at + step))) return false;
  }
  return true;
}

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

describe("the depth of JSON text", () => {
  it("counts lists and objects, inside one another", () => {
    expect(withinDepth(nested(3), 3)).toBe(true);
    expect(withinDepth(nested(4), 3)).toBe(false);
    expect(withinDepth('{"a":{"b":[1,{"c":2}]}}', 4)).toBe(true);
    expect(withinDepth('{"a":{"b":[1,{"c":[2]}]}}', 4)).toBe(false);
  });

  it("side by side is not deeper", () => {
    expect(withinDepth(`[${Array.from({ length: 1000 }, () => "[[1]]").join(",")}]`, 3)).toBe(true);
  });

  it("brackets in strings are text, escaped quotes and backslashes included", () => {
    expect(withinDepth(JSON.stringify({ password: nested(50) }), 1)).toBe(true);
    expect(withinDepth(JSON.stringify({ a: 'say "[[[[" and \\ then {{{{' }), 1)).toBe(true);
    expect(withinDepth(JSON.stringify(["\\", nested(3)]), 1)).toBe(true);
    expect(withinDepth(`["\\\\", ${nested(3)}]`, 3)).toBe(false);
  });

  it("the same answer whatever the pieces, split inside strings and escapes too", () => {
    const texts = [
      JSON.stringify({ a: 'x\\"[[[', b: [[["\\\\"]]], c: "é😀[" }),
      JSON.stringify([{ "\\": "\\\\\\" }, [[[[["]"]]]]]]),
      nested(10),
    ];
    for (const text of texts) {
      for (const maxDepth of [2, 5, 6, 10]) {
        const whole = withinDepth(text, maxDepth);
        for (const size of [1, 2, 3, 7]) expect(withinDepth(text, maxDepth, size), `${text} ${size}`).toBe(whole);
      }
    }
  });

  it("a body's whole text, checked at once, gets the same answer as its bytes in pieces", () => {
    const texts = [
      nested(3),
      nested(33),
      JSON.stringify({ a: 'x\\"[[[', b: [[["\\\\"]]], c: "é😀[" }),
      `["\\\\", ${nested(3)}]`,
      JSON.stringify({ title: "[".repeat(250) }),
    ];
    for (const text of texts) {
      for (const maxDepth of [1, 3, 4, 32])
        expect(withinJsonDepth(text, maxDepth), text).toBe(withinDepth(text, maxDepth));
    }
  });

  it("stops at the first level too deep: a megabyte of nesting is refused at its 33rd byte", () => {
    const scanner = new JsonDepthScanner(32);
    expect(scanner.feed(bytes("[".repeat(32)))).toBe(true);
    expect(scanner.feed(bytes("["))).toBe(false);
  });
});
