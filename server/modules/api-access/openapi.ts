import type { AnyProcedure, AnyRouter } from "@trpc/server";
import { type ZodType, z } from "zod";
import { callableSignedOut, callableWithApiKey, type ProcedureMeta } from "#server/platform/api/trpc.js";
import { type RestRoute, restRoutesOf } from "#server/platform/http/rest.js";
import { API_PREFIX, SESSION_COOKIE } from "#shared/constants.js";

/**
 * The OpenAPI 3.1 document of the documented REST paths, made from the procedures themselves
 * (docs/decisions/0322-openapi-from-procedures.md): path and method from `.meta({ rest })`, the request
 * from the zod input, the answer from the declared `answer` (ProcedureMeta), the errors every path may
 * answer, and who may call it (a browser session, an API key, or anyone). Nothing here is written by hand
 * per path.
 */

type JsonSchema = Record<string, unknown>;

/** A Date travels as an ISO 8601 text in plain JSON (and as superjson's in the typed client's form). */
function toJsonSchema(schema: ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    override(context) {
      if (context.zodSchema._zod.def.type === "date") {
        context.jsonSchema.type = "string";
        context.jsonSchema.format = "date-time";
      }
    },
  }) as JsonSchema;
  return json;
}

/** The input's fields: every `.input()` of a procedure is an object, merged in order. */
function inputSchemaOf(route: RestRoute): JsonSchema | null {
  const parts = (route.inputSchemas as ZodType[]).map((schema) => toJsonSchema(schema, "input"));
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0] ?? null;
  const properties: Record<string, unknown> = {};
  const required = new Set<string>();
  for (const part of parts) {
    Object.assign(properties, part.properties);
    for (const name of (part.required as string[] | undefined) ?? []) required.add(name);
  }
  return { type: "object", properties, ...(required.size > 0 ? { required: [...required] } : {}) };
}

const ERRORS: Record<string, string> = {
  "400": "Invalid input: the first problem, in the spec's words.",
  "401": "Not signed in; an unknown, revoked or expired API key; or a path API keys cannot call.",
  "403": "Not allowed to the caller's access level (a read-only key's writes included).",
  "404": "Unknown path, or a record outside the caller's organization.",
  "409": "Conflict (a slug or e-mail taken).",
  "413": "The body is too large.",
  "429": "Rate limited.",
  "500": "Something went wrong on the server.",
};

const ERROR_RESPONSE = { $ref: "#/components/schemas/Error" };

function responsesOf(route: RestRoute, answer: ZodType | undefined): Record<string, unknown> {
  const answered = answer
    ? { schema: toJsonSchema(answer, "output") }
    : // Not declared yet: the contract test lists these and their number may only shrink.
      { schema: {} };
  const success = route.fileAnswer
    ? { description: "The file's bytes.", content: { "*/*": { schema: { type: "string", format: "binary" } } } }
    : {
        description: answer ? "The answer." : "The answer (its schema is not declared yet).",
        content: {
          "application/json": answered,
          ...(route.csv ? { "text/csv": { schema: { type: "string" } } } : {}),
        },
      };
  const errors = Object.fromEntries(
    Object.entries(ERRORS).map(([status, description]) => [
      status,
      { description, content: { "application/json": { schema: ERROR_RESPONSE } } },
    ]),
  );
  return { "200": success, ...errors };
}

function parametersOf(route: RestRoute, input: JsonSchema | null): unknown[] {
  const pathNames = [...route.path.matchAll(/:([a-zA-Z]+)/g)].map((match) => match[1] ?? "");
  const properties = (input?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input?.required as string[] | undefined) ?? []);
  const fromPath = pathNames.map((name) => ({
    name,
    in: "path",
    required: true,
    schema: properties[name] ?? { type: "string" },
  }));
  const inQuery = route.method === "GET" || route.rawBody !== undefined;
  const rawFields = new Set(["contentType", "bytes"]);
  const fromQuery = inQuery
    ? Object.entries(properties)
        .filter(([name]) => !pathNames.includes(name) && !(route.rawBody && rawFields.has(name)))
        .map(([name, schema]) => ({ name, in: "query", required: required.has(name), schema }))
    : [];
  const format =
    route.csv && route.method === "GET"
      ? [{ name: "format", in: "query", required: false, schema: { type: "string", enum: ["json", "csv"] } }]
      : [];
  return [...fromPath, ...fromQuery, ...format];
}

function requestBodyOf(route: RestRoute, input: JsonSchema | null): unknown {
  if (route.rawBody) {
    const binary = { schema: { type: "string", format: "binary" } };
    return { required: true, content: Object.fromEntries(route.rawBody.types.map((type) => [type, binary])) };
  }
  if (route.method !== "POST") return undefined;
  return { required: input !== null, content: { "application/json": { schema: input ?? { type: "object" } } } };
}

function securityOf(procedure: AnyProcedure): unknown[] {
  if (callableSignedOut(procedure)) return [];
  return callableWithApiKey(procedure) ? [{ session: [] }, { apiKey: [] }] : [{ session: [] }];
}

function operationOf(route: RestRoute, procedure: AnyProcedure) {
  const meta = procedure._def.meta as ProcedureMeta | undefined;
  const input = inputSchemaOf(route);
  const requestBody = requestBodyOf(route, input);
  return {
    operationId: route.procedurePath,
    tags: [route.path.split("/")[1] ?? ""],
    summary: `${route.method} ${API_PREFIX}${route.path}`,
    security: securityOf(procedure),
    parameters: parametersOf(route, input),
    ...(requestBody === undefined ? {} : { requestBody }),
    responses: responsesOf(route, meta?.answer),
  };
}

/** The procedures whose answer is not declared yet (`answer` in their meta), by dotted path. */
export function undeclaredAnswers(router: AnyRouter): string[] {
  const procedures = router._def.procedures as Record<string, AnyProcedure>;
  return restRoutesOf(router)
    .filter((route) => !route.fileAnswer && !(procedures[route.procedurePath]?._def.meta as ProcedureMeta)?.answer)
    .map((route) => route.procedurePath)
    .sort();
}

/** The OpenAPI 3.1 document of every documented REST path of the router. */
export function openApiDocument(router: AnyRouter): Record<string, unknown> {
  const procedures = router._def.procedures as Record<string, AnyProcedure>;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of restRoutesOf(router)) {
    const procedure = procedures[route.procedurePath];
    if (!procedure) continue;
    const path = route.path.replace(/:([a-zA-Z]+)/g, "{$1}");
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route, procedure) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Trainwright API",
      version: "1",
      description:
        "The documented REST paths (docs/SPEC.md §7). Calls with an API key (`Authorization: Bearer <key>`) " +
        "get plain JSON with ISO 8601 dates, as described here; a browser session's calls get the superjson " +
        "envelope `{ json, meta? }` around the same values.",
    },
    servers: [{ url: API_PREFIX }],
    paths,
    components: {
      schemas: {
        Error: { type: "object", properties: { error: { type: "string" } }, required: ["error"] },
      },
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "A signed-in browser." },
        apiKey: {
          type: "http",
          scheme: "bearer",
          description: "An organization's API key (settings → API keys), acting in that organization only.",
        },
      },
    },
  };
}
