import { randomUUID, timingSafeEqual } from "node:crypto";
import type { MikroORM } from "@mikro-orm/core";
import type { AbstractSqlDriver } from "@mikro-orm/knex";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { API_PREFIX } from "#shared/constants.js";
import { accessLogger } from "./request-logger.js";

const METRICS_PATH = `${API_PREFIX}/metrics`;
const REQUEST_ID_HEADER = "x-request-id";

/** A request id from outside is kept only when it is short and plain, so it cannot forge or flood log lines. */
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Who made the request, for the access log; set once the session is known (server/platform/api/trpc.ts). */
export interface RequestActor {
  userId: number;
  organizationId: number | null;
}

declare module "fastify" {
  interface FastifyRequest {
    actor: RequestActor | null;
  }
}

/** Fastify's genReqId: the caller's X-Request-Id when acceptable (a proxy's or a client's), else a new one. */
export function requestIdOf(req: { headers: Record<string, string | string[] | undefined> }): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  return typeof sent === "string" && ACCEPTABLE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

export function noteActor(req: FastifyRequest, actor: RequestActor): void {
  req.actor = actor;
}

/** The route's pattern (never the raw URL, which holds ids and query strings): a bounded label set. */
function routeOf(req: FastifyRequest): string {
  return req.routeOptions.url ?? "unmatched";
}

interface KnexPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

function poolOf(orm: MikroORM<AbstractSqlDriver>): KnexPool | null {
  const client = orm.em.getConnection().getKnex().client as { pool?: KnexPool };
  return client.pool ?? null;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * One access-log line per request at info (method, route, status, ms, user and organization; never a body
 * or a query string), the request id echoed on every response, and, when METRICS_TOKEN is set, Prometheus
 * metrics at /_api/metrics for a scraper that sends `Authorization: Bearer <token>`.
 */
export function registerObservability(
  app: FastifyInstance,
  orm: MikroORM<AbstractSqlDriver>,
  metricsToken: string | null,
): void {
  app.decorateRequest("actor", null);
  const registry = new Registry();
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from receiving a request to sending the response, by route and status.",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const accessLog = accessLogger(app.log);
  // Synchronous hooks: an async one costs every request a promise and a trip through the microtask queue.
  app.addHook("onRequest", (req, reply, done) => {
    reply.header("X-Request-Id", req.id);
    done();
  });
  app.addHook("onResponse", (req, reply, done) => {
    const route = routeOf(req);
    const ms = reply.elapsedTime;
    durations.observe({ method: req.method, route, status: String(reply.statusCode) }, ms / 1000);
    // The request id is the line's first field, where req.log's binding would put it (decision 0225).
    accessLog.info(
      {
        reqId: req.id,
        method: req.method,
        route,
        status: reply.statusCode,
        ms: Math.round(ms * 10) / 10,
        userId: req.actor?.userId ?? null,
        orgId: req.actor?.organizationId ?? null,
      },
      "request",
    );
    done();
  });

  if (!metricsToken) return;
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const poolGauge = (name: string, help: string, read: (pool: KnexPool) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const pool = poolOf(orm);
        if (pool) this.set(read(pool));
      },
    });
  poolGauge("db_pool_connections_in_use", "Database connections running a query.", (pool) => pool.numUsed());
  poolGauge("db_pool_connections_idle", "Open database connections waiting for work.", (pool) => pool.numFree());
  poolGauge("db_pool_pending_acquires", "Requests waiting for a database connection.", (pool) =>
    pool.numPendingAcquires(),
  );

  app.get(METRICS_PATH, async (req, reply) => {
    const header = req.headers.authorization ?? "";
    const token = header.startsWith("Bearer ") ? header.slice("Bearer ".length) : "";
    if (!sameSecret(token, metricsToken)) {
      return reply.code(401).header("WWW-Authenticate", "Bearer").type("text/plain").send("Unauthorized.");
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
