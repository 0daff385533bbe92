import { type AnyProcedure, type AnyRouter, callTRPCProcedure } from "@trpc/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import superjson from "superjson";
import { carriesApiKey } from "#server/platform/api/api-key-auth.js";
import { requestTranslator } from "#server/platform/api/request-language.js";
import {
  type AppServices,
  type Context,
  callableSignedOut,
  createContext,
  type FileAnswer,
  type ProcedureMeta,
  type RawBodyRule,
  type RestEndpoint,
} from "#server/platform/api/trpc.js";
import { plainJsonText, serializeAnswer } from "#server/platform/api/wire-format.js";
import { API_PREFIX } from "#shared/constants.js";
import { CSV_CONTENT_TYPE, CSV_FORMAT_INVALID, type CsvExport, type CsvOptions, csvOptionsOf, toCsv } from "./csv.js";
import { fail, publicError } from "./errors.js";
import { JSON_BODY_LIMITS, JSON_BODY_MESSAGES } from "./json-body.js";
import { inputFromQuery } from "./rest-query.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route takes raw bytes of these types as its body (server/app.ts lets them past the JSON rule). */
    rawBody?: RawBodyRule;
    /** The most bytes of JSON the route's body may hold (server/platform/http/json-body.ts). */
    jsonBodyLimit?: number;
  }
}

/** One documented path of docs/SPEC.md §7 and the procedure that serves it. */
export interface RestRoute extends RestEndpoint {
  /** The procedure's dotted tRPC path, e.g. `tags.list`. */
  procedurePath: string;
  /** The procedure's input schemas: the adapter reads the field types of a GET's query string from them. */
  inputSchemas: readonly unknown[];
}

function restMetaOf(procedure: AnyProcedure): ProcedureMeta["rest"] | undefined {
  const meta = procedure._def.meta as Partial<ProcedureMeta> | undefined;
  return meta?.rest;
}

/**
 * Every procedure's REST path, as its `.meta({ rest })` declares it (server/platform/api/trpc.ts, ProcedureMeta).
 * Refuses a router in which a procedure declares none, or two claim one method and path: the server
 * then does not start.
 */
export function restRoutesOf(router: AnyRouter): RestRoute[] {
  // tRPC keeps every procedure of the nested routers here, under its dotted path.
  const procedures = Object.entries(router._def.procedures as Record<string, AnyProcedure>);
  const routes: RestRoute[] = [];
  const claimed = new Map<string, string>();
  for (const [procedurePath, procedure] of procedures) {
    const rest = restMetaOf(procedure);
    if (rest === undefined) throw new Error(`${procedurePath} declares no REST path (.meta({ rest }))`);
    if (rest === false) continue;
    const key = `${rest.method} ${rest.path}`;
    const other = claimed.get(key);
    if (other) throw new Error(`${key} is claimed by both ${other} and ${procedurePath}`);
    claimed.set(key, procedurePath);
    routes.push({ ...rest, procedurePath, inputSchemas: procedure._def.inputs });
  }
  return routes;
}

/**
 * The most bytes of JSON a call of these procedures (dotted paths, several in a tRPC batch) may send: the
 * signed-in size when one of them needs a session, else the signed-out one (unknown paths included).
 */
export function jsonBodyLimitOf(router: AnyRouter, procedurePaths: readonly string[]): number {
  const procedures = router._def.procedures as Record<string, AnyProcedure | undefined>;
  const signedIn = procedurePaths.some((path) => {
    const procedure = Object.hasOwn(procedures, path) ? procedures[path] : undefined;
    return procedure !== undefined && !callableSignedOut(procedure);
  });
  return signedIn ? JSON_BODY_LIMITS.signedInBytes : JSON_BODY_LIMITS.signedOutBytes;
}

type ProcedureCall = (ctx: Context, input: unknown) => Promise<unknown>;

/**
 * An input read only when a middleware first asks for it, once: a REST body, so that it is parsed after
 * the session is known, as tRPC's adapter parses its own (decision 0260).
 */
class DeferredInput {
  private read: { value: unknown } | null = null;

  constructor(private readonly load: () => unknown) {}

  value(): unknown {
    this.read ??= { value: this.load() };
    return this.read.value;
  }
}

/**
 * Calls the procedure as tRPC's adapters do (`callTRPCProcedure`: its middlewares, input validation and
 * result), without building a caller's proxy for every request (decision 0157).
 */
export function procedureCall(router: AnyRouter, dottedPath: string): ProcedureCall {
  const procedure = (router._def.procedures as Record<string, AnyProcedure | undefined>)[dottedPath];
  if (!procedure) throw new Error(`No procedure at ${dottedPath}`);
  const type = procedure._def.type;
  return (ctx, input) =>
    callTRPCProcedure({
      router,
      path: dottedPath,
      type,
      ctx,
      signal: undefined,
      batchIndex: 0,
      getRawInput: input instanceof DeferredInput ? async () => input.value() : async () => input,
    });
}

/**
 * A body as a procedure reads it: its JSON text (server/platform/http/json-body.ts keeps it as text)
 * parsed, then superjson; a plain JSON body (one without superjson's `json` envelope) is taken as is.
 */
function decodeBody(body: unknown): unknown {
  let value = body;
  if (typeof body === "string") {
    try {
      value = JSON.parse(body);
    } catch {
      throw fail.badRequest(JSON_BODY_MESSAGES.invalid);
    }
  }
  if (value !== null && typeof value === "object" && "json" in value) {
    try {
      return superjson.deserialize(value as Parameters<typeof superjson.deserialize>[0]);
    } catch {
      throw fail.badRequest("The request body is not valid superjson.");
    }
  }
  return value;
}

/** `{ "error": message }`: superjson-encoded like every body, plain JSON for a call made with an API key. */
export function sendError(reply: FastifyReply, status: number, message: string) {
  const body = { error: message };
  return reply
    .code(status)
    .type("application/json")
    .send(carriesApiKey(reply.request) ? JSON.stringify(body) : superjson.serialize(body));
}

/** The media type of the request's body, without parameters, lower case ("" when none is named). */
export function mediaTypeOf(req: FastifyRequest): string {
  return (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** What the route's procedure is called with (see RestEndpoint in server/platform/api/trpc.ts). */
function inputOf(route: RestRoute, req: FastifyRequest, query: unknown): unknown {
  if (route.rawBody) {
    const fromQuery = inputFromQuery(query, route.inputSchemas) as object | undefined;
    return { ...fromQuery, contentType: mediaTypeOf(req), bytes: req.body };
  }
  // Read when the procedure first asks for its input: after the session, never for a procedure without one.
  if (route.method === "POST") return new DeferredInput(() => decodeBody(req.body));
  const fromQuery = inputFromQuery(query, route.inputSchemas);
  const fromPath = req.params as Record<string, string>;
  return Object.keys(fromPath).length === 0 ? fromQuery : { ...(fromQuery as object | undefined), ...fromPath };
}

/** The bytes as they are, with the procedure's caching; never sniffed into another type (Helmet's nosniff). */
function sendFile(reply: FastifyReply, file: FileAnswer) {
  if (file.filename !== undefined) reply.header("content-disposition", `attachment; filename="${file.filename}"`);
  return reply
    .header("Cache-Control", file.cacheControl)
    .header("X-Content-Type-Options", "nosniff")
    .type(file.contentType)
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}

/** Raw bodies of these types arrive as a Buffer; the route's own bodyLimit bounds them. */
function acceptRawBodies(app: FastifyInstance, rule: RawBodyRule): void {
  const types = rule.types.filter((type) => !app.hasContentTypeParser(type));
  if (types.length === 0) return;
  app.addContentTypeParser(types, { parseAs: "buffer" }, (_req, body, done) => done(null, body));
}

interface CsvRequest {
  export: CsvExport;
  options: CsvOptions;
}

/**
 * A GET with a CSV export answers CSV for `format=csv` (and JSON for none or `format=json`); the
 * procedure never sees the format, nor the CSV's time zone `tz` (csv.ts). Null: answer JSON.
 */
function requestedCsv(query: unknown, csv: CsvExport | undefined): { query: unknown; csv: CsvRequest | null } {
  if (!csv || query === null || typeof query !== "object" || !("format" in query)) return { query, csv: null };
  const { format, ...rest } = query as Record<string, unknown>;
  if (format === "csv") {
    const { tz, ...procedureQuery } = rest;
    return { query: procedureQuery, csv: { export: csv, options: csvOptionsOf(tz) } };
  }
  if (format === "json" || format === "") return { query: rest, csv: null };
  throw fail.badRequest(CSV_FORMAT_INVALID);
}

/**
 * Serves each procedure at its documented path. The adapter adds nothing of its own beyond reading the
 * request: the procedure's validation, permissions and result are the same as through tRPC.
 */
export function registerRestRoutes(app: FastifyInstance, services: AppServices, appRouter: AnyRouter): void {
  for (const route of restRoutesOf(appRouter)) {
    const { method, path, procedurePath, rawBody, csv } = route;
    if (rawBody) acceptRawBodies(app, rawBody);
    const call = procedureCall(appRouter, procedurePath);
    app.route({
      method,
      url: `${API_PREFIX}${path}`,
      ...(rawBody
        ? { bodyLimit: rawBody.maxBytes, config: { rawBody, restEndpoint: true } }
        : { config: { jsonBodyLimit: jsonBodyLimitOf(appRouter, [procedurePath]), restEndpoint: true } }),
      handler: async (req, reply) => {
        try {
          const asked = method === "GET" ? requestedCsv(req.query, csv) : { query: req.query, csv: null };
          const result = await call(createContext(services, req, reply), inputOf(route, req, asked.query));
          if (route.fileAnswer) return sendFile(reply, result as FileAnswer);
          if (asked.csv) {
            const file = asked.csv.export(result, asked.csv.options);
            return reply
              .type(CSV_CONTENT_TYPE)
              .header("content-disposition", `attachment; filename="${file.filename}"`)
              .send(toCsv(file.rows));
          }
          // A call made with an API key gets plain JSON; a browser's keeps the spec's superjson body.
          if (carriesApiKey(req)) return reply.type("application/json").send(plainJsonText(result ?? null));
          return reply.type("application/json").send(serializeAnswer(result ?? null));
        } catch (error) {
          const { status, message, expected } = publicError(error, requestTranslator(req));
          if (!expected) req.log.error({ err: error }, `${method} ${path} failed`);
          return sendError(reply, status, message);
        }
      },
    });
  }
}
