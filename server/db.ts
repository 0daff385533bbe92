import path from "node:path";
import { fileURLToPath } from "node:url";
import { BetterSqliteDriver } from "@mikro-orm/better-sqlite";
import { MikroORM, type Options } from "@mikro-orm/core";
import type { AbstractSqlDriver } from "@mikro-orm/knex";
import { Migrator } from "@mikro-orm/migrations";
import { PostgreSqlDriver } from "@mikro-orm/postgresql";
import type { Config } from "./config.js";
import { ENTITIES, TENANT_ENTITIES } from "./entities/index.js";

export const TENANT_FILTER = "tenant";

export type Dialect = "sqlite" | "postgresql";

const here = path.dirname(fileURLToPath(import.meta.url));

export function migrationsDir(dialect: Dialect): string {
  return path.join(here, "migrations", dialect);
}

export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, "trainwright.sqlite");
}

export function dialectOf(config: Pick<Config, "databaseUrl">): Dialect {
  return config.databaseUrl ? "postgresql" : "sqlite";
}

interface SqlitePragmaTarget {
  pragma(source: string): unknown;
}

export function ormOptions(config: Pick<Config, "databaseUrl" | "dataDir">): Options {
  const dialect = dialectOf(config);
  const common = {
    entities: ENTITIES,
    extensions: [Migrator],
    forceUtcTimezone: true,
    // A missing database is an operator's mistake to report (openDatabase), never something to create
    // silently and empty: `npm run db:create` makes it on purpose.
    ensureDatabase: false,
    allowGlobalContext: false,
    discovery: { warnWhenNoEntities: false },
    // Tenant isolation, enforced once (DESIGN §4): every read of an organization's table is limited to
    // the organization the procedure pipeline set. Without that parameter the query fails loudly.
    filters: {
      [TENANT_FILTER]: {
        name: TENANT_FILTER,
        cond: (args: { organizationId: number }) => ({ organization: args.organizationId }),
        entity: TENANT_ENTITIES,
        default: true,
      },
    },
    migrations: {
      path: migrationsDir(dialect),
      pathTs: migrationsDir(dialect),
      glob: "!(*.d).{js,ts}",
      tableName: "schema_migrations",
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: "ts" as const,
      silent: true,
    },
  };
  if (dialect === "postgresql") {
    return { ...common, driver: PostgreSqlDriver, clientUrl: config.databaseUrl ?? undefined };
  }
  return {
    ...common,
    driver: BetterSqliteDriver,
    dbName: sqliteFile(config.dataDir),
    pool: {
      min: 1,
      max: 1,
      // Durability settings of DESIGN §1, applied to the one connection SQLite is given.
      afterCreate: (conn: SqlitePragmaTarget, done: (error: Error | null, conn: SqlitePragmaTarget) => void) => {
        try {
          conn.pragma("journal_mode = WAL");
          conn.pragma("synchronous = FULL");
          conn.pragma("foreign_keys = ON");
          conn.pragma("busy_timeout = 5000");
          done(null, conn);
        } catch (error) {
          done(error as Error, conn);
        }
      },
    },
  };
}

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

/** Opens the database and brings its schema up to date. */
export async function openDatabase(
  config: Pick<Config, "databaseUrl" | "dataDir">,
): Promise<MikroORM<AbstractSqlDriver>> {
  // Both drivers are SQL drivers; the type says so, so that query builders are available.
  const orm = (await MikroORM.init(ormOptions(config))) as MikroORM<AbstractSqlDriver>;
  try {
    const connection = await orm.checkConnection();
    if (!connection.ok) {
      const code = (connection.error as { code?: string } | undefined)?.code;
      if (code === MISSING_DATABASE && config.databaseUrl) {
        throw new DatabaseStartError(
          `the database "${databaseName(config.databaseUrl)}" in DATABASE_URL does not exist; ` +
            "create it with `npm run db:create`, then start again",
        );
      }
      throw new DatabaseStartError(connection.reason.split("\n")[0] ?? "the database does not answer");
    }
    await migrate(orm, dialectOf(config));
  } catch (error) {
    await orm.close(true);
    throw error;
  }
  return orm;
}
