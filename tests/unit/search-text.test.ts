import { describe, expect, it } from "vitest";
import {
  MATCH_END,
  MATCH_START,
  parseSearchQuery,
  plainTextOf,
  snippetSegments,
} from "#server/modules/search/search-text.rules.js";

/** What the search index (decision 0060) stores of a lesson, and what a member's query asks for. */

describe("plainTextOf", () => {
  it("keeps the words of lesson HTML: blocks separate words, inline elements do not, entities decoded", () => {
    expect(
      plainTextOf("<h2>Before</h2><p>Wear <strong>glo</strong>ves &amp; boots</p><ul><li>one</li><li>two</li></ul>"),
    ).toBe("Before Wear gloves & boots one two");
  });

  it("drops attributes, script and style text, and control characters", () => {
    expect(plainTextOf('<a href="https://x.example/secret">link</a><script>alert(1)</script><style>p{}</style>')).toBe(
      "link",
    );
    expect(plainTextOf("a&#2;b\u0003c")).toBe("a b c");
    expect(plainTextOf(null)).toBe("");
  });
});

describe("parseSearchQuery", () => {
  it("makes every word a term, the last a prefix, and lower-cases", () => {
    expect(parseSearchQuery("Handover SIGN")).toEqual([
      { words: ["handover"], prefix: false },
      { words: ["sign"], prefix: true },
    ]);
  });

  it("reads quoted text and hyphenated words as phrases, never as prefixes", () => {
    expect(parseSearchQuery('"fire drill" e-mail')).toEqual([
      { words: ["fire", "drill"], prefix: false },
      { words: ["e", "mail"], prefix: false },
    ]);
    expect(parseSearchQuery('"forklift"')).toEqual([{ words: ["forklift"], prefix: false }]);
    expect(parseSearchQuery('"fire dri')).toEqual([{ words: ["fire", "dri"], prefix: false }]);
  });

  it("keeps letters and digits of any script only: punctuation and query syntax alone are no terms", () => {
    for (const input of ["", "   ", "%", '"', "*", "()", "-", "{}:", "^&|!"]) {
      expect(parseSearchQuery(input), input).toEqual([]);
    }
    // Operators of the engines are words like any other.
    expect(parseSearchQuery("NEAR(")).toEqual([{ words: ["near"], prefix: true }]);
    expect(parseSearchQuery("title:Größe* OR")).toEqual([
      { words: ["title", "größe"], prefix: false },
      { words: ["or"], prefix: true },
    ]);
  });

  it("takes at most 12 terms", () => {
    expect(parseSearchQuery(Array.from({ length: 20 }, (_, index) => `w${index}`).join(" "))).toHaveLength(12);
  });
});

describe("snippetSegments", () => {
  it("turns the database's markers into text segments, marked or not", () => {
    const marked = `Wear ${MATCH_START}gloves${MATCH_END} and ${MATCH_START}boots${MATCH_END}.`;
    expect(snippetSegments(marked)).toEqual([
      { text: "Wear ", match: false },
      { text: "gloves", match: true },
      { text: " and ", match: false },
      { text: "boots", match: true },
      { text: ".", match: false },
    ]);
  });

  it("joins adjacent matches and answers nothing for no snippet", () => {
    expect(snippetSegments(`${MATCH_START}fire${MATCH_END}${MATCH_START} drill${MATCH_END}`)).toEqual([
      { text: "fire drill", match: true },
    ]);
    expect(snippetSegments(null)).toEqual([]);
  });
});
