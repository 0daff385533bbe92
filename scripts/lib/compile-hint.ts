/**
 * Decision 0250: the entry script starts with V8's explicit compile hint, so Chrome compiles all of its
 * functions on a background thread while the script downloads, rather than each one on the main thread
 * the first time the page runs it. The entry holds what every signed-in page runs as it first renders
 * (React, the router, the query cache, the course and lesson pages), so nearly all of it is compiled
 * anyway; on a phone that main-thread compilation was a large part of the first render's long tasks.
 * Other browsers read it as a comment.
 *
 * Added once the chunk is final (minification drops comments), as its first line, with its source map
 * moved down a line to match. The file name's hash does not change with it, but the hint is the same
 * in every build, so a name still stands for one content.
 */
import type { OutputBundle } from "rollup";
import type { Plugin } from "vite";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** Puts the hint at the top of every entry chunk of `bundle` and shifts each one's source map to match. */
export function addCompileHint(bundle: OutputBundle): void {
  for (const output of Object.values(bundle)) {
    if (output.type !== "chunk" || !output.isEntry) continue;
    const map = output.sourcemapFileName ? bundle[output.sourcemapFileName] : undefined;
    if (map?.type !== "asset" || typeof map.source !== "string") {
      throw new Error(`The source map of ${output.fileName} is not in the bundle.`);
    }
    output.code = COMPILE_HINT + output.code;
    const parsed = JSON.parse(map.source) as { mappings: string };
    // One empty generated line before the others: each `;` in `mappings` starts the next line.
    parsed.mappings = `;${parsed.mappings}`;
    map.source = JSON.stringify(parsed);
  }
}

export function entryCompileHint(): Plugin {
  return {
    name: "trainwright-entry-compile-hint",
    apply: "build",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        try {
          addCompileHint(bundle);
        } catch (error) {
          this.error(error instanceof Error ? error.message : String(error));
        }
      },
    },
  };
}
