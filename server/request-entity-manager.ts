import type { MikroORM } from "@mikro-orm/core";
import type { AbstractSqlDriver, SqlEntityManager } from "@mikro-orm/knex";

/**
 * A request's entity manager, forked from the ORM's only when the request uses what a fork is for: its
 * unit of work (an entity found, created or flushed), a transaction, or anything else an entity manager
 * does for one request alone (decision 0226).
 *
 * A fork builds a unit of work, an entity factory, a loader and a validator, about 5 % of a signed-in
 * read's CPU, and the hot reads never use them: they read plain rows (decision 0150) through the ORM's one
 * connection, and scope to an organization with its filter's parameters. So until something else is
 * asked of it, this answers those alone:
 * - the connection, driver, configuration, platform and metadata, which every fork shares with the ORM;
 * - the transaction, which a fork that was never made has none of;
 * - the filter parameters set on it, which the fork receives when it is made, in the order they were set.
 * Anything else makes the fork first and is the fork's own answer.
 */
export function requestEntityManager(orm: MikroORM<AbstractSqlDriver>): SqlEntityManager {
  const root = orm.em;
  let fork: SqlEntityManager | undefined;
  const filterParams = new Map<string, unknown>();

  const forked = (): SqlEntityManager => {
    if (!fork) {
      fork = root.fork();
      for (const [name, params] of filterParams) fork.setFilterParams(name, params as Record<string, unknown>);
    }
    return fork;
  };

  const shared = {
    getConnection: (type?: "read" | "write") => root.getConnection(type),
    getDriver: () => root.getDriver(),
    getPlatform: () => root.getPlatform(),
    getMetadata: (...args: Parameters<SqlEntityManager["getMetadata"]>) => root.getMetadata(...args),
    getTransactionContext: () => undefined,
    isInTransaction: () => false,
    setFilterParams: (name: string, params: unknown) => {
      filterParams.set(name, params);
    },
  };

  // The one property read without a call: the configuration, the ORM's own.
  const sharedValues: Record<PropertyKey, unknown> = { config: root.config };

  const lazy: SqlEntityManager = new Proxy(Object.create(Object.getPrototypeOf(root)) as SqlEntityManager, {
    get(_target, property) {
      if (!fork) {
        if (property === "getContext") return () => lazy;
        if (property === "getFilterParams") {
          return (name: string) => (filterParams.has(name) ? filterParams.get(name) : forked().getFilterParams(name));
        }
        if (Object.hasOwn(shared, property)) return shared[property as keyof typeof shared];
        if (Object.hasOwn(sharedValues, property)) return sharedValues[property];
      }
      const em = forked();
      const value: unknown = Reflect.get(em, property, em);
      return typeof value === "function" ? value.bind(em) : value;
    },
    set(_target, property, value) {
      return Reflect.set(forked(), property, value);
    },
    has(_target, property) {
      return Reflect.has(forked(), property);
    },
  });
  return lazy;
}
