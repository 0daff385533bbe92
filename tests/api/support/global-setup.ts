import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";
import { startThrowawayPostgres } from "../../../scripts/lib/postgres.js";
import { onAdminDatabase } from "./database.js";

export type TestDb = "sqlite" | "postgres";

declare module "vitest" {
  export interface ProvidedContext {
    testDb: TestDb;
    /** The throwaway server's `postgres` database; each test app makes its own database from it. */
    pgAdminUrl: string | null;
    /** A database with every migration applied, that each test app's database is copied from. */
    pgTemplate: string | null;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const TEMPLATE = "trainwright_template";

function testDbFromEnv(): TestDb {
  const value = (process.env.TEST_DB ?? "sqlite").trim().toLowerCase();
  if (value === "sqlite") return "sqlite";
  if (value === "postgres" || value === "postgresql") return "postgres";
  throw new Error(`TEST_DB must be sqlite or postgres, got "${process.env.TEST_DB}".`);
}

/**
 * Migrates the template once, with the MikroORM CLI on mikro-orm.config.ts: this process is vitest's own,
 * without the TypeScript loader that the migrations need (see vitest.config.ts), and the CLI brings one.
 */
async function migrateTemplate(url: string): Promise<void> {
  await promisify(execFile)(path.join(ROOT, "node_modules/.bin/mikro-orm"), ["migration:up"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATABASE_URL: url },
    timeout: 120_000,
  });
}

/**
 * Starts one PostgreSQL server for the whole API run (when TEST_DB=postgres), with a migrated template
 * database, and stops it afterwards.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const testDb = testDbFromEnv();
  project.provide("testDb", testDb);
  if (testDb === "sqlite") {
    project.provide("pgAdminUrl", null);
    project.provide("pgTemplate", null);
    return () => {};
  }
  const postgres = await startThrowawayPostgres();
  try {
    await onAdminDatabase(postgres.adminUrl, `create database ${TEMPLATE}`);
    await migrateTemplate(postgres.urlFor(TEMPLATE));
  } catch (error) {
    postgres.stop();
    throw error;
  }
  project.provide("pgAdminUrl", postgres.adminUrl);
  project.provide("pgTemplate", TEMPLATE);
  return () => postgres.stop();
}
