import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import ajvFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewApiKeyView } from "#server/modules/api-access/api-keys.presenter.js";
import { openApiDocument, undeclaredAnswers } from "#server/modules/api-access/index.js";
import type { TagView } from "#server/modules/tags/tags.presenter.js";
import { restRoutesOf } from "#server/platform/http/rest.js";
import { appRouter } from "#server/router.js";
import { startTestApp, type TestApp } from "../support/app.js";
import type { ApiClient, ApiResponse } from "../support/client.js";
import { type OrgTeam, ok, orgWithMembers } from "../support/org-fixtures.js";
import { courseWithLessons } from "../support/training-fixtures.js";

/**
 * The OpenAPI document at /_api/openapi.json (docs/decisions/0322-openapi-from-procedures.md): it is the
 * one made from the procedures, a valid OpenAPI 3.1 document, and every path whose answer it declares
 * answers what it declares, to a caller with an API key (plain JSON).
 */

interface Operation {
  operationId: string;
  security: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
type OpenApi = { openapi: string; paths: Record<string, Record<string, Operation>>; components: object };

/**
 * The procedures whose answers are not declared yet: this list may only shrink. Declaring one's answer
 * (`answer` in its meta) removes it here and adds its call to CALLS below.
 */
const UNDECLARED_COUNT = 88;

let app: TestApp;
let team: OrgTeam<"learner">;
let document: OpenApi;
let key: string;
const ajv = new Ajv2020({ strict: false, allErrors: true });
// A CommonJS module whose export is the plugin itself, and its `default` too.
ajvFormats.default(ajv);

beforeAll(async () => {
  app = await startTestApp();
  team = await orgWithMembers(app, { roles: ["learner"], label: "openapi" });
  key = ok<NewApiKeyView>(await team.admin.api.post("/_api/api-keys/create", { name: "Contract", role: "admin" })).key;
  const response = await app.newAgent().get("/_api/openapi.json");
  expect(response.status).toBe(200);
  document = JSON.parse(response.text) as OpenApi;
});
afterAll(async () => {
  await app?.close();
});

function operation(operationId: string): { path: string; method: string; operation: Operation } {
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, found] of Object.entries(methods)) {
      if (found.operationId === operationId) return { path, method, operation: found };
    }
  }
  throw new Error(`${operationId} is not in the document`);
}

/** The answer's body against the schema the document declares for its status. */
function expectMatches(operationId: string, response: ApiResponse): void {
  const { operation: found } = operation(operationId);
  const declared = found.responses[String(response.status)]?.content?.["application/json"]?.schema;
  expect(declared, `${operationId} declares no answer for ${response.status}`).toBeDefined();
  const errorSchema = JSON.stringify((document.components as { schemas: { Error: object } }).schemas.Error);
  const schema = JSON.parse(JSON.stringify(declared).replaceAll('{"$ref":"#/components/schemas/Error"}', errorSchema));
  const validate = ajv.compile(schema);
  const body = JSON.parse(response.text) as unknown;
  expect(validate(body), `${operationId}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}

describe("the document", () => {
  it("is made from the procedures, never by hand", () => {
    expect(document).toEqual(JSON.parse(JSON.stringify(openApiDocument(appRouter))));
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    expect(document.openapi).toBe("3.1.0");
    const result = await new Validator().validate(document as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("names who may call each path: cookie-only paths never offer the API key", () => {
    expect(operation("tags.list").operation.security).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(operation("auth.me").operation.security).toEqual([{ session: [] }]);
    expect(operation("orgs.switch").operation.security).toEqual([{ session: [] }]);
    expect(operation("lessons.complete").operation.security).toEqual([{ session: [] }]);
    expect(operation("auth.login").operation.security).toEqual([]);
  });

  it("declares more answers over time, never fewer", () => {
    expect(undeclaredAnswers(appRouter).length).toBeLessThanOrEqual(UNDECLARED_COUNT);
  });
});

describe("every declared answer, called with an API key", () => {
  const keyGet = (api: ApiClient, path: string, query?: Record<string, string>) =>
    api.get(path, query, { headers: { authorization: `Bearer ${key}` } });
  const keyPost = (api: ApiClient, path: string, body: unknown) =>
    api.post(path, body, { headers: { authorization: `Bearer ${key}` } });

  /** One call per procedure whose answer is declared, with the operation it checks. */
  const CALLS: Record<string, (api: ApiClient) => Promise<ApiResponse>> = {
    "tags.list": (api) => keyGet(api, "/_api/tags/list"),
    "tags.create": (api) => keyPost(api, "/_api/tags/create", { name: "Contract kitchen", type: "department" }),
    "tags.update": async (api) => {
      const tag = ok<TagView>(await keyPost(api, "/_api/tags/create", { name: "Contract bar", type: "department" }));
      return keyPost(api, "/_api/tags/update", { id: tag.id, name: "Contract bar 2" });
    },
    "tags.delete": async (api) => {
      const tag = ok<TagView>(await keyPost(api, "/_api/tags/create", { name: "Contract gone", type: "department" }));
      return keyPost(api, "/_api/tags/delete", { id: tag.id });
    },
    "apiKeys.list": (api) => keyGet(api, "/_api/api-keys/list"),
    "apiKeys.create": (api) =>
      keyPost(api, "/_api/api-keys/create", {
        name: "Nightly",
        role: "readonly",
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    "apiKeys.revoke": async (api) => {
      const made = ok<NewApiKeyView>(await keyPost(api, "/_api/api-keys/create", { name: "Brief", role: "learner" }));
      return keyPost(api, "/_api/api-keys/revoke", { id: made.apiKey.id });
    },
    "orgs.language": (api) => keyGet(api, "/_api/orgs/language"),
    "orgs.setLanguage": (api) => keyPost(api, "/_api/orgs/language", { defaultLanguage: "en" }),
    "reports.matrix": async (api) => {
      await courseWithLessons(team.admin.api, { title: "Contract course", required: true }, 1);
      return keyGet(api, "/_api/reports/matrix");
    },
  };

  it("covers exactly the declared operations", () => {
    const undeclared = new Set(undeclaredAnswers(appRouter));
    const declared = restRoutesOf(appRouter)
      .filter((route) => !route.fileAnswer && !undeclared.has(route.procedurePath))
      .map((route) => route.procedurePath);
    expect(Object.keys(CALLS).sort()).toEqual(declared.sort());
  });

  it.each(Object.keys(CALLS))("%s answers what the document declares", async (operationId) => {
    const call = CALLS[operationId];
    if (!call) throw new Error(operationId);
    const response = await call(app.newAgent());
    expect(response.status, response.text).toBe(200);
    expectMatches(operationId, response);
  });

  it("errors answer the declared error shape, as plain JSON", async () => {
    const response = await keyPost(app.newAgent(), "/_api/tags/update", { id: 2_000_000, name: "Nowhere" });
    expect(response.status).toBe(404);
    expect(JSON.parse(response.text)).toEqual({ error: expect.any(String) });
    expectMatches("tags.update", response);
  });
});
