import type { MikroORM } from "@mikro-orm/core";
import type { AbstractSqlDriver } from "@mikro-orm/knex";
import type { FastifyInstance } from "fastify";
import { API_PREFIX } from "#shared/constants.js";

/** A probe must answer even when the database hangs: a load balancer waits only so long. */
const DATABASE_CHECK_MS = 2000;

const HEALTH_PATH = `${API_PREFIX}/health`;
const READY_PATH = `${API_PREFIX}/ready`;

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Why this instance should not be sent traffic, or null when it should. */
async function notReadyBecause(app: FastifyInstance, orm: MikroORM<AbstractSqlDriver>): Promise<string | null> {
  if (app.lifecycle.state !== "ready") return app.lifecycle.state;
  try {
    await withinTime(orm.em.fork().getConnection().execute("select 1"), DATABASE_CHECK_MS);
    const pending = await withinTime(orm.getMigrator().getPendingMigrations(), DATABASE_CHECK_MS);
    if (pending.length > 0) return "migrations pending";
  } catch {
    return "database unreachable";
  }
  return null;
}

/**
 * Probes for a load balancer or orchestrator: /_api/health says the process answers (restart it when it
 * does not); /_api/ready says it should get traffic (database reachable, schema current, not starting or
 * draining). Both are cheap enough to call every few seconds and carry no private data.
 */
export function registerHealthRoutes(app: FastifyInstance, orm: MikroORM<AbstractSqlDriver>): void {
  app.get(HEALTH_PATH, async (_req, reply) => reply.send({ status: "ok" }));
  app.get(READY_PATH, async (req, reply) => {
    const reason = await notReadyBecause(app, orm);
    if (reason === null) return reply.send({ status: "ready" });
    if (reason === "database unreachable") req.log.warn("readiness: the database does not answer");
    return reply.code(503).send({ status: "not ready", reason });
  });
}
