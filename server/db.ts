import { MikroORM } from "@mikro-orm/core";
import type { AbstractSqlDriver } from "@mikro-orm/knex";
import { type DatabaseSettings, ormOptions } from "../mikro-orm.config.js";

/** Opens the database with the options of mikro-orm.config.ts and brings its schema up to date. */
export async function openDatabase(settings: DatabaseSettings): Promise<MikroORM<AbstractSqlDriver>> {
  // Both drivers are SQL drivers; the type says so, so that query builders are available.
  const orm = (await MikroORM.init(ormOptions(settings))) as MikroORM<AbstractSqlDriver>;
  await orm.getMigrator().up();
  return orm;
}
