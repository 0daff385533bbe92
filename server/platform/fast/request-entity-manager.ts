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
const STATE = Symbol("lazy entity manager");

interface LazyState {
  root: SqlEntityManager;
  fork: SqlEntityManager | undefined;
  filterParams: Map<string, unknown> | undefined;
}

type LazyEntityManager = SqlEntityManager & { [STATE]: LazyState };

function forkOf(state: LazyState): SqlEntityManager {
  if (!state.fork) {
    state.fork = state.root.fork();
    for (const [name, params] of state.filterParams ?? []) {
      state.fork.setFilterParams(name, params as Record<string, unknown>);
    }
  }
  return state.fork;
}

/**
 * What a manager not yet forked answers itself (see above). Made once, not per request: they find the
 * request's state through `this`, the proxy they are called on.
 */
const unforkedAnswers: Record<string, unknown> = {
  getContext(this: LazyEntityManager) {
    return this;
  },
  getTransactionContext() {
    return undefined;
  },
  isInTransaction() {
    return false;
  },
  getConnection(this: LazyEntityManager, type?: "read" | "write") {
    return this[STATE].root.getConnection(type);
  },
  getDriver(this: LazyEntityManager) {
    return this[STATE].root.getDriver();
  },
  getPlatform(this: LazyEntityManager) {
    return this[STATE].root.getPlatform();
  },
  getMetadata(this: LazyEntityManager, ...args: Parameters<SqlEntityManager["getMetadata"]>) {
    return this[STATE].root.getMetadata(...args);
  },
  setFilterParams(this: LazyEntityManager, name: string, params: unknown) {
    const state = this[STATE];
    state.filterParams ??= new Map();
    state.filterParams.set(name, params);
  },
  getFilterParams(this: LazyEntityManager, name: string) {
    const state = this[STATE];
    return state.filterParams?.has(name) ? state.filterParams.get(name) : forkOf(state).getFilterParams(name);
  },
};

const lazyHandler: ProxyHandler<LazyState> = {
  get(state, property) {
    if (property === STATE) return state;
    if (!state.fork) {
      // The one property read without a call: the configuration, the ORM's own.
      if (property === "config") return state.root.config;
      if (typeof property === "string" && Object.hasOwn(unforkedAnswers, property)) return unforkedAnswers[property];
    }
    const em = forkOf(state);
    const value: unknown = Reflect.get(em, property, em);
    return typeof value === "function" ? value.bind(em) : value;
  },
  set(state, property, value) {
    return Reflect.set(forkOf(state), property, value);
  },
  has(state, property) {
    return Reflect.has(forkOf(state), property);
  },
  // `instanceof EntityManager` holds, as it does for a fork.
  getPrototypeOf(state) {
    return Object.getPrototypeOf(state.root);
  },
};

export function requestEntityManager(orm: MikroORM<AbstractSqlDriver>): SqlEntityManager {
  const state: LazyState = { root: orm.em, fork: undefined, filterParams: undefined };
  return new Proxy(state, lazyHandler) as unknown as SqlEntityManager;
}
