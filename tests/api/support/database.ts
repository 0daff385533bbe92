import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MikroORM } from "@mikro-orm/postgresql";
import { inject } from "vitest";

/**
 * A database of its own for one test app: a temp folder for SQLite, or on PostgreSQL a copy of the
 * template that the global setup migrated once (so the app's own migration run finds nothing to do).
 */
export interface TestDatabase {
  /** Always a fresh temp folder: the SQLite file lives here, and so does anything else the app writes. */
  dataDir: string;
  /** postgres://… of the fresh database, or null on SQLite. */
  databaseUrl: string | null;
  drop(): Promise<void>;
}

/** Runs one statement on the maintenance database: CREATE and DROP DATABASE cannot run in the one they change. */
export async function onAdminDatabase(adminUrl: string, sql: string): Promise<void> {
  const orm = await MikroORM.init({
    clientUrl: adminUrl,
    entities: [],
    discovery: { warnWhenNoEntities: false },
    allowGlobalContext: true,
    pool: { min: 0, max: 1 },
  });
  try {
    await orm.em.getConnection().execute(sql);
  } finally {
    await orm.close(true);
  }
}

export interface TestDatabaseOptions {
  /** false: an empty PostgreSQL database instead of the migrated copy (SQLite always starts empty). */
  migrated?: boolean;
}

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "trainwright-test-"));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  // Without the api project's global setup (a helper used from another project) there is only SQLite.
  if ((inject("testDb") ?? "sqlite") === "sqlite") {
    return { dataDir, databaseUrl: null, drop: async () => removeDir() };
  }
  const adminUrl = inject("pgAdminUrl");
  const template = inject("pgTemplate");
  if (!adminUrl || !template) throw new Error("TEST_DB=postgres but the global setup provided no PostgreSQL server.");
  // Only [a-z0-9_] in the names, so they need no quoting and cannot inject anything.
  const name = `t_${randomBytes(6).toString("hex")}`;
  const copy = options.migrated === false ? "" : ` template ${template}`;
  await onAdminDatabase(adminUrl, `create database ${name}${copy}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      try {
        // FORCE: a connection the app under test leaked must not keep the database alive.
        await onAdminDatabase(adminUrl, `drop database if exists ${name} with (force)`);
      } finally {
        removeDir();
      }
    },
  };
}
