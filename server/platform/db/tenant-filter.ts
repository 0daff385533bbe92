/**
 * The name of the tenant filter (mikro-orm.config.ts), whose parameter is the organization a request acts
 * on: the procedure builders set it, entity queries and raw SQL (rows.ts) read it. A file of its own, so
 * that reading the name loads nothing: the ORM's configuration loads every entity, and through them the
 * modules that run raw SQL.
 */
export const TENANT_FILTER = "tenant";
