import type { EntityManager } from "@mikro-orm/core";
import { readPrepared, writePrepared, writePreparedReturning } from "#server/platform/fast/prepared.js";
import type { SyncStatements } from "#server/platform/fast/sqlite-group-commit.js";
import { TENANT_FILTER } from "./tenant-filter.js";

/**
 * The one way raw SQL runs in a request (decision 0150): plain rows through MikroORM's own connection, no
 * entity, no identity map, no query builder; the statements are prepared once and reused (decision 0154).
 * Dates and counts come back as the driver gives them: read them with sql-dialect's dateFromRow and
 * countFromRow.
 *
 * Raw SQL is scoped to the request's organization by the runner, not by hand (decision 0280), as entity
 * queries are by the tenant filter: a statement writes `${inScope("c")}` where it means "c's rows of the
 * request's organization", which is `c.organization_id = ?` with the organization bound there. The
 * organization is the tenant filter's parameter on the entity manager (the procedure builders set it;
 * scopedOrganizationId); readRows, readRow and writeRows throw without one, as the filter refuses an
 * unscoped entity query, and throw on a statement that never says inScope. No module writes
 * `organization_id = ?` or passes an organization id to SQL (tests/unit/raw-sql-scope.test.ts). The one
 * read that must cross organizations, the session and memberships that decide which organization a
 * request acts on, says so by name: readRowsAcrossOrganizations, readRowAcrossOrganizations.
 *
 * The statement's text stays the same for every organization (the prepared statements key on it).
 */

/** Where a statement names the request's organization; not SQL, so a statement not run here fails. */
const ORGANIZATION = "{{organization}}";

/** `alias.organization_id = ?`, the `?` bound to the request's organization (see above); no alias: `organization_id = ?`. */
export function inScope(alias?: string): string {
  return `${alias === undefined ? "" : `${alias}.`}organization_id = ${ORGANIZATION}`;
}

/**
 * The organization the request's entity manager is scoped to (memberProcedure sets it). Unscoped, it
 * refuses rather than read all.
 */
export function scopedOrganizationId(em: EntityManager): number {
  const params = em.getFilterParams(TENANT_FILTER) as { organizationId?: number } | undefined;
  const organizationId = params?.organizationId;
  if (organizationId === undefined) {
    throw new Error("Raw SQL ran on an entity manager of no organization (readRowsAcrossOrganizations crosses them)");
  }
  return organizationId;
}

/** A statement as it runs: each `?` and inScope's place bound to a caller's value or to the organization. */
interface ScopedStatement {
  sql: string;
  /** Per placeholder, the index of the caller's value, or -1 for the organization. */
  slots: number[];
  /** How many values the caller binds. */
  values: number;
}

/** Statements by their text; IN lists of many lengths must not grow it without end. */
const STATEMENTS_LIMIT = 256;
const known = new Map<string, ScopedStatement>();

function scopedStatementOf(sql: string): ScopedStatement {
  const statement = known.get(sql);
  if (statement) return statement;
  const slots: number[] = [];
  let values = 0;
  const text = sql.replace(/\?|\{\{organization\}\}/g, (placeholder) => {
    slots.push(placeholder === ORGANIZATION ? -1 : values++);
    return "?";
  });
  if (!slots.includes(-1)) throw new Error(`A scoped statement that never says inScope: ${sql}`);
  if (known.size >= STATEMENTS_LIMIT) known.delete(known.keys().next().value as string);
  const made = { sql: text, slots, values };
  known.set(sql, made);
  return made;
}

/** The statement's text and its values, the organization bound at each inScope. */
function bound(organizationId: number, sql: string, params: readonly unknown[]): [string, unknown[]] {
  const statement = scopedStatementOf(sql);
  if (params.length !== statement.values) {
    throw new Error(`${params.length} values for ${statement.values} placeholders: ${sql}`);
  }
  const values = new Array<unknown>(statement.slots.length);
  for (let index = 0; index < values.length; index++) {
    const slot = statement.slots[index] as number;
    values[index] = slot < 0 ? organizationId : params[slot];
  }
  return [statement.sql, values];
}

/** Rows of a statement in the request's organization (see above). */
export async function readRows<Row>(em: EntityManager, sql: string, params: readonly unknown[] = []): Promise<Row[]> {
  const [text, values] = bound(scopedOrganizationId(em), sql, params);
  return readPrepared<Row>(em, text, values);
}

/** One row or undefined. */
export async function readRow<Row>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[] = [],
): Promise<Row | undefined> {
  return (await readRows<Row>(em, sql, params))[0];
}

/** A write (no RETURNING) in the request's organization, prepared (decision 0209): how many rows it changed. */
export async function writeRows(em: EntityManager, sql: string, params: readonly unknown[]): Promise<number> {
  const [text, values] = bound(scopedOrganizationId(em), sql, params);
  return writePrepared(em, text, values);
}

/** A write with RETURNING in the request's organization, like writeRows: the rows it returned. */
export async function writeRowsReturning<Row>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[],
): Promise<Row[]> {
  const [text, values] = bound(scopedOrganizationId(em), sql, params);
  return writePreparedReturning<Row>(em, text, values);
}

/**
 * The statements of a write that commits together (platform/fast/sqlite-group-commit.ts) in the scope of
 * `em`, the write's own entity manager: the batch's statements are shared by every request of the turn.
 */
export function scopedStatements(em: EntityManager, shared: SyncStatements): SyncStatements {
  const organizationId = scopedOrganizationId(em);
  return {
    read: <Row>(sql: string, params: readonly unknown[]) => shared.read<Row>(...bound(organizationId, sql, params)),
    write: (sql: string, params: readonly unknown[]) => shared.write(...bound(organizationId, sql, params)),
  };
}

/**
 * Rows read across organizations, on purpose: the session and the memberships that decide which
 * organization a request acts on, read before it has one. Never for an organization's own rows.
 */
export async function readRowsAcrossOrganizations<Row>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[] = [],
): Promise<Row[]> {
  if (sql.includes(ORGANIZATION)) throw new Error(`inScope in a read across organizations: ${sql}`);
  return readPrepared<Row>(em, sql, params);
}

/** readRowsAcrossOrganizations' one row or undefined. */
export async function readRowAcrossOrganizations<Row>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[] = [],
): Promise<Row | undefined> {
  return (await readRowsAcrossOrganizations<Row>(em, sql, params))[0];
}

/** `?, ?, ?` for a list bound as parameters. */
export const placeholders = (values: readonly unknown[]) => values.map(() => "?").join(", ");
