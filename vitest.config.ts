import { defineConfig } from "vitest/config";

/**
 * MikroORM loads server/migrations/*.ts with Node's own import(), which vitest's transform never sees;
 * tsx's loader (what `npm start` runs under) lets the workers import them.
 */
const TS_LOADER = ["--import", "tsx"];

/**
 * Three suites, run by scripts/test.sh:
 *   unit  pure functions of shared/ and server/ (no I/O)
 *   api   a real HTTP server per test file, on SQLite or, with TEST_DB=postgres, on a throwaway PostgreSQL
 *   e2e   the built client in the system Chromium; needs `npx vite build` first
 * This file deliberately does not extend vite.config.ts: its router plugin would regenerate the client's
 * route tree on every test run.
 */
export default defineConfig({
  test: {
    // Both cores: the API files are independent (own database each) and mostly wait on argon2 and I/O.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/api/support/global-setup.ts"],
          setupFiles: ["tests/api/support/load-order.ts"],
          execArgv: TS_LOADER,
          // Each file starts its own app on its own database, so the files of one worker can share the
          // imported server modules instead of importing them again, which cost more than most files' tests.
          isolate: false,
          // Argon2 hashing and PostgreSQL's CREATE DATABASE are slow on two busy cores; none of it hangs.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.test.ts"],
          environment: "node",
          execArgv: TS_LOADER,
          // As in api: each file starts its own server and browser; the imported modules are shared.
          isolate: false,
          // One browser at a time: two Chromiums on two cores make every wait flaky.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
