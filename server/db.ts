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
    dbName: path.join(config.dataDir, "trainwright.sqlite"),
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

/** Opens the database and brings its schema up to date. */
export async function openDatabase(
  config: Pick<Config, "databaseUrl" | "dataDir">,
): Promise<MikroORM<AbstractSqlDriver>> {
  // Both drivers are SQL drivers; the type says so, so that query builders are available.
  const orm = (await MikroORM.init(ormOptions(config))) as MikroORM<AbstractSqlDriver>;
  await orm.getMigrator().up();
  return orm;
}
