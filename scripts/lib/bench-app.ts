/**
 * The app as the bench tools run it (`npm run bench`, scripts/profile-endpoint.ts): a throwaway data
 * folder, SQLite or a throwaway PostgreSQL, the production log level with the access log written to
 * /dev/null (its line per request is part of a request's cost), no rate limit in the way of the load,
 * listening on 127.0.0.1, and a counter of the requests it serves. One starter, so that the two tools
 * measure the same server.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { MikroORM } from "@mikro-orm/core";
import type { AbstractSqlDriver } from "@mikro-orm/knex";
import type { FastifyInstance } from "fastify";
import { buildApp } from "#server/app.js";
import { openDatabase } from "#server/platform/db/database.js";
import { type Config, loadConfig } from "#server/platform/http/config.js";
import { RateLimiter } from "#server/platform/http/rate-limit.js";
import { countRequests, type RequestCounter } from "./paired-load.js";
import { startThrowawayPostgres, type ThrowawayPostgres } from "./postgres.js";

export interface BenchApp {
  app: FastifyInstance;
  orm: MikroORM<AbstractSqlDriver>;
  config: Config;
  /** http://127.0.0.1:port */
  base: string;
  served: RequestCounter;
  /** Set on PostgreSQL. */
  postgres: ThrowawayPostgres | undefined;
  /** Closes the app and the database, and removes the data folder. */
  close(): Promise<void>;
}

export async function startBenchApp(options: {
  /** The data folder's name prefix under the system's temporary directory. */
  name: string;
  postgres: boolean;
  logLevel?: string;
  logFile?: string;
  /** More settings, as environment variables, over the ones above (scripts/attack-load.ts keeps the real limits). */
  settings?: Record<string, string>;
}): Promise<BenchApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${options.name}-`));
  const postgres = options.postgres ? await startThrowawayPostgres() : undefined;
  const config = loadConfig({
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.adminUrl,
    CLIENT_DIR: path.join(dataDir, "no-client"),
    LOG_LEVEL: options.logLevel ?? "info",
    RATE_LIMIT_PER_IP: "1000000",
    ...options.settings,
  });
  const orm = await openDatabase(config);
  const app = await buildApp(
    { config, orm, rateLimiter: new RateLimiter(orm, config.rateLimit) },
    { logFile: options.logFile ?? "/dev/null" },
  );
  const served = countRequests(app);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    app,
    orm,
    config,
    base,
    served,
    postgres,
    close: async () => {
      await app.close();
      await orm.close(true);
      postgres?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers a user through the API and answers their session cookie. */
export async function registerUser(
  base: string,
  user: { name: string; email: string; password: string },
): Promise<string> {
  const response = await fetch(`${base}/_api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(user),
  });
  return (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}
