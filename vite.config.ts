import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { entryCompileHint } from "./scripts/lib/compile-hint.js";
import { landingShell } from "./scripts/lib/landing-shell.js";
import { PAGE_ROUTE_IDS, pagePreloads } from "./scripts/lib/page-preloads.js";
import { PRERENDERED_PAGES, SERVICE_WORKER_FILE } from "./shared/constants.js";

const routerOptions = {
  target: "react",
  autoCodeSplitting: true,
  routesDirectory: path.resolve("client/routes"),
  generatedRouteTree: path.resolve("client/routeTree.gen.ts"),
  // The course and lesson pages' components come with the entry instead of as about twenty route chunks:
  // on a phone's slow link each extra request took its share of the line, and the entry arrived last
  // (decision 0250).
  codeSplittingOptions: {
    splitBehavior: ({ routeId }: { routeId: string }) => (PAGE_ROUTE_IDS.has(routeId) ? [] : undefined),
  },
} as const;

export default defineConfig({
  root: "client",
  publicDir: "public",
  plugins: [
    tanstackRouter(routerOptions),
    react(),
    tailwindcss(),
    // The service worker (client/sw.ts → dist/client/sw.js). The server serves it at
    // /_api/service-worker and the manifest at /_api/manifest, and client/features/pwa registers it.
    VitePWA({
      strategies: "injectManifest",
      srcDir: ".",
      filename: SERVICE_WORKER_FILE.replace(/\.js$/, ".ts"),
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // A classic worker script: the page registers it without `type: "module"`.
        rollupFormat: "iife",
        sourcemap: false,
        // The app shell, hashed assets and icons; source maps stay out of the precache.
        globPatterns: ["**/*.{js,css,html,png,svg,ico,woff2}"],
        // The prerendered pages are only ever sent by the server to signed-out visitors (decisions 0160, 0201).
        globIgnores: ["**/*.map", ...Object.values(PRERENDERED_PAGES)],
        // Entries are resolved against the worker's own URL, /_api/service-worker: make them site-absolute.
        modifyURLPrefix: { "": "/" },
      },
    }),
    // dist/client/landing.html and login.html: `/` and `/login` for signed-out visitors, static until they
    // interact (decisions 0160, 0201).
    landingShell([tanstackRouter(routerOptions)]),
    // dist/client/page-preloads.json: the course and lesson pages' route scripts, which the server names in
    // those pages' HTML (decision 0222).
    pagePreloads(),
    entryCompileHint(),
  ],
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    // Written without the sourceMappingURL comment; scripts/build.ts moves them out of the served folder.
    sourcemap: "hidden",
    rollupOptions: {
      output: {
        // Route splitting leaves dozens of sub-kilobyte chunks (one icon, one hook); each is a request of
        // its own, with its headers, on the page's critical path. Chunks under this size are merged into
        // a chunk that the same pages load anyway, when that changes no module's side effects.
        experimentalMinChunkSize: 20_000,
      },
    },
  },
  server: {
    proxy: { "/_api": "http://127.0.0.1:3000" },
  },
});
