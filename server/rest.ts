import type { AnyProcedure, AnyRouter } from "@trpc/server";
import type { FastifyInstance, FastifyReply } from "fastify";
import superjson from "superjson";
import { API_PREFIX } from "#shared/constants.js";
import { CSV_CONTENT_TYPE, CSV_FORMAT_INVALID, type CsvExport, toCsv } from "./csv.js";
import { fail, publicError } from "./errors.js";
import { inputFromQuery } from "./rest-query.js";
import { appRouter } from "./routers/index.js";
import { type AppServices, createCallerFactory, createContext, type ProcedureMeta, type RestEndpoint } from "./trpc.js";

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
 * Every procedure's REST path, as its `.meta({ rest })` declares it (server/trpc.ts, ProcedureMeta).
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

type ProcedureCall = (input: unknown) => Promise<unknown>;
const createCaller = createCallerFactory(appRouter);

function procedureAt(caller: object, dottedPath: string): ProcedureCall {
  let node: unknown = caller;
  for (const part of dottedPath.split(".")) node = (node as Record<string, unknown>)[part];
  if (typeof node !== "function") throw new Error(`No procedure at ${dottedPath}`);
  return node as ProcedureCall;
}

/** Bodies are superjson; a plain JSON body (one without superjson's `json` envelope) is taken as is. */
export function decodeBody(body: unknown): unknown {
  if (body !== null && typeof body === "object" && "json" in body) {
    try {
      return superjson.deserialize(body as Parameters<typeof superjson.deserialize>[0]);
    } catch {
      throw fail.badRequest("The request body is not valid superjson.");
    }
  }
  return body;
}

export function sendError(reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .type("application/json")
    .send(superjson.serialize({ error: message }));
}

/**
 * A GET with a CSV export answers CSV for `format=csv` (and JSON for none or `format=json`); the
 * procedure never sees the format. Null: answer JSON.
 */
function requestedCsv(query: unknown, csv: CsvExport | undefined): { query: unknown; csv: CsvExport | null } {
  if (!csv || query === null || typeof query !== "object" || !("format" in query)) return { query, csv: null };
  const { format, ...rest } = query as Record<string, unknown>;
  if (format === "csv") return { query: rest, csv };
  if (format === "json" || format === "") return { query: rest, csv: null };
  throw fail.badRequest(CSV_FORMAT_INVALID);
}

/**
 * Serves each procedure at its documented path. The adapter adds nothing of its own beyond reading the
 * request: the procedure's validation, permissions and result are the same as through tRPC.
 */
export function registerRestRoutes(app: FastifyInstance, services: AppServices): void {
  for (const { method, path, procedurePath, inputSchemas, csv } of restRoutesOf(appRouter)) {
    app.route({
      method,
      url: `${API_PREFIX}${path}`,
      handler: async (req, reply) => {
        const call = procedureAt(createCaller(createContext(services, req, reply)), procedurePath);
        try {
          const asked = method === "GET" ? requestedCsv(req.query, csv) : { query: undefined, csv: null };
          const input = method === "GET" ? inputFromQuery(asked.query, inputSchemas) : decodeBody(req.body);
          const result = await call(input);
          if (asked.csv) {
            const file = asked.csv(result);
            return reply
              .type(CSV_CONTENT_TYPE)
              .header("content-disposition", `attachment; filename="${file.filename}"`)
              .send(toCsv(file.rows));
          }
          return reply.type("application/json").send(superjson.serialize(result ?? null));
        } catch (error) {
          const { status, message, expected } = publicError(error);
          if (!expected) req.log.error({ err: error }, `${method} ${path} failed`);
          return sendError(reply, status, message);
        }
      },
    });
  }
}
