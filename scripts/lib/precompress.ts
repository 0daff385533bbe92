import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** What is worth compressing; images and fonts are compressed already. */
const TEXT_EXTENSIONS = new Set([".js", ".mjs", ".css", ".html", ".svg", ".json", ".webmanifest", ".txt", ".xml"]);

function filesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((file) => path.join(dir, file))
    .filter((file) => statSync(file).isFile());
}

/**
 * Writes NAME.br and NAME.gz beside every text file, at the highest levels (done once, at build time), so
 * the server sends them as they are (@fastify/static `preCompressed`). A variant that saves nothing is
 * not written, and the server then sends the original.
 */
export function precompressDirectory(dir: string): { files: number } {
  let files = 0;
  for (const file of filesIn(dir)) {
    if (!TEXT_EXTENSIONS.has(path.extname(file))) continue;
    const source = readFileSync(file);
    const brotli = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    const gzip = gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
    if (brotli.length < source.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < source.length) writeFileSync(`${file}.gz`, gzip);
    files++;
  }
  return { files };
}

/** Moves every *.map out of the served folder: kept for debugging, never sent to a browser. */
export function setAsideSourceMaps(servedDir: string, asideDir: string): void {
  rmSync(asideDir, { recursive: true, force: true });
  for (const file of filesIn(servedDir)) {
    if (!file.endsWith(".map")) continue;
    const target = path.join(asideDir, path.relative(servedDir, file));
    mkdirSync(path.dirname(target), { recursive: true });
    renameSync(file, target);
  }
}
