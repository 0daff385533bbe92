import { LockMode } from "@mikro-orm/core";
import type { SqlEntityManager } from "@mikro-orm/knex";
import { PostgreSqlPlatform } from "@mikro-orm/postgresql";
import type { Config } from "#server/platform/http/config.js";
import { dialectOf } from "../../../mikro-orm.config.js";

/**
 * Everything that differs between SQLite and PostgreSQL in what the procedures ask of the database, in
 * one place (full-text search in its own, server/modules/search/search-dialect.ts): routers and helpers say what they
 * need (a row lock, a turn) and never branch on the dialect themselves.
 *
 * SQLite runs one writer at a time (server/platform/db/database.ts gives it one connection), so a write transaction
 * already excludes every other: the locks below are PostgreSQL's way to get the same for the rows or the
 * organization concerned, while reads and other organizations' writes go on.
 */

type DialectConfig = Pick<Config, "databaseUrl">;

/**
 * Find options that lock the rows read until the transaction ends (`SELECT … FOR UPDATE`): a second
 * caller waits, then reads what the first wrote. Combine with `refresh: true`.
 */
export function lockRowsForUpdate(config: DialectConfig): { lockMode?: LockMode.PESSIMISTIC_WRITE } {
  return dialectOf(config) === "postgresql" ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {};
}

/**
 * Waits for, then holds until the transaction ends, the lock named by two numbers (a namespace and a
 * key, such as an organization's id). It blocks nobody but callers taking the same lock.
 */
export async function takeTurn(
  ctx: { em: SqlEntityManager; config: DialectConfig },
  namespace: number,
  key: number,
): Promise<void> {
  if (dialectOf(ctx.config) !== "postgresql") return;
  await ctx.em.execute("select pg_advisory_xact_lock(?, ?)", [namespace, key]);
}

/**
 * A date a raw query returned (an aggregate such as max(completed_at) is not hydrated by the ORM):
 * PostgreSQL's driver gives a Date, SQLite the milliseconds MikroORM stored.
 */
export function dateFromRow(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (typeof value === "number" || typeof value === "bigint") return new Date(Number(value));
  if (typeof value === "string") {
    const asNumber = Number(value);
    return new Date(Number.isFinite(asNumber) ? asNumber : Date.parse(value));
  }
  throw new Error(`Not a date: ${String(value)}`);
}

/** A count a raw query returned: PostgreSQL's driver gives a bigint's text, SQLite a number. */
export function countFromRow(value: unknown): number {
  return Number(value ?? 0);
}

/**
 * A date as a raw query's parameter compares it with a datetime column: SQLite keeps them as the
 * milliseconds MikroORM stored, PostgreSQL as timestamps (an ISO text converts to one).
 */
export function dateParam(config: DialectConfig, date: Date): number | string {
  return dialectOf(config) === "postgresql" ? date.toISOString() : date.getTime();
}

/** Any entity manager: the read models take MikroORM core's, the routers the SQL driver's. */
type ManagerOfPlatform = { getPlatform(): object };

/** The dialect of the database an entity manager works on. */
export function dialectOfManager(em: ManagerOfPlatform): "sqlite" | "postgresql" {
  return em.getPlatform() instanceof PostgreSqlPlatform ? "postgresql" : "sqlite";
}

/**
 * SQL for a datetime column as epoch milliseconds in text, to be read back with Number: SQLite keeps the
 * milliseconds MikroORM stored; PostgreSQL's timestamp is truncated to the millisecond, as its driver's
 * Date is.
 */
export function epochMillisText(em: ManagerOfPlatform, column: string): string {
  return dialectOfManager(em) === "postgresql" ? `floor(extract(epoch from ${column}) * 1000)::bigint` : column;
}

/** SQL aggregating text values into one, `separator` between (group_concat / string_agg). */
export function joinedText(em: ManagerOfPlatform, expression: string, separator: string): string {
  return dialectOfManager(em) === "postgresql"
    ? `string_agg(${expression}, '${separator}')`
    : `group_concat(${expression}, '${separator}')`;
}
