import { describe, expect, it } from "vitest";
import { namesMatch } from "#shared/schemas/signoffs.js";
import { diffWords, textOfHtml } from "#shared/word-diff.js";

const rebuilt = (parts: { kind: string; text: string }[], side: "before" | "after") =>
  parts
    .filter((part) => part.kind === "same" || part.kind === (side === "after" ? "added" : "removed"))
    .map((part) => part.text)
    .join("");

describe("diffWords", () => {
  it("marks the inserted and removed words and keeps the rest", () => {
    const parts = diffWords("Switch the machine off and lock it.", "Switch the machine off, then lock it.");
    expect(parts).toEqual([
      { kind: "same", text: "Switch the machine " },
      { kind: "removed", text: "off and " },
      { kind: "added", text: "off, then " },
      { kind: "same", text: "lock it." },
    ]);
  });

  it("joins back into either text", () => {
    const before = "Wear gloves.\nTest for zero energy before you start work.";
    const after = "Wear gloves and goggles.\nTest for zero energy before work.\nSign the log.";
    const parts = diffWords(before, after);
    expect(rebuilt(parts, "after")).toBe(after);
    expect(parts.filter((part) => part.kind === "added").map((part) => part.text.trim())).toEqual([
      "gloves and goggles.",
      "Sign the log.",
    ]);
    expect(parts.filter((part) => part.kind === "removed").map((part) => part.text.trim())).toEqual([
      "gloves.",
      "you start",
    ]);
  });

  it("same texts are one kept part; an empty side is all added or all removed", () => {
    expect(diffWords("a b c", "a b c")).toEqual([{ kind: "same", text: "a b c" }]);
    expect(diffWords("", "new words")).toEqual([{ kind: "added", text: "new words" }]);
    expect(diffWords("old words", "")).toEqual([{ kind: "removed", text: "old words" }]);
    expect(diffWords("", "")).toEqual([]);
  });
});

describe("textOfHtml", () => {
  it("keeps the words and a line per block, without tags or entities", () => {
    expect(textOfHtml("<h2>Step 1</h2><p>Lock &amp; <strong>tag</strong></p><ul><li>one</li><li>two</li></ul>")).toBe(
      "Step 1\nLock & tag\none\ntwo",
    );
    expect(textOfHtml(null)).toBe("");
  });
});

describe("namesMatch", () => {
  it("ignores case and surrounding spaces, nothing else", () => {
    expect(namesMatch("  ada LOVELACE ", "Ada Lovelace")).toBe(true);
    expect(namesMatch("Ada  Lovelace", "Ada Lovelace")).toBe(false);
    expect(namesMatch("Ada", "Ada Lovelace")).toBe(false);
    expect(namesMatch("Zoë", "Zoe\u0308")).toBe(true);
  });
});
