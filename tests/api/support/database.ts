import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MikroORM } from "@mikro-orm/postgresql";
import { inject } from "vitest";

/** A database of its own for one test app: a temp folder for SQLite, or a fresh PostgreSQL database. */
export interface TestDatabase {
  /** Always a fresh temp folder: the SQLite file lives here, and so does anything else the app writes. */
  dataDir: string;
  /** postgres://… of the fresh database, or null on SQLite. */
  databaseUrl: string | null;
  drop(): Promise<void>;
}

/** Runs one statement on the maintenance database; CREATE and DROP DATABASE cannot run inside it. */
async function onAdminDatabase(adminUrl: string, sql: string): Promise<void> {
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

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "trainwright-test-"));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  // Without the api project's global setup (a helper used from another project) there is only SQLite.
  if ((inject("testDb") ?? "sqlite") === "sqlite") {
    return { dataDir, databaseUrl: null, drop: async () => removeDir() };
  }
  const adminUrl = inject("pgAdminUrl");
  if (!adminUrl) throw new Error("TEST_DB=postgres but the global setup provided no PostgreSQL server.");
  // Only [a-z0-9_] in the name, so it needs no quoting and cannot inject anything.
  const name = `t_${randomBytes(6).toString("hex")}`;
  await onAdminDatabase(adminUrl, `create database ${name}`);
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
