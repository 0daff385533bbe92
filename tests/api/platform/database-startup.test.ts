import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, inject, it } from "vitest";
import { createDatabase } from "#server/platform/db/database-admin.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { PROCESS_TEST_TIMEOUT_MS, type ServerProcess, startServerProcess } from "../support/server-process.js";

const onPostgres = inject("testDb") === "postgres";
const INSTANCES = 3;

let databases: TestDatabase[] = [];
let servers: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  servers = [];
  await Promise.all(databases.map((database) => database.drop()));
  databases = [];
});

async function readiness(url: string): Promise<number> {
  return (await fetch(`${url}/_api/ready`)).status;
}

describe("start-up on the database", () => {
  it.runIf(onPostgres)(
    `${INSTANCES} instances starting at once on an empty PostgreSQL all come up`,
    async () => {
      const database = await createTestDatabase();
      databases.push(database);
      const env = { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? undefined };
      const started = await Promise.allSettled(Array.from({ length: INSTANCES }, () => startServerProcess(env)));
      servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
      expect(started.filter((result) => result.status === "rejected")).toEqual([]);
      for (const server of servers) expect(await readiness(server.url)).toBe(200);

      const register = await fetch(`${servers[0]?.url}/_api/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Many", email: "many@example.com", password: "a long enough password" }),
      });
      expect(register.status).toBe(200);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it.runIf(onPostgres)(
    "a DATABASE_URL naming a missing database stops start-up with one line and creates nothing; db:create makes it",
    async () => {
      const adminUrl = inject("pgAdminUrl") as string;
      const name = `missing_${randomBytes(4).toString("hex")}`;
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const holder = await createTestDatabase();
      databases.push(holder);
      const env = { DATA_DIR: holder.dataDir, DATABASE_URL: url.toString() };

      const failed = await startServerProcess(env, { expectExit: true });
      expect(await failed.exited).toBe(1);
      const lines = failed.output().trim().split("\n");
      expect(lines).toEqual([
        `trainwright: the database "${name}" in DATABASE_URL does not exist; create it with \`npm run db:create\`, then start again`,
      ]);
      expect(await createDatabase({ databaseUrl: url.toString(), dataDir: holder.dataDir })).toBe(
        `created the database "${name}"`,
      );
      expect(await createDatabase({ databaseUrl: url.toString(), dataDir: holder.dataDir })).toBe(
        `the database "${name}" exists already`,
      );
      databases.push({
        dataDir: holder.dataDir,
        databaseUrl: url.toString(),
        drop: async () => {
          const { MikroORM } = await import("@mikro-orm/postgresql");
          const orm = await MikroORM.init({
            clientUrl: adminUrl,
            entities: [],
            discovery: { warnWhenNoEntities: false },
            allowGlobalContext: true,
          });
          await orm.em.getConnection().execute(`drop database if exists ${name} with (force)`);
          await orm.close(true);
        },
      });
      const server = await startServerProcess(env);
      servers.push(server);
      expect(await readiness(server.url)).toBe(200);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    "SQLite: a fresh data folder is created and migrated on first start",
    async () => {
      const database = await createTestDatabase();
      databases.push(database);
      const server = await startServerProcess({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? "" });
      servers.push(server);
      expect(await readiness(server.url)).toBe(200);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
