/**
 * The MikroORM configuration, the one source of it: the server (server/platform/db/database.ts), the scripts and the
 * MikroORM CLI (`npx mikro-orm …`, which loads this file's default export) all build their options here.
 * The settings of server/platform/http/config.ts pick the driver: DATABASE_URL=postgres://… means PostgreSQL, else the
 * embedded SQLite file in DATA_DIR.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BetterSqliteDriver } from "@mikro-orm/better-sqlite";
import type { Options } from "@mikro-orm/core";
import { Migrator } from "@mikro-orm/migrations";
import { PostgreSqlDriver } from "@mikro-orm/postgresql";
import { ENTITIES, TENANT_ENTITIES } from "./server/entities.js";
import { SEARCH_INDEX_TABLES } from "./server/modules/search/search-dialect.js";
import { TENANT_FILTER } from "./server/platform/db/tenant-filter.js";
import { type Config, loadConfig } from "./server/platform/http/config.js";

export type Dialect = "sqlite" | "postgresql";

export type DatabaseSettings = Pick<Config, "databaseUrl" | "dataDir">;

const here = path.dirname(fileURLToPath(import.meta.url));
// From source this file sits beside server/; compiled (scripts/build.ts) it is bundled into
// dist/server/main.js, next to the compiled migrations.
const serverDir = path.basename(here) === "server" ? here : path.join(here, "server");

export function dialectOf(settings: Pick<Config, "databaseUrl">): Dialect {
  return settings.databaseUrl ? "postgresql" : "sqlite";
}

/** Each driver has its own folder of migrations, both generated from the same entities. */
export function migrationsDir(dialect: Dialect): string {
  return path.join(serverDir, "migrations", dialect);
}

export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, "trainwright.sqlite");
}

interface SqlitePragmaTarget {
  pragma(source: string): unknown;
}

export function ormOptions(settings: DatabaseSettings): Options {
  const dialect = dialectOf(settings);
  const common = {
    entities: ENTITIES,
    extensions: [Migrator],
    forceUtcTimezone: true,
    // A missing database is an operator's mistake to report (server/platform/db/database.ts), never something to create
    // silently and empty: `npm run db:create` makes it on purpose.
    ensureDatabase: false,
    allowGlobalContext: false,
    discovery: { warnWhenNoEntities: false },
    // The search index's tables have no entity and come from hand-written migrations: without this, the
    // schema diff of `scripts/migrations.ts check` and `generate` fails on the FTS5 table's untyped
    // columns (SQLite), and would otherwise want the tables dropped.
    schemaGenerator: { skipTables: SEARCH_INDEX_TABLES },
    // Tenant isolation, enforced once (docs/DESIGN.md §4): every read of an organization's table is limited to
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
    return { ...common, driver: PostgreSqlDriver, clientUrl: settings.databaseUrl ?? undefined };
  }
  return {
    ...common,
    driver: BetterSqliteDriver,
    dbName: sqliteFile(settings.dataDir),
    pool: {
      min: 1,
      max: 1,
      // Durability settings of docs/DESIGN.md §1, applied to the one connection SQLite is given.
      afterCreate: (conn: SqlitePragmaTarget, done: (error: Error | null, conn: SqlitePragmaTarget) => void) => {
        try {
          conn.pragma("journal_mode = WAL");
          conn.pragma("synchronous = FULL");
          conn.pragma("foreign_keys = ON");
          conn.pragma("busy_timeout = 5000");
          // The reports aggregate an organization's completions from an index of tens of megabytes:
          // SQLite's default 2 MiB page cache rereads it through the OS on every report (decision 0171).
          conn.pragma("cache_size = -65536");
          conn.pragma("mmap_size = 268435456");
          done(null, conn);
        } catch (error) {
          done(error as Error, conn);
        }
      },
    },
  };
}

// A factory, so that importing ormOptions reads no environment: the server reports a bad setting itself.
export default (): Options => ormOptions(loadConfig());
