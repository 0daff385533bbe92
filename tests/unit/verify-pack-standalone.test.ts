import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The verifier runs where only Node is (docs/decisions/0300-evidence-log.md): scripts/verify-pack.mjs
 * imports nothing but node: built-ins, and is plain JavaScript (no TypeScript to compile). Its run on real
 * packs, in a folder with nothing else, is tests/api/evidence/pack.test.ts.
 */

const source = readFileSync(path.resolve(import.meta.dirname, "../../scripts/verify-pack.mjs"), "utf8");

describe("the standalone verifier", () => {
  it("imports only node: built-ins", () => {
    const imports = [...source.matchAll(/^\s*import\s[^;]*?from\s+"([^"]+)"/gm)].map((match) => match[1]);
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((specifier) => !specifier?.startsWith("node:"))).toEqual([]);
    expect(source).not.toMatch(/\bimport\s*\(|\brequire\s*\(/);
  });
});
