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
import type { Plugin } from "vite";

const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

export function entryCompileHint(): Plugin {
  return {
    name: "trainwright-entry-compile-hint",
    apply: "build",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== "chunk" || !output.isEntry) continue;
          output.code = COMPILE_HINT + output.code;
          const map = output.sourcemapFileName ? bundle[output.sourcemapFileName] : undefined;
          if (map?.type !== "asset" || typeof map.source !== "string") {
            this.error(`The source map of ${output.fileName} is not in the bundle.`);
          }
          const parsed = JSON.parse(map.source) as { mappings: string };
          parsed.mappings = `;${parsed.mappings}`;
          map.source = JSON.stringify(parsed);
        }
      },
    },
  };
}
