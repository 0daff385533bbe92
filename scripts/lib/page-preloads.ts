/**
 * Decision 0222: the scripts a course or lesson page's route loads after the entry (its component's chunk
 * and that chunk's own imports), written at build as dist/client/PAGE_PRELOADS_FILE. The server names them
 * in the page's HTML as `modulepreload` links, so the browser fetches them together with the entry script
 * instead of after it has run (on a phone's slow link, one round trip less before the page can paint).
 */
import type { OutputBundle, OutputChunk } from "rollup";
import type { Plugin } from "vite";
import { PAGE_PRELOADS_FILE } from "../../shared/constants.js";
import { RECORD_PAGE_LIST, type RecordPageName, routeFileOf } from "../../shared/page-queries.js";

/**
 * The route files of the pages whose HTML the server builds, by page name, from the pages' declaration
 * (shared/page-queries.ts, decision 0285), which also says what those pages' HTML answers.
 */
const PAGE_ROUTES = Object.fromEntries(
  RECORD_PAGE_LIST.map(([page, { routeId }]) => [page, routeFileOf(routeId)]),
) as Record<RecordPageName, string>;

type PagePreloads = Record<RecordPageName, string[]>;

/** The router's ids of those routes: vite.config.ts keeps their components in the entry instead of splitting them off (decision 0250). */
export const PAGE_ROUTE_IDS: ReadonlySet<string> = new Set(RECORD_PAGE_LIST.map(([, { routeId }]) => routeId));

function chunksOf(bundle: OutputBundle): Map<string, OutputChunk> {
  const chunks = new Map<string, OutputChunk>();
  for (const output of Object.values(bundle)) if (output.type === "chunk") chunks.set(output.fileName, output);
  return chunks;
}

/** The chunk and every chunk it imports statically, in load order (a chunk after its imports). */
function withStaticImports(chunks: Map<string, OutputChunk>, fileName: string, into: Set<string>): Set<string> {
  if (into.has(fileName)) return into;
  into.add(fileName);
  for (const imported of chunks.get(fileName)?.imports ?? []) withStaticImports(chunks, imported, into);
  return into;
}

export function pagePreloads(): Plugin {
  return {
    name: "trainwright-page-preloads",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const entries = [...chunks.values()].filter((chunk) => chunk.isEntry && chunk.fileName.startsWith("assets/"));
      // What the HTML's own script (and Vite's preloads of its imports) already loads.
      const loaded = new Set<string>();
      for (const entry of entries) withStaticImports(chunks, entry.fileName, loaded);
      const preloads = {} as PagePreloads;
      for (const [page, routeFile] of Object.entries(PAGE_ROUTES) as [RecordPageName, string][]) {
        const routeChunks = [...chunks.values()].filter((chunk) =>
          chunk.moduleIds.some((id) => id.includes(routeFile) && id.includes("tsr-split")),
        );
        if (routeChunks.length === 0) {
          // Not split (decision 0250): the route's component came with the entry, which the page loads anyway.
          const inEntry = entries.some((entry) => entry.moduleIds.some((id) => id.endsWith(routeFile)));
          if (!inEntry) this.error(`No chunk holds the ${page} page's route (${routeFile}).`);
        }
        const files = new Set<string>();
        for (const chunk of routeChunks) withStaticImports(chunks, chunk.fileName, files);
        preloads[page] = [...files].filter((file) => !loaded.has(file)).map((file) => `/${file}`);
      }
      this.emitFile({ type: "asset", fileName: PAGE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}
