/**
 * `npm run build`: everything `npm start` runs, in dist/.
 *   dist/client/   the SPA (vite), every text asset also as .br and .gz, no source maps
 *   dist/client-sourcemaps/   the client's source maps, kept for debugging but outside what is served
 *   dist/server/   the server (esbuild): main.js, each *-worker.ts, each migration, the operator tools
 * Packages stay imports of node_modules, so the server needs only the production dependencies at run time;
 * the build fails when the bundle imports a package that is not one of them.
 */
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build as esbuild, type Metafile } from "esbuild";
import { build as viteBuild } from "vite";
import { precompressDirectory, setAsideSourceMaps } from "./lib/precompress.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DIST = path.join(ROOT, "dist");

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .map((file) => path.join(dir, file))
    .filter(keep);
}

/**
 * Entry points: the server, its worker threads, its migrations (found by folder at run time) and the tools.
 * A worker is found next to the bundled main.js (siblingWorkerUrl), so each one is written to dist/server/
 * itself, whichever module folder its source lives in.
 */
export function serverEntryPoints(): { in: string; out: string }[] {
  const entry = (file: string, out: string) => ({ in: file, out });
  return [
    entry("server/main.ts", "main"),
    entry("server/tools.ts", "tools"),
    ...filesUnder("server", (file) => file.endsWith("-worker.ts")).map((file) =>
      entry(file, path.basename(file, ".ts")),
    ),
    ...filesUnder("server/migrations", (file) => file.endsWith(".ts") && !file.endsWith(".d.ts")).map((file) =>
      entry(file, path.relative("server", file).replace(/\.ts$/, "")),
    ),
  ];
}

function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] as string);
}

/** Every package the bundle imports must be a production dependency: devDependencies are absent in production. */
function checkRuntimeImports(metafile: Metafile): void {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
  };
  const allowed = new Set(Object.keys(manifest.dependencies ?? {}));
  const missing = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      if (!imported.external || imported.path.startsWith("node:") || imported.path.startsWith(".")) continue;
      const name = packageName(imported.path);
      if (!allowed.has(name)) missing.add(name);
    }
  }
  if (missing.size > 0) {
    throw new Error(`The server imports packages that are not production dependencies: ${[...missing].join(", ")}`);
  }
}

async function buildServer(): Promise<void> {
  const outdir = path.join(DIST, "server");
  rmSync(outdir, { recursive: true, force: true });
  const result = await esbuild({
    absWorkingDir: ROOT,
    entryPoints: serverEntryPoints(),
    outbase: "server",
    outdir,
    bundle: true,
    // No shared chunks: code that finds files next to itself (migrations, worker threads) through
    // import.meta.url must be inside the entry that sits in dist/server/, not in a chunk folder.
    splitting: false,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    // MikroORM names entities and migrations after their classes: names must survive bundling.
    keepNames: true,
    metafile: true,
    logLevel: "warning",
  });
  checkRuntimeImports(result.metafile);
  // The certificate PDF's font files, found next to the bundled server as next to their module (docs/decisions/0351).
  cpSync(path.join(ROOT, "server/modules/certifications/fonts"), path.join(outdir, "fonts"), { recursive: true });
}

async function buildClient(): Promise<void> {
  await viteBuild({ configFile: path.join(ROOT, "vite.config.ts"), logLevel: "warn" });
  const clientDir = path.join(DIST, "client");
  setAsideSourceMaps(clientDir, path.join(DIST, "client-sourcemaps"));
  precompressDirectory(clientDir);
}

const started = Date.now();
const only = process.argv[2];
if (only !== "server") await buildClient();
if (only !== "client") await buildServer();
// scripts/start.mjs rebuilds when a source is newer than this.
if (only === undefined) writeFileSync(path.join(DIST, ".build-stamp"), `${new Date().toISOString()}\n`);
console.log(`build: dist/ ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
