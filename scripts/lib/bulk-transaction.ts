/**
 * One transaction for a bulk seed (decision 0125): foreign-key checks off for its duration (SQLite's
 * PRAGMA, set outside the transaction as SQLite requires; PostgreSQL's replica role, local to it), no
 * fsync per statement on SQLite, and the secondary indexes of the tables that take the most rows dropped
 * first and built again from their own definitions at the end, which sorts once instead of inserting into
 * every B-tree row by row. Each index build is timed into `steps`.
 */
import { performance } from "node:perf_hooks";
import type { SqlEntityManager } from "@mikro-orm/knex";

interface IndexDefinition {
  name: string;
  table: string;
  /** The statement that builds it again. */
  create: string;
  /** The statement that drops it. */
  drop: string;
}

async function indexesOf(em: SqlEntityManager, tables: string[], postgres: boolean): Promise<IndexDefinition[]> {
  if (tables.length === 0) return [];
  if (!postgres) {
    const rows = await em.execute<{ name: string; tbl_name: string; sql: string }[]>(
      `select name, tbl_name, sql from sqlite_master
       where type = 'index' and sql is not null and tbl_name in (${tables.map(() => "?").join(", ")})`,
      tables,
    );
    return rows.map((row) => ({
      name: row.name,
      table: row.tbl_name,
      create: row.sql,
      drop: `drop index "${row.name}"`,
    }));
  }
  // A unique constraint owns its index: it is dropped and added back as the constraint.
  const rows = await em.execute<{ name: string; table: string; index_def: string; constraint_def: string | null }[]>(
    `select i.relname as name, t.relname as "table", pg_get_indexdef(i.oid) as index_def,
       pg_get_constraintdef(c.oid) as constraint_def
     from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
     left join pg_constraint c on c.conindid = x.indexrelid and c.conrelid = x.indrelid
     where t.relnamespace = current_schema()::regnamespace and not x.indisprimary
       and t.relname in (${tables.map(() => "?").join(", ")})`,
    tables,
  );
  return rows.map((row) =>
    row.constraint_def === null
      ? { name: row.name, table: row.table, create: row.index_def, drop: `drop index "${row.name}"` }
      : {
          name: row.name,
          table: row.table,
          create: `alter table "${row.table}" add constraint "${row.name}" ${row.constraint_def}`,
          drop: `alter table "${row.table}" drop constraint "${row.name}"`,
        },
  );
}

/** The page cache of SQLite's one connection during a bulk seed, in KiB (SQLite's negative cache_size). */
const SQLITE_BULK_CACHE_KIB = 1024 * 1024;

/** The current values of these SQLite pragmas, to set them back after the seed. */
async function sqlitePragmas(em: SqlEntityManager, names: string[]): Promise<[string, number][]> {
  const values: [string, number][] = [];
  for (const name of names) {
    const [row] = await em.execute<Record<string, unknown>[]>(`pragma ${name}`);
    values.push([name, Number(row?.[name])]);
  }
  return values;
}

export async function bulkTransaction(
  em: SqlEntityManager,
  options: { postgres: boolean; rebuiltTables: string[]; steps: [string, number][] },
  work: (tx: SqlEntityManager) => Promise<void>,
): Promise<void> {
  const { postgres, steps } = options;
  const restored = postgres ? [] : await sqlitePragmas(em, ["foreign_keys", "synchronous", "cache_size", "temp_store"]);
  if (!postgres) {
    await em.execute("pragma foreign_keys = off");
    await em.execute("pragma synchronous = off");
    // The index builds and the progress recount sort millions of rows: in memory, not through temporary
    // files and a page cache smaller than the indexes being written.
    await em.execute(`pragma cache_size = -${SQLITE_BULK_CACHE_KIB}`);
    await em.execute("pragma temp_store = memory");
  }
  try {
    await em.transactional(async (tx) => {
      if (postgres) {
        await tx.execute("set local session_replication_role = replica");
        await tx.execute("set local maintenance_work_mem = '256MB'");
        // The progress recount's aggregate over all completions: hashed in memory rather than sorted on disk.
        await tx.execute("set local work_mem = '256MB'");
      }
      const indexes = await indexesOf(tx, options.rebuiltTables, postgres);
      for (const index of indexes) await tx.execute(index.drop);
      await work(tx);
      for (const index of indexes) {
        const started = performance.now();
        await tx.execute(index.create);
        steps.push([`index ${index.name}`, performance.now() - started]);
      }
    });
  } finally {
    // The connection's own values again (mikro-orm.config.ts sets them for every connection).
    for (const [name, value] of restored) await em.execute(`pragma ${name} = ${value}`);
  }
  if (postgres) {
    // What autovacuum would do soon after: statistics for the planner, the visibility map for index-only scans.
    const started = performance.now();
    await em.execute("vacuum analyze");
    steps.push(["vacuum analyze", performance.now() - started]);
  }
}
