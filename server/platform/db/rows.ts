import type { EntityManager } from "@mikro-orm/core";
import { readPrepared } from "#server/platform/fast/prepared.js";
import { TENANT_FILTER } from "../../../mikro-orm.config.js";

/**
 * The one way hot reads query (decision 0150): plain rows through MikroORM's own connection, no entity,
 * no identity map, no query builder; the statements are prepared once and reused (decision 0154). SQL names the organization itself (the tenant filter applies to
 * entity queries only), so every read model takes the organization id and puts it in its WHERE clause.
 * Dates and counts come back as the driver gives them: read them with sql-dialect's dateFromRow and
 * countFromRow.
 */
export function readRows<Row>(em: EntityManager, sql: string, params: readonly unknown[] = []): Promise<Row[]> {
  return readPrepared<Row>(em, sql, params);
}

/** One row or undefined. */
export async function readRow<Row>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[] = [],
): Promise<Row | undefined> {
  return (await readRows<Row>(em, sql, params))[0];
}

/**
 * The organization the request's entity manager is scoped to (memberProcedure sets it): the one a read
 * model's SQL names when the caller has no membership at hand. Unscoped, it refuses rather than read all.
 */
export function scopedOrganizationId(em: EntityManager): number {
  const organizationId = em.getFilterParams<{ organizationId?: number }>(TENANT_FILTER).organizationId;
  if (organizationId === undefined) throw new Error("A read model ran on an entity manager of no organization");
  return organizationId;
}

/** `?, ?, ?` for a list bound as parameters. */
export const placeholders = (values: readonly unknown[]) => values.map(() => "?").join(", ");
