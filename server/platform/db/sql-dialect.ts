import { LockMode } from "@mikro-orm/core";
import type { SqlEntityManager } from "@mikro-orm/knex";
import { PostgreSqlPlatform } from "@mikro-orm/postgresql";
import type { Config } from "#server/platform/http/config.js";
import { dialectOf } from "../../../mikro-orm.config.js";
import { inScope, readRows } from "./rows.js";

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

/** A course's content names its course by the course itself, one of its modules or one of its lessons. */
export type CourseOfContent = { courseId: number } | { moduleId: number } | { lessonId: number };

/** The course row to lock, found from what the write names, within the request's organization. */
function courseRowQuery(of: CourseOfContent): [string, number] {
  if ("courseId" in of) return [`from courses c where c.id = ? and ${inScope("c")}`, of.courseId];
  if ("moduleId" in of) {
    return [`from courses c join modules m on m.course_id = c.id where m.id = ? and ${inScope("m")}`, of.moduleId];
  }
  return [
    `from courses c join modules m on m.course_id = c.id join lessons l on l.module_id = m.id
     where l.id = ? and ${inScope("l")}`,
    of.lessonId,
  ];
}

/**
 * Holds the course row of a write to a course's content until the transaction ends, so that writes to one
 * course run one after the other, taking their other row locks only after this one: one lock order
 * (docs/DESIGN.md §4). The course row alone is locked (`OF c`), never the module or lesson rows joined to
 * find it, and `FOR NO KEY UPDATE` is the lock an UPDATE of the row takes: unlike `FOR UPDATE` it lets
 * rows that reference the course be inserted meanwhile (their foreign key check takes `FOR KEY SHARE`),
 * so completions and the search index's rows never wait for it. Nothing when the organization has no
 * such row: the caller's read then finds nothing either.
 */
export async function lockCourseRow(
  ctx: { em: SqlEntityManager; config: DialectConfig },
  of: CourseOfContent,
): Promise<void> {
  if (dialectOf(ctx.config) !== "postgresql") return;
  const [from, id] = courseRowQuery(of);
  await readRows(ctx.em, `select c.id ${from} for no key update of c`, [id]);
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

/** dateParam for code that holds an entity manager rather than the settings (the outbox sender). */
export function dateParamOf(em: ManagerOfPlatform, date: Date): number | string {
  return dialectOfManager(em) === "postgresql" ? date.toISOString() : date.getTime();
}

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
