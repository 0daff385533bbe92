/**
 * Migrations for both drivers come from the same entities.
 *   tsx scripts/migrations.ts generate [name]   writes the next migration for SQLite and PostgreSQL
 *   tsx scripts/migrations.ts check             fails when the entities and either folder disagree
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MikroORM } from "@mikro-orm/core";
import { type Dialect, ormOptions } from "../mikro-orm.config.js";
import { startThrowawayPostgres } from "./lib/postgres.js";

async function withFreshDatabase<T>(dialect: Dialect, work: (orm: MikroORM) => Promise<T>): Promise<T> {
  if (dialect === "sqlite") {
    const dataDir = mkdtempSync(path.join(tmpdir(), "trainwright-migrations-"));
    const orm = await MikroORM.init(ormOptions({ databaseUrl: null, dataDir }));
    try {
      return await work(orm);
    } finally {
      await orm.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const postgres = await startThrowawayPostgres();
  try {
    const orm = await MikroORM.init(ormOptions({ databaseUrl: postgres.adminUrl, dataDir: "" }));
    try {
      return await work(orm);
    } finally {
      await orm.close();
    }
  } finally {
    postgres.stop();
  }
}

const DIALECTS: Dialect[] = ["sqlite", "postgresql"];

async function generate(name: string | undefined): Promise<void> {
  for (const dialect of DIALECTS) {
    await withFreshDatabase(dialect, async (orm) => {
      const migrator = orm.getMigrator();
      await migrator.up();
      const result = await migrator.createMigration(undefined, false, false, name);
      console.log(result.diff.up.length ? `${dialect}: wrote ${result.fileName}` : `${dialect}: already up to date`);
    });
  }
}

/** Applies every migration to an empty database, then asks the ORM what is still missing. */
async function check(dialects: Dialect[]): Promise<void> {
  let drift = false;
  for (const dialect of dialects) {
    await withFreshDatabase(dialect, async (orm) => {
      await orm.getMigrator().up();
      const missing = (await orm.schema.getUpdateSchemaSQL({ wrap: false })).trim();
      if (missing) {
        drift = true;
        console.error(`${dialect}: the migrations do not match the entities; still needed:\n${missing}`);
      } else {
        console.log(`${dialect}: migrations match the entities`);
      }
    });
  }
  if (drift) {
    console.error("Run `npx tsx scripts/migrations.ts generate <name>` and commit the new files.");
    process.exit(1);
  }
}

const [command, argument] = process.argv.slice(2);
if (command === "generate") await generate(argument);
else if (command === "check") await check(argument ? [argument as Dialect] : DIALECTS);
else {
  console.error("usage: tsx scripts/migrations.ts generate [name] | check [sqlite|postgresql]");
  process.exit(2);
}
