/**
 * Loaded before every API test file (vitest.config.ts, setupFiles): the app's router, so that the server's
 * modules are first loaded from the modules' side, as server/app.ts loads them. A test file that imports
 * from server/platform/api first (trpc.ts, trpc-org.ts) would otherwise enter the import cycle between those
 * files and the modules' routers (identity's, organizations') from the platform side, and meet trpc.ts
 * before it has run: "Cannot access … before initialization", for that file and, since the API files of a
 * worker share their modules, every file after it.
 */
import "#server/router.js";
