import type { EntityManager } from "@mikro-orm/core";
import type { Knex } from "@mikro-orm/knex";
import { type KnexClient, type Outcome, runSqlite, type SqliteConnection } from "./prepared.js";

/**
 * Writes on SQLite that commit together (decision 0241). With `synchronous = FULL` every COMMIT waits for
 * an fsync of the WAL, and better-sqlite3 waits on the event loop: one commit per completion made that
 * fsync the largest single cost of lessons/complete. Here the writes that reach the database in the same
 * turn of the event loop share one transaction and one COMMIT:
 * - the first opens the transaction on SQLite's one connection, taken from the pool like any transaction,
 *   so nothing else runs on it meanwhile; the transaction commits once the turn's I/O callbacks are done
 *   (`setImmediate`), and the connection goes back to the pool;
 * - each write runs synchronously, start to end, inside a savepoint of its own, so writes never
 *   interleave, and one that throws is rolled back alone and answered at once;
 * - a write's promise settles only after the COMMIT returned: an answer never reports a row that is
 *   not yet durable. A failed COMMIT rolls back and rejects every write of the turn.
 */

/** The statements a write runs: values bound, each reported to the ORM's logger like `writePrepared`'s. */
export interface SyncStatements {
  read<Row>(sql: string, params: readonly unknown[]): Row[];
  write(sql: string, params: readonly unknown[]): number;
}

interface QueuedWrite {
  run(statements: SyncStatements): void;
  settle(committed: Error | null): void;
}

interface Batch {
  /** Writes waiting for the connection, then the ones that ran and wait for the COMMIT. */
  waiting: QueuedWrite[];
  ran: QueuedWrite[];
  connection: SqliteConnection | null;
  statements: SyncStatements | null;
}

const batches = new WeakMap<KnexClient, Batch>();

function knexClientOf(em: EntityManager): KnexClient {
  return (em.getConnection() as unknown as { getKnex(): Knex }).getKnex().client as KnexClient;
}

function statementsOn(em: EntityManager, connection: SqliteConnection): SyncStatements {
  const logger = em.config.getLogger();
  const run = (sql: string, params: readonly unknown[], reads: boolean): Outcome => {
    const started = Date.now();
    let outcome: Outcome;
    try {
      outcome = runSqlite(connection, sql, params, reads);
    } catch (error) {
      logger.logQuery({ query: sql, params: [...params], took: Date.now() - started, level: "error" });
      throw em.getDriver().convertException(error as Error);
    }
    const results = reads ? outcome.rows.length : outcome.changed;
    logger.logQuery({ query: sql, params: [...params], took: Date.now() - started, results });
    return outcome;
  };
  return {
    read: <Row>(sql: string, params: readonly unknown[]) => run(sql, params, true).rows as Row[],
    write: (sql: string, params: readonly unknown[]) => run(sql, params, false).changed,
  };
}

/** Control statements (begin, savepoint …) reported to the logger like knex's own begin and commit. */
function control(em: EntityManager, connection: SqliteConnection, sql: string): void {
  runSqlite(connection, sql, [], false);
  em.config.getLogger().logQuery({ query: sql, params: [], took: 0 });
}

function runInSavepoint(em: EntityManager, batch: Batch, write: QueuedWrite): void {
  const connection = batch.connection as SqliteConnection;
  control(em, connection, "savepoint completion_write");
  try {
    write.run(batch.statements as SyncStatements);
  } catch (error) {
    control(em, connection, "rollback to completion_write");
    control(em, connection, "release completion_write");
    write.settle(error as Error);
    return;
  }
  control(em, connection, "release completion_write");
  batch.ran.push(write);
}

/** After a failed COMMIT: SQLite may have ended the transaction itself, and then there is nothing to undo. */
function rollbackIfOpen(connection: SqliteConnection): void {
  try {
    runSqlite(connection, "rollback", [], false);
  } catch {
    // "no transaction is active": the failure already rolled it back.
  }
}

function commit(em: EntityManager, client: KnexClient, batch: Batch): void {
  const connection = batch.connection as SqliteConnection;
  const ran = batch.ran;
  batches.delete(client);
  let failure: Error | null = null;
  try {
    control(em, connection, "commit");
  } catch (error) {
    failure = em.getDriver().convertException(error as Error);
    rollbackIfOpen(connection);
  }
  void client.releaseConnection(connection);
  for (const write of ran) write.settle(failure);
}

async function open(em: EntityManager, client: KnexClient, batch: Batch): Promise<void> {
  let connection: SqliteConnection | undefined;
  try {
    connection = (await client.acquireConnection()) as SqliteConnection;
    control(em, connection, "begin");
  } catch (error) {
    batches.delete(client);
    if (connection) void client.releaseConnection(connection);
    for (const write of batch.waiting) write.settle(em.getDriver().convertException(error as Error));
    return;
  }
  batch.connection = connection;
  batch.statements = statementsOn(em, connection);
  for (const write of batch.waiting.splice(0)) runInSavepoint(em, batch, write);
  setImmediate(() => commit(em, client, batch));
}

/**
 * Runs `work` in this turn's shared transaction (see above) on the entity manager's SQLite connection,
 * and answers what it returned once that transaction committed. `work` must not wait for anything.
 */
export function commitTogether<Result>(
  em: EntityManager,
  work: (statements: SyncStatements) => Result,
): Promise<Result> {
  // Inside a transaction the connection is already taken: the shared one would wait for it for ever.
  if (em.isInTransaction()) throw new Error("commitTogether runs outside any transaction");
  const client = knexClientOf(em);
  return new Promise<Result>((resolve, reject) => {
    let result: Result;
    const write: QueuedWrite = {
      run: (statements) => {
        result = work(statements);
      },
      settle: (failure) => (failure ? reject(failure) : resolve(result)),
    };
    const batch = batches.get(client);
    if (batch?.connection) {
      runInSavepoint(em, batch, write);
      return;
    }
    if (batch) {
      batch.waiting.push(write);
      return;
    }
    const opened: Batch = { waiting: [write], ran: [], connection: null, statements: null };
    batches.set(client, opened);
    void open(em, client, opened);
  });
}
