import type { EntityManager } from "@mikro-orm/core";
import type { Knex } from "@mikro-orm/knex";

/**
 * The read models' statements, prepared once per connection and reused (decision 0154). MikroORM's
 * `execute` writes every value into the SQL text and hands knex a new string each time, so nothing can be
 * reused and every value is escaped by hand; here the values are bound, and the same SQL text is the
 * same statement: on SQLite a cached better-sqlite3 Statement, on PostgreSQL a named prepared statement.
 * The connection is the one the ORM would use: the entity manager's transaction's, else one from the pool
 * (on SQLite, the only one, so a read still waits for another request's open transaction). Each statement
 * is still reported to the ORM's logger, as `execute` reports it.
 */

/** Distinct SQL texts kept prepared per connection; IN lists of many lengths must not grow it without end. */
const PREPARED_LIMIT = 256;

interface SqliteStatement {
  all(params: unknown[]): unknown[];
}

interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}

interface PostgresConnection {
  query(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/** A bounded cache: the oldest entry goes first once it is full. */
function remember<Value>(cache: Map<string, Value>, key: string, value: Value): Value {
  if (cache.size >= PREPARED_LIMIT) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(key, value);
  return value;
}

const sqliteStatements = new WeakMap<object, Map<string, SqliteStatement>>();

/** better-sqlite3 binds neither dates nor booleans: as MikroORM stores them on SQLite, milliseconds and 0/1. */
function sqliteValue(value: unknown): unknown {
  if (value instanceof Date) return value.getTime();
  if (typeof value === "boolean") return Number(value);
  return value;
}

function readSqlite(connection: SqliteConnection, sql: string, params: readonly unknown[]): unknown[] {
  let statements = sqliteStatements.get(connection);
  if (!statements) {
    statements = new Map();
    sqliteStatements.set(connection, statements);
  }
  const statement = statements.get(sql) ?? remember(statements, sql, connection.prepare(sql));
  return statement.all(params.map(sqliteValue));
}

/** `?` placeholders as PostgreSQL's `$1, $2 …`, and the statement's name, per SQL text (for every connection). */
const postgresTexts = new Map<string, { text: string; name: string }>();
let postgresNames = 0;
/** The statement names each connection has prepared: PostgreSQL keeps them until the connection closes. */
const postgresPrepared = new WeakMap<object, Set<string>>();

function postgresTextOf(sql: string): { text: string; name: string } {
  const known = postgresTexts.get(sql);
  if (known) return known;
  let position = 0;
  const text = sql.replace(/\?/g, () => `$${++position}`);
  return remember(postgresTexts, sql, { text, name: `trainwright_read_${++postgresNames}` });
}

async function readPostgres(connection: PostgresConnection, sql: string, params: readonly unknown[]) {
  const { text, name } = postgresTextOf(sql);
  let prepared = postgresPrepared.get(connection);
  if (!prepared) {
    prepared = new Set();
    postgresPrepared.set(connection, prepared);
  }
  // Past the limit a text runs unnamed (parsed each time) rather than leave the server one more statement.
  const named = prepared.has(name) || prepared.size < PREPARED_LIMIT;
  const result = await connection.query(named ? { name, text, values: [...params] } : { text, values: [...params] });
  if (named) prepared.add(name);
  return result.rows;
}

export async function readPrepared<Row>(em: EntityManager, sql: string, params: readonly unknown[]): Promise<Row[]> {
  const context = em.getContext(false);
  const transaction = context.getTransactionContext<Knex.Transaction>();
  const sqlConnection = context.getConnection() as unknown as { getKnex(): Knex };
  const client = (transaction ?? sqlConnection.getKnex()).client as {
    dialect: string;
    acquireConnection(): Promise<unknown>;
    releaseConnection(connection: unknown): Promise<void>;
  };
  const started = Date.now();
  const connection = await client.acquireConnection();
  let rows: unknown[];
  try {
    rows =
      client.dialect === "postgresql"
        ? await readPostgres(connection as PostgresConnection, sql, params)
        : readSqlite(connection as SqliteConnection, sql, params);
  } catch (error) {
    em.config.getLogger().logQuery({ query: sql, params: [...params], took: Date.now() - started, level: "error" });
    throw em.getDriver().convertException(error as Error);
  } finally {
    await client.releaseConnection(connection);
  }
  em.config.getLogger().logQuery({ query: sql, params: [...params], took: Date.now() - started, results: rows.length });
  return rows as Row[];
}
