import type { OutputAsset, OutputBundle, OutputChunk } from "rollup";
import { describe, expect, it } from "vitest";
import { addCompileHint, COMPILE_HINT } from "../../scripts/lib/compile-hint.js";

function chunk(fileName: string, isEntry: boolean, code: string): OutputChunk {
  return { type: "chunk", fileName, isEntry, code, sourcemapFileName: `${fileName}.map` } as OutputChunk;
}

function map(fileName: string, mappings: string): OutputAsset {
  return { type: "asset", fileName, source: JSON.stringify({ version: 3, mappings }) } as OutputAsset;
}

function mappingsOf(bundle: OutputBundle, fileName: string): string {
  const asset = bundle[fileName] as OutputAsset;
  return (JSON.parse(String(asset.source)) as { mappings: string }).mappings;
}

describe("the entry's compile hint (decision 0250)", () => {
  it("starts every entry chunk with the hint and moves its source map down one line", () => {
    const bundle: OutputBundle = {
      "assets/index.js": chunk("assets/index.js", true, "const a=1;\nexport{a};"),
      "assets/index.js.map": map("assets/index.js.map", "AAAA,MAAM;AACN"),
      "assets/lazy.js": chunk("assets/lazy.js", false, "export const b=2;"),
      "assets/lazy.js.map": map("assets/lazy.js.map", "AAAA"),
    };
    addCompileHint(bundle);
    const entry = bundle["assets/index.js"] as OutputChunk;
    expect(entry.code).toBe(`${COMPILE_HINT}const a=1;\nexport{a};`);
    expect(entry.code.split("\n")[0]).toBe("//# allFunctionsCalledOnLoad");
    expect(mappingsOf(bundle, "assets/index.js.map")).toBe(";AAAA,MAAM;AACN");
    // Chunks loaded on demand are left as they were.
    expect((bundle["assets/lazy.js"] as OutputChunk).code).toBe("export const b=2;");
    expect(mappingsOf(bundle, "assets/lazy.js.map")).toBe("AAAA");
  });

  it("refuses an entry whose source map is not in the bundle, before changing it", () => {
    const bundle: OutputBundle = { "assets/index.js": chunk("assets/index.js", true, "export{};") };
    expect(() => addCompileHint(bundle)).toThrow("The source map of assets/index.js is not in the bundle.");
    expect((bundle["assets/index.js"] as OutputChunk).code).toBe("export{};");
  });
});
