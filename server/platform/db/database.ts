import { MikroORM } from "@mikro-orm/core";
import type { AbstractSqlDriver } from "@mikro-orm/knex";
import { type DatabaseSettings, type Dialect, dialectOf, ormOptions } from "../../../mikro-orm.config.js";

/** Start-up cannot go on; the message is one line for the operator. */
export class DatabaseStartError extends Error {}

/** Any number, the same in every version: all instances of Trainwright on one database take this lock. */
const MIGRATION_LOCK_KEY = 7_201_117;

/** PostgreSQL's "database does not exist". */
const MISSING_DATABASE = "3D000";

function databaseName(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ""));
}

/**
 * Applies pending migrations. On PostgreSQL several instances may start at once: each waits for a
 * transaction-scoped advisory lock, held on a connection of its own while the migrator works on others,
 * so one migrates and the rest then find nothing left to do.
 */
async function migrate(orm: MikroORM<AbstractSqlDriver>, dialect: Dialect): Promise<void> {
  if (dialect === "sqlite") {
    // One file, one writer at a time: SQLite's own locking (and busy_timeout) serializes the migration's
    // transaction with any other process's.
    await orm.getMigrator().up();
    return;
  }
  await orm.em
    .getConnection()
    .getKnex()
    .transaction(async (lockHolder) => {
      await lockHolder.raw("select pg_advisory_xact_lock(?)", [MIGRATION_LOCK_KEY]);
      await orm.getMigrator().up();
    });
}

/** Opens the database with the options of mikro-orm.config.ts and brings its schema up to date. */
export async function openDatabase(settings: DatabaseSettings): Promise<MikroORM<AbstractSqlDriver>> {
  // Both drivers are SQL drivers; the type says so, so that query builders are available.
  const orm = (await MikroORM.init(ormOptions(settings))) as MikroORM<AbstractSqlDriver>;
  try {
    const connection = await orm.checkConnection();
    if (!connection.ok) {
      const code = (connection.error as { code?: string } | undefined)?.code;
      if (code === MISSING_DATABASE && settings.databaseUrl) {
        throw new DatabaseStartError(
          `the database "${databaseName(settings.databaseUrl)}" in DATABASE_URL does not exist; ` +
            "create it with `npm run db:create`, then start again",
        );
      }
      throw new DatabaseStartError(connection.reason.split("\n")[0] ?? "the database does not answer");
    }
    await migrate(orm, dialectOf(settings));
  } catch (error) {
    await orm.close(true);
    throw error;
  }
  return orm;
}
