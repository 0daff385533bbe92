import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/database.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const runFile = promisify(execFile);

let database: TestDatabase;
beforeAll(async () => {
  // Empty, so that migration:up has every migration to apply.
  database = await createTestDatabase({ migrated: false });
});
afterAll(async () => {
  await database.drop();
});

/** `npx mikro-orm …` as a developer types it, with only the database settings of this test. */
async function mikroOrm(...args: string[]): Promise<string> {
  const { stdout } = await runFile(path.join(ROOT, "node_modules/.bin/mikro-orm"), args, {
    cwd: ROOT,
    // PATH and HOME only: nothing from the test runner's environment may leak in.
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl ?? "",
    },
    timeout: 60_000,
  });
  return stdout;
}

describe("the MikroORM CLI on mikro-orm.config.ts", () => {
  it("finds the configuration, applies the configured driver's migrations, then has nothing to generate", async () => {
    const dialect = database.databaseUrl ? "postgresql" : "sqlite";
    const debug = await mikroOrm("debug");
    expect(debug).toContain("database connection successful");
    expect(debug).toContain(dialect === "postgresql" ? "- pg " : "- better-sqlite3 ");

    expect(await mikroOrm("migration:up")).toContain("Successfully migrated up");
    // Only an up-to-date schema leaves nothing to generate: the entities and this driver's migrations agree.
    expect(await mikroOrm("migration:create")).toContain("No changes required");
  }, 180_000);
});
