import type { MikroORM } from "@mikro-orm/core";
import type { AbstractSqlDriver } from "@mikro-orm/knex";
import { serverSecretKey } from "#server/platform/crypto/secret-key.js";
import { DatabaseStartError, openDatabase } from "#server/platform/db/database.js";
import { ConfigError, loadConfig } from "#server/platform/http/config.js";
import { drain } from "#server/platform/http/lifecycle.js";
import { RateLimiter } from "#server/platform/http/rate-limit.js";
import { buildApp } from "./app.js";

function stop(message: string): never {
  console.error(`trainwright: ${message}`);
  process.exit(1);
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
    // Made or checked before anything listens: an instance that cannot seal must not start.
    serverSecretKey(config);
  } catch (error) {
    if (error instanceof ConfigError) stop(error.message);
    throw error;
  }

  let orm: MikroORM<AbstractSqlDriver>;
  try {
    orm = await openDatabase(config);
  } catch (error) {
    if (error instanceof DatabaseStartError) stop(error.message);
    const where = config.databaseUrl ? "the PostgreSQL database in DATABASE_URL" : `the database in ${config.dataDir}`;
    stop(`could not open ${where}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
  }

  const app = await buildApp({ config, orm, rateLimiter: new RateLimiter(orm, config.rateLimit) });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: not ready any more; finishing the requests already accepted, then closing`);
    const finished = await drain(app, config.shutdownTimeoutSeconds * 1000);
    if (!finished) {
      app.log.warn(`requests still running after ${config.shutdownTimeoutSeconds} s were cut off`);
    }
    await app.close();
    await orm.close();
    process.exit(finished ? 0 : 1);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await orm.close();
    stop(
      `could not listen on ${config.host}:${config.port}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

await main();
