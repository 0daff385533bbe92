import type { TestProject } from "vitest/node";
import { startThrowawayPostgres } from "../../../scripts/lib/postgres.js";

export type TestDb = "sqlite" | "postgres";

declare module "vitest" {
  export interface ProvidedContext {
    testDb: TestDb;
    /** The throwaway server's `postgres` database; each test app makes its own database from it. */
    pgAdminUrl: string | null;
  }
}

function testDbFromEnv(): TestDb {
  const value = (process.env.TEST_DB ?? "sqlite").trim().toLowerCase();
  if (value === "sqlite") return "sqlite";
  if (value === "postgres" || value === "postgresql") return "postgres";
  throw new Error(`TEST_DB must be sqlite or postgres, got "${process.env.TEST_DB}".`);
}

/** Starts one PostgreSQL server for the whole API run (when TEST_DB=postgres) and stops it afterwards. */
export default async function setup(project: TestProject): Promise<() => void> {
  const testDb = testDbFromEnv();
  project.provide("testDb", testDb);
  if (testDb === "sqlite") {
    project.provide("pgAdminUrl", null);
    return () => {};
  }
  const postgres = await startThrowawayPostgres();
  project.provide("pgAdminUrl", postgres.adminUrl);
  return () => postgres.stop();
}
