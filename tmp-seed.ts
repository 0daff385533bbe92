import { mkdirSync } from "node:fs";
import { loadConfig } from "#server/config.js";
import { openDatabase } from "#server/db.js";
import { seedLargeDatabase } from "./scripts/lib/bench-large.js";
import { startThrowawayPostgres } from "./scripts/lib/postgres.js";

const dir = process.argv[2] ?? "/tmp/largedb/db";
mkdirSync(dir, { recursive: true });
const pg = process.env.BENCH_DB === "postgres" ? await startThrowawayPostgres() : undefined;
const config = loadConfig({
  HOST: "127.0.0.1",
  PORT: "0",
  DATA_DIR: dir,
  DATABASE_URL: pg?.adminUrl,
  LOG_LEVEL: "silent",
});
const orm = await openDatabase(config);
const em = orm.em.fork();
const now = pg ? new Date() : Date.now();
await em.execute("insert into organizations (name, slug, created_at) values ('A', 'a', ?), ('B', 'b', ?)", [now, now]);
await em.execute(
  "insert into users (name, email, email_key, password_hash, created_at) values ('Admin', 'admin@x', 'admin@x', 'x', ?)",
  [now],
);
const t0 = performance.now();
const c0 = process.cpuUsage();
const seed = await seedLargeDatabase(em, {
  postgres: !!pg,
  passwordHash: "x",
  adminUserId: 1,
  indexesAfterInsert: process.env.KEEP_INDEXES !== "1",
});
const cpu = process.cpuUsage(c0);
console.log(
  "wall",
  (performance.now() - t0).toFixed(0),
  "cpu",
  ((cpu.user + cpu.system) / 1000).toFixed(0),
  JSON.stringify(seed),
);
if (pg) {
  console.log("PG URL", pg.adminUrl);
  await new Promise((r) => setTimeout(r, Number(process.env.KEEP_MS ?? 0)));
  pg.stop();
}
await orm.close(true);
