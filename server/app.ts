import { existsSync } from "node:fs";
import path from "node:path";
import cookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import { fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from "fastify";
import { openApiDocument, webhookJobs } from "#server/modules/api-access/index.js";
import { registerVerificationPage } from "#server/modules/certifications/index.js";
import { registerLessonContentPool } from "#server/modules/courses/index.js";
import { evidenceJobs } from "#server/modules/evidence/index.js";
import { registerScormFiles } from "#server/modules/scorm/index.js";
import { registerSsoSignIn } from "#server/modules/sso/index.js";
import { runDueBatches } from "#server/modules/training/index.js";
import { type AppServices, createContext } from "#server/platform/api/trpc.js";
import { registerAfterAnswer } from "#server/platform/http/after-answer.js";
import { publicError } from "#server/platform/http/errors.js";
import { registerHealthRoutes } from "#server/platform/http/health.js";
import { JSON_BODY_LIMITS, JSON_BODY_MESSAGES, registerJsonBodies } from "#server/platform/http/json-body.js";
import { registerLifecycle } from "#server/platform/http/lifecycle.js";
import { loggerOptions } from "#server/platform/http/logging.js";
import { registerObservability, requestIdOf } from "#server/platform/http/metrics.js";
import { requestLogger } from "#server/platform/http/request-logger.js";
import { jsonBodyLimitOf, mediaTypeOf, registerRestRoutes, sendError } from "#server/platform/http/rest.js";
import { registerSecurityHeaders } from "#server/platform/http/security-headers.js";
import { mailJob } from "#server/platform/mail/worker.js";
import { pageFileFor } from "#server/platform/pages/landing-page.js";
import { sendAppPageWithAnswers } from "#server/platform/pages/page-answers.js";
import { registerPwaRoutes } from "#server/platform/pages/pwa.js";
import { registerScheduler } from "#server/platform/scheduler/scheduler.js";
import { API_PREFIX, isApiPath, PRERENDERED_PAGES } from "#shared/constants.js";
import { housekeepingJob } from "./housekeeping.js";
import { type AppRouter, appRouter } from "./router.js";

/** The path tRPC's adapter serves every procedure at (a batch names several, comma-separated). */
const TRPC_PREFIX = `${API_PREFIX}/trpc`;
const TRPC_ROUTE = `${TRPC_PREFIX}/:path`;

const SOURCE_MAP_PATH = /\.map(\?|$)/i;

/**
 * docs/DESIGN.md §5: writes carry JSON (which a plain HTML form cannot send; nor can it send an image
 * type, the one other kind of body) and, when the browser says where they come from, come from here.
 */
function writeRefusal(req: FastifyRequest): { status: number; message: string } | null {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return null;
  // A few routes take raw bytes of their own types (an image upload): those and no others, JSON neither.
  const rawBody = req.routeOptions.config.rawBody;
  if (rawBody) {
    if (!rawBody.types.includes(mediaTypeOf(req))) return { status: 400, message: rawBody.refused };
  } else if (mediaTypeOf(req) !== "application/json") {
    return { status: 415, message: "Requests that change data must be sent as application/json." };
  }
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== "null") {
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      return { status: 403, message: "Cross-site requests are not allowed." };
    }
    if (originHost !== req.host) return { status: 403, message: "Cross-site requests are not allowed." };
  } else if (origin === "null") {
    return { status: 403, message: "Cross-site requests are not allowed." };
  }
  return null;
}

export interface BuildOptions {
  /** Where the log goes instead of standard output (a test reads it). */
  logStream?: NodeJS.WritableStream;
  /** Where the log goes as a file, written as standard output is (the bench writes it to /dev/null). */
  logFile?: string;
  /**
   * Whether the scheduler's jobs run on their timers (the default) or only when asked (`app.scheduler.run`):
   * API tests ask, so that no job writes between the snapshots a test compares.
   */
  scheduledTimers?: boolean;
}

export async function buildApp(services: AppServices, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify({
    logger: loggerOptions(config, options.logStream, options.logFile),
    // The default: JSON bodies are held to less by registerJsonBodies, raw ones (an upload) to their route's.
    bodyLimit: JSON_BODY_LIMITS.signedInBytes,
    trustProxy: config.trustProxy,
    // registerObservability writes one access-log line per request instead of Fastify's two.
    disableRequestLogging: true,
    requestIdHeader: false,
    genReqId: requestIdOf,
    childLoggerFactory: requestLogger,
  });

  // JSON bodies are bounded in size and depth as they arrive, and parsed only when a procedure reads its
  // input (decision 0260): each documented path is sized by the session its procedure needs, a tRPC call
  // by its procedures', anything else as signed out.
  registerJsonBodies(app, (req) => {
    const { rawBody, jsonBodyLimit } = req.routeOptions.config;
    if (rawBody) return null;
    if (jsonBodyLimit !== undefined) return jsonBodyLimit;
    if (req.routeOptions.url === TRPC_ROUTE) {
      return jsonBodyLimitOf(appRouter, (req.params as { path?: string }).path?.split(",") ?? []);
    }
    return JSON_BODY_LIMITS.signedOutBytes;
  });

  registerLessonContentPool(app, config);
  registerLifecycle(app);
  registerAfterAnswer(app);
  // The one periodic runner (docs/decisions/0301-one-scheduler.md, 0401): the evidence log's sequencer and
  // checkpoints, the webhook deliveries of the outbox (docs/decisions/0341-webhooks-through-the-outbox.md),
  // the mail worker (with e-mail set up) and housekeeping.
  const mail = mailJob(services, runDueBatches);
  registerScheduler(
    app,
    services,
    [...evidenceJobs(config), ...webhookJobs(services), ...(mail ? [mail] : []), housekeepingJob(config)],
    options.scheduledTimers ?? true,
  );
  registerObservability(app, services.orm, config.metricsToken);
  await app.register(cookie);
  registerSecurityHeaders(app, config);

  app.addHook("onRequest", (req, reply, done) => {
    // Source maps are for the people debugging, not for the public (scripts/build.ts keeps them aside).
    if (SOURCE_MAP_PATH.test(req.url)) {
      reply.code(404).type("text/plain").send("Not found.");
      return;
    }
    if (isApiPath(req.url)) {
      reply.header("Cache-Control", "no-store");
      const refusal = writeRefusal(req);
      if (refusal) {
        sendError(reply, refusal.status, refusal.message);
        return;
      }
    }
    done();
  });

  app.setErrorHandler((error: FastifyError, req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : publicError(error).status;
    if (status >= 500) req.log.error({ err: error }, "request failed");
    const message =
      status === 413
        ? (req.routeOptions.config.rawBody?.tooLarge ?? JSON_BODY_MESSAGES.tooLarge)
        : status === 415
          ? "Requests that change data must be sent as application/json."
          : status >= 500
            ? publicError(error).message
            : error.message;
    if (isApiPath(req.url)) return sendError(reply, status, message);
    return reply.code(status).type("text/plain").send(message);
  });

  await app.register(fastifyTRPCPlugin<AppRouter>, {
    prefix: TRPC_PREFIX,
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }: { req: FastifyRequest; res: import("fastify").FastifyReply }) =>
        createContext(services, req, res),
      // An outage is 503 (try again), not 500: publicError names it, and the status follows.
      responseMeta: ({ errors }: { errors: Error[] }) =>
        errors.some((error) => publicError(error).status === 503) ? { status: 503 } : {},
      onError: ({ error, path: procedurePath, req }: { error: Error; path?: string; req: FastifyRequest }) => {
        if (!publicError(error).expected) req.log.error({ err: error }, `tRPC ${procedurePath} failed`);
      },
    },
  });
  registerHealthRoutes(app, services.orm);
  registerRestRoutes(app, services, appRouter);
  // A SCORM package's files: paths that end in a file's own path, with a token instead of the session (decision 0333).
  registerScormFiles(app, services.orm);
  // The OpenAPI 3.1 document of those paths, made from the procedures once, on first request (decision 0322).
  let apiDocument: string | undefined;
  app.get(`${API_PREFIX}/openapi.json`, (_req, reply) => {
    apiDocument ??= JSON.stringify(openApiDocument(appRouter));
    return reply.type("application/json").header("cache-control", "no-cache").send(apiDocument);
  });
  registerPwaRoutes(app, config);
  // The public page of a certificate's verification link, written by the server (decision 0311).
  registerVerificationPage(app, services);
  // The company sign-in's two redirects, to the identity provider and back (decision 0370).
  registerSsoSignIn(app, services);

  const indexHtml = path.join(config.clientDir, "index.html");
  const hasClient = existsSync(indexHtml);
  const prerendered = new Set(
    Object.values(PRERENDERED_PAGES).filter((file) => existsSync(path.join(config.clientDir, file))),
  );
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      wildcard: false,
      index: false,
      // Our own Cache-Control below; the plugin's default would overwrite it.
      cacheControl: false,
      // scripts/build.ts writes NAME.br and NAME.gz beside each text file; the plugin picks the one the
      // browser accepts and sets Content-Encoding and Vary.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in every name under assets/, so those never change.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
        // Each file may be sent br, gzip or plain depending on the request: caches must key on that.
        // `/` is the landing shell or the app depending on the session cookie (landing-page.ts).
        // (The file sent may be its precompressed .br or .gz.)
        const page = /\.html(\.br|\.gz)?$/.test(filePath);
        res.setHeader("Vary", page ? "Accept-Encoding, Cookie" : "Accept-Encoding");
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    if (isApiPath(req.url)) return sendError(reply, 404, "Not found.");
    // A missing hashed asset (a page from before a deploy asking for its old script) is a real 404, never
    // the page's HTML in place of a script.
    if (req.url.startsWith("/assets/")) return reply.code(404).type("text/plain").send("Not found.");
    if ((req.method === "GET" || req.method === "HEAD") && hasClient) {
      // History routing: every other path is a page of the single-page app.
      const file = pageFileFor(req, prerendered);
      // A signed-in course or lesson page carries its first answers (decision 0220).
      if (file === "index.html" && (await sendAppPageWithAnswers(services, appRouter, req, reply, config.clientDir)))
        return reply;
      return reply.header("Cache-Control", "no-cache").sendFile(file);
    }
    return reply.code(404).type("text/plain").send("Not found.");
  });

  return app;
}
