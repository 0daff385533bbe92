import type { EntityManager } from "@mikro-orm/core";
import type { Knex } from "@mikro-orm/knex";

/**
 * The read models' statements (and a few hot writes, decision 0209), prepared once per connection and
 * reused (decision 0154). MikroORM's
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
  /** True for a statement that returns rows. */
  readonly reader: boolean;
  all(params: unknown[]): unknown[];
  run(params: unknown[]): { changes: number };
  /** Rows as arrays of values from now on (a reader only). */
  raw(toggle: boolean): SqliteStatement;
  columns(): { name: string }[];
}

/** A statement of one connection, and for a reader the names of its result's columns. */
interface SqliteEntry {
  statement: SqliteStatement;
  columns: string[] | null;
}

export interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}

interface PostgresConnection {
  query(config: {
    name?: string;
    text: string;
    values: unknown[];
  }): Promise<{ rows: unknown[]; rowCount: number | null }>;
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

const sqliteStatements = new WeakMap<object, Map<string, SqliteEntry>>();

/** better-sqlite3 binds neither dates nor booleans: as MikroORM stores them on SQLite, milliseconds and 0/1. */
function sqliteValue(value: unknown): unknown {
  if (value instanceof Date) return value.getTime();
  if (typeof value === "boolean") return Number(value);
  return value;
}

/**
 * A reader returns its rows as arrays, which rowsOf names in JavaScript: better-sqlite3 builds an object
 * row by setting each column by its name, which it interns again for every value; that was a third of a
 * wide read's cost (decision 0237).
 */
function prepareSqlite(connection: SqliteConnection, sql: string): SqliteEntry {
  const statement = connection.prepare(sql);
  if (!statement.reader) return { statement, columns: null };
  return { statement: statement.raw(true), columns: statement.columns().map((column) => column.name) };
}

function sqliteStatement(connection: SqliteConnection, sql: string): SqliteEntry {
  let statements = sqliteStatements.get(connection);
  if (!statements) {
    statements = new Map();
    sqliteStatements.set(connection, statements);
  }
  return statements.get(sql) ?? remember(statements, sql, prepareSqlite(connection, sql));
}

/** Rows of values as objects keyed by their columns' names, as better-sqlite3 would give them (a later column of the same name wins). */
function rowsOf(values: unknown[][], columns: readonly string[]): Record<string, unknown>[] {
  const rows = new Array<Record<string, unknown>>(values.length);
  for (let index = 0; index < values.length; index++) {
    const rowValues = values[index] as unknown[];
    const row: Record<string, unknown> = {};
    for (let column = 0; column < columns.length; column++) row[columns[column] as string] = rowValues[column];
    rows[index] = row;
  }
  return rows;
}

/** What a statement gives back: its rows (a read), or how many rows it changed (a write). */
export type Outcome = { rows: unknown[]; changed: number };

export function runSqlite(
  connection: SqliteConnection,
  sql: string,
  params: readonly unknown[],
  reads: boolean,
): Outcome {
  const { statement, columns } = sqliteStatement(connection, sql);
  if (reads) {
    if (!columns) throw new Error(`Not a statement that returns rows: ${sql}`);
    return { rows: rowsOf(statement.all(params.map(sqliteValue)) as unknown[][], columns), changed: 0 };
  }
  return { rows: [], changed: statement.run(params.map(sqliteValue)).changes };
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

async function runPostgres(connection: PostgresConnection, sql: string, params: readonly unknown[]): Promise<Outcome> {
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
  return { rows: result.rows, changed: result.rowCount ?? 0 };
}

export interface KnexClient {
  dialect: string;
  pool?: { numUsed(): number; numFree(): number; numPendingAcquires(): number };
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<void>;
}

/** SQLite's one connection as the pool last handed it out, per knex client (see idleSqliteConnection). */
const sqliteConnections = new WeakMap<KnexClient, SqliteConnection & { open?: boolean }>();

/**
 * SQLite's one connection when nobody holds it and nobody waits for it: a statement outside a
 * transaction then runs on it at once, without the pool's acquire and release (a timer and a chain of
 * promises each time, a third of a one-row read's CPU). better-sqlite3 runs a statement synchronously, so
 * no other request can take the connection meanwhile. While a transaction holds it, the statement waits
 * in the pool as before and never reads another request's uncommitted rows.
 */
function idleSqliteConnection(client: KnexClient): SqliteConnection | undefined {
  const connection = sqliteConnections.get(client);
  const pool = client.pool;
  if (!connection?.open || !pool) return undefined;
  return pool.numUsed() === 0 && pool.numFree() === 1 && pool.numPendingAcquires() === 0 ? connection : undefined;
}

async function runAcquired(client: KnexClient, sql: string, params: readonly unknown[], reads: boolean) {
  const connection = await client.acquireConnection();
  try {
    if (client.dialect === "postgresql") return await runPostgres(connection as PostgresConnection, sql, params);
    sqliteConnections.set(client, connection as SqliteConnection);
    return runSqlite(connection as SqliteConnection, sql, params, reads);
  } finally {
    await client.releaseConnection(connection);
  }
}

/** Runs one statement on the connection the ORM would use (see above), reporting it to the ORM's logger. */
async function runPrepared(
  em: EntityManager,
  sql: string,
  params: readonly unknown[],
  reads: boolean,
): Promise<Outcome> {
  const context = em.getContext(false);
  const transaction = context.getTransactionContext<Knex.Transaction>();
  const sqlConnection = context.getConnection() as unknown as { getKnex(): Knex };
  const client = (transaction ?? sqlConnection.getKnex()).client as KnexClient;
  const started = Date.now();
  let outcome: Outcome;
  try {
    const idle = transaction ? undefined : idleSqliteConnection(client);
    outcome = idle ? runSqlite(idle, sql, params, reads) : await runAcquired(client, sql, params, reads);
  } catch (error) {
    em.config.getLogger().logQuery({ query: sql, params: [...params], took: Date.now() - started, level: "error" });
    throw em.getDriver().convertException(error as Error);
  }
  const results = reads ? outcome.rows.length : outcome.changed;
  em.config.getLogger().logQuery({ query: sql, params: [...params], took: Date.now() - started, results });
  return outcome;
}

export async function readPrepared<Row>(em: EntityManager, sql: string, params: readonly unknown[]): Promise<Row[]> {
  return (await runPrepared(em, sql, params, true)).rows as Row[];
}

/**
 * A write (INSERT, UPDATE, DELETE without RETURNING) as a prepared statement, in the entity manager's
 * transaction when it has one: answers how many rows it changed. For the hot writes whose SQL is fixed
 * (a completion and its counts, decision 0209): knex would build and escape the same text every time.
 */
export async function writePrepared(em: EntityManager, sql: string, params: readonly unknown[]): Promise<number> {
  return (await runPrepared(em, sql, params, false)).changed;
}

/** A write with RETURNING as a prepared statement, like writePrepared: answers the rows it returned. */
export async function writePreparedReturning<Row>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[],
): Promise<Row[]> {
  return (await runPrepared(em, sql, params, true)).rows as Row[];
}
