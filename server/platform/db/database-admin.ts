import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { MikroORM } from "@mikro-orm/postgresql";
import Database from "better-sqlite3";
import type { Config } from "#server/platform/http/config.js";
import { dialectOf, sqliteFile } from "../../../mikro-orm.config.js";

/** The operator's database chores: create, back up, restore. Each reports with one line or throws. */
export class DatabaseAdminError extends Error {}

type DatabaseSettings = Pick<Config, "databaseUrl" | "dataDir">;

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The PostgreSQL tool of that name: on PATH, or in the newest /usr/lib/postgresql/N/bin. */
function postgresTool(name: "pg_dump" | "pg_restore"): string {
  const onPath = spawnSync(name, ["--version"]);
  if (onPath.status === 0) return name;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? spawnSync("ls", [root], { encoding: "utf8" }).stdout.split("\n") : [];
  for (const version of versions.filter(Boolean).sort((a, b) => Number(b) - Number(a))) {
    const candidate = path.join(root, version, "bin", name);
    if (existsSync(candidate)) return candidate;
  }
  throw new DatabaseAdminError(`${name} is not installed (apt-get install postgresql-client).`);
}

function runTool(name: "pg_dump" | "pg_restore", args: string[]): void {
  const result = spawnSync(postgresTool(name), args, { encoding: "utf8" });
  if (result.status !== 0) {
    throw new DatabaseAdminError(`${name} failed: ${(result.stderr || result.stdout).trim().split("\n")[0]}`);
  }
}

/** `npm run db:create`: makes the PostgreSQL database DATABASE_URL names (SQLite's file makes itself). */
export async function createDatabase(settings: DatabaseSettings): Promise<string> {
  if (!settings.databaseUrl) return `SQLite needs no creating: the file appears in ${settings.dataDir} on first start`;
  const target = new URL(settings.databaseUrl);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ""));
  const maintenance = new URL(settings.databaseUrl);
  maintenance.pathname = "/postgres";
  const orm = await MikroORM.init({
    clientUrl: maintenance.toString(),
    entities: [],
    discovery: { warnWhenNoEntities: false },
    allowGlobalContext: true,
    ensureDatabase: false,
    pool: { min: 0, max: 1 },
  });
  try {
    const connection = orm.em.getConnection();
    const existing = await connection.execute("select 1 from pg_database where datname = ?", [name]);
    if (existing.length > 0) return `the database "${name}" exists already`;
    await connection.execute(`create database ${quoteIdentifier(name)}`);
    return `created the database "${name}"`;
  } finally {
    await orm.close(true);
  }
}

/**
 * `npm run backup -- FILE`, safe while the server runs. SQLite: the online backup API, which copies what
 * is still in the write-ahead log too (a copy of the file alone would miss it). PostgreSQL: pg_dump's
 * custom format, one consistent snapshot.
 */
export async function backupDatabase(settings: DatabaseSettings, file: string): Promise<string> {
  const target = path.resolve(file);
  mkdirSync(path.dirname(target), { recursive: true });
  if (dialectOf(settings) === "postgresql") {
    runTool("pg_dump", [
      "--format=custom",
      "--no-owner",
      "--no-privileges",
      `--file=${target}`,
      `--dbname=${settings.databaseUrl}`,
    ]);
    return `backed up PostgreSQL to ${target}`;
  }
  const source = sqliteFile(settings.dataDir);
  if (!existsSync(source)) throw new DatabaseAdminError(`there is no database at ${source}`);
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
  return `backed up ${source} to ${target}`;
}

/** Refuses a file that is not a Trainwright SQLite database, before anything is replaced. */
function checkSqliteBackup(file: string): void {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch {
    throw new DatabaseAdminError(`${file} is not an SQLite database`);
  }
  try {
    const integrity = db.pragma("integrity_check", { simple: true });
    if (integrity !== "ok") throw new DatabaseAdminError(`${file} is damaged (integrity check: ${String(integrity)})`);
    const migrations = db.prepare("select name from sqlite_master where type = 'table' and name = 'schema_migrations'");
    if (migrations.get() === undefined) throw new DatabaseAdminError(`${file} is not a Trainwright backup`);
  } catch (error) {
    if (error instanceof DatabaseAdminError) throw error;
    throw new DatabaseAdminError(`${file} is not an SQLite database`);
  } finally {
    db.close();
  }
}

/**
 * `npm run restore -- FILE`: replaces the whole database with the backup. Stop every instance first; the
 * next start applies any migration newer than the backup.
 */
export async function restoreDatabase(settings: DatabaseSettings, file: string): Promise<string> {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new DatabaseAdminError(`there is no backup at ${source}`);
  if (dialectOf(settings) === "postgresql") {
    runTool("pg_restore", [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--no-privileges",
      "--single-transaction",
      "--exit-on-error",
      `--dbname=${settings.databaseUrl}`,
      source,
    ]);
    return `restored PostgreSQL from ${source}`;
  }
  checkSqliteBackup(source);
  const target = sqliteFile(settings.dataDir);
  mkdirSync(path.dirname(target), { recursive: true });
  // Copied beside the target first, then swapped in with rename: a crash leaves the old or the new file.
  const incoming = `${target}.restoring`;
  copyFileSync(source, incoming);
  for (const leftover of [`${target}-wal`, `${target}-shm`]) rmSync(leftover, { force: true });
  renameSync(incoming, target);
  return `restored ${target} from ${source}`;
}
