import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import ajvFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewApiKeyView } from "#server/modules/api-access/api-keys.presenter.js";
import { openApiDocument, undeclaredAnswers } from "#server/modules/api-access/index.js";
import type { NewWebhookView } from "#server/modules/api-access/webhooks.presenter.js";
import type { SsoProviderView } from "#server/modules/sso/sso-providers.presenter.js";
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
let team: OrgTeam<"learner" | "manager">;
let document: OpenApi;
let key: string;
const ajv = new Ajv2020({ strict: false, allErrors: true });
// A CommonJS module whose export is the plugin itself, and its `default` too.
ajvFormats.default(ajv);

beforeAll(async () => {
  app = await startTestApp();
  team = await orgWithMembers(app, { roles: ["learner", "manager"], label: "openapi" });
  key = ok<NewApiKeyView>(await team.admin.api.post("/_api/api-keys/create", { name: "Contract", role: "admin" })).key;
  const response = await app.newAgent().get("/_api/openapi.json");
  expect(response.status).toBe(200);
  document = JSON.parse(response.text) as OpenApi;
});
afterAll(async () => {
  await app?.close();
});

/** A provider of a domain no other call names (the providers are never reached: nothing signs in). */
const ssoProviderInput = (label: string) => ({
  issuer: "https://idp.example.com",
  clientId: "contract",
  clientSecret: "contract-secret",
  domains: [`${label}.${team.org.slug}.test`],
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

  /** A certificate earned elsewhere, its scan uploaded by the caller first (decision 0350). */
  const externalCard = async (api: ApiClient) => {
    const scan = await api.post("/_api/certificates/scans", undefined, {
      raw: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      headers: { authorization: api === team.members.learner.api ? "" : `Bearer ${key}`, "content-type": "image/png" },
    });
    const { scanKey } = ok<{ scanKey: string }>(scan);
    return { title: "CPR card", issuer: "Red Cross", issuedOn: "2026-01-05", scanKey };
  };
  /** An endpoint with one delivery waiting (a course assigned), and its log as a key caller reads it. */
  async function webhookWithDelivery(api: ApiClient): Promise<{ deliveries: ApiResponse; deliveryId: number }> {
    const made = ok<NewWebhookView>(
      await keyPost(api, "/_api/webhooks/create", {
        url: "https://hooks.example.com/log",
        events: ["assignment.created"],
      }),
    );
    const { course } = await courseWithLessons(team.admin.api, { title: `Contract hook ${made.id}` }, 1);
    ok(
      await team.admin.api.post("/_api/assignments/create", {
        courseId: course.id,
        userIds: [team.members.learner.id],
      }),
    );
    const deliveries = await keyGet(api, "/_api/webhooks/deliveries", { webhookId: String(made.id) });
    const [delivery] = JSON.parse(deliveries.text) as { id: number }[];
    if (!delivery) throw new Error("The assignment queued no delivery");
    return { deliveries, deliveryId: delivery.id };
  }
  /** A published course whose one lesson has a draft (docs/decisions/0390-course-drafts.md). */
  const draftedCourse = async (title: string) => {
    const { course, lessons } = await courseWithLessons(team.admin.api, { title }, 1);
    const [lesson] = lessons;
    ok(await team.admin.api.post("/_api/lessons/update", { id: lesson?.id, draft: true, content: "<p>Draft</p>" }));
    return { course, lesson };
  };

  /** A revision the manager submitted for review (approval on while it is submitted), for the admin to review. */
  const submittedByManager = async (title: string) => {
    const { course } = await draftedCourse(title);
    ok(await team.admin.api.post("/_api/document-control/update-settings", { approvalRequired: true }));
    const manager = team.members.manager.api;
    const submitted = ok<{ id: number }>(
      await manager.post("/_api/revisions/submit", { courseId: course.id, reason: title }),
    );
    ok(await team.admin.api.post("/_api/document-control/update-settings", { approvalRequired: false }));
    return submitted;
  };

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
    "scorm.storage": (api) => keyGet(api, "/_api/scorm/storage"),
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
    "certificates.scans": (api) =>
      api.post("/_api/certificates/scans", undefined, {
        raw: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
        headers: { authorization: `Bearer ${key}`, "content-type": "image/jpeg" },
      }),
    "certificates.external": async (api) => keyPost(api, "/_api/certificates/external", await externalCard(api)),
    "certificates.externalList": (api) => keyGet(api, "/_api/certificates/external-list"),
    "certificates.review": async (api) => {
      const learner = team.members.learner.api;
      const pending = ok<{ id: number }>(
        await learner.post("/_api/certificates/external", await externalCard(learner)),
      );
      return keyPost(api, "/_api/certificates/review", { id: pending.id, decision: "reject", reason: "Unreadable" });
    },
    "sso.providers.list": (api) => keyGet(api, "/_api/sso/providers/list"),
    "sso.providers.create": (api) => keyPost(api, "/_api/sso/providers/create", ssoProviderInput("create")),
    "sso.providers.update": async (api) => {
      const made = ok<SsoProviderView>(await keyPost(api, "/_api/sso/providers/create", ssoProviderInput("update")));
      return keyPost(api, "/_api/sso/providers/update", { id: made.id, requireSso: true });
    },
    "sso.providers.delete": async (api) => {
      const made = ok<SsoProviderView>(await keyPost(api, "/_api/sso/providers/create", ssoProviderInput("delete")));
      return keyPost(api, "/_api/sso/providers/delete", { id: made.id });
    },
    "mail.problems": (api) => keyGet(api, "/_api/mail/problems"),
    "assignments.create": async (api) => {
      const { course } = await courseWithLessons(team.admin.api, { title: "Contract assigned" }, 1);
      return keyPost(api, "/_api/assignments/create", { courseId: course.id, userIds: [team.members.learner.id] });
    },
    "assignments.list": async (api) => {
      const { course } = await courseWithLessons(team.admin.api, { title: "Contract assignments" }, 1);
      ok(await keyPost(api, "/_api/assignments/create", { courseId: course.id, userIds: [team.members.learner.id] }));
      return keyGet(api, "/_api/assignments/list", { courseId: String(course.id) });
    },
    "assignments.delete": async (api) => {
      const { course } = await courseWithLessons(team.admin.api, { title: "Contract unassigned" }, 1);
      ok(await keyPost(api, "/_api/assignments/create", { courseId: course.id, userIds: [team.members.learner.id] }));
      return keyPost(api, "/_api/assignments/delete", { courseId: course.id, userId: team.members.learner.id });
    },
    "webhooks.list": (api) => keyGet(api, "/_api/webhooks/list"),
    "webhooks.create": (api) =>
      keyPost(api, "/_api/webhooks/create", { url: "https://hooks.example.com/in", events: ["member.joined"] }),
    "webhooks.delete": async (api) => {
      const made = ok<NewWebhookView>(
        await keyPost(api, "/_api/webhooks/create", {
          url: "https://hooks.example.com/gone",
          events: ["lesson.signed"],
        }),
      );
      return keyPost(api, "/_api/webhooks/delete", { id: made.id });
    },
    "webhooks.deliveries": async (api) => (await webhookWithDelivery(api)).deliveries,
    "webhooks.redeliver": async (api) => {
      const { deliveryId } = await webhookWithDelivery(api);
      return keyPost(api, "/_api/webhooks/redeliver", { deliveryId });
    },
    "revisions.submit": async (api) => {
      const { course } = await draftedCourse("Contract revision");
      return keyPost(api, "/_api/revisions/submit", { courseId: course.id, reason: "Contract check" });
    },
    "revisions.list": async (api) => {
      const { course } = await draftedCourse("Contract revisions");
      return keyGet(api, "/_api/revisions/list", { courseId: String(course.id) });
    },
    "revisions.get": async (api) => {
      const { course } = await draftedCourse("Contract diff");
      const [draft] = ok<{ id: number }[]>(await keyGet(api, "/_api/revisions/list", { courseId: String(course.id) }));
      return keyGet(api, "/_api/revisions/get", { id: String(draft?.id) });
    },
    "revisions.lessonDraft": async (api) => {
      const { lesson } = await draftedCourse("Contract draft");
      return keyGet(api, "/_api/revisions/lesson-draft", { lessonId: String(lesson?.id) });
    },
    "revisions.approve": async (api) => {
      const submitted = await submittedByManager("Contract approval");
      return keyPost(api, "/_api/revisions/approve", { revisionId: submitted.id, fullName: team.admin.name });
    },
    "revisions.reject": async (api) => {
      const submitted = await submittedByManager("Contract rejection");
      return keyPost(api, "/_api/revisions/reject", { revisionId: submitted.id, comment: "Not yet" });
    },
    "documentControl.settings": (api) => keyGet(api, "/_api/document-control/settings"),
    "documentControl.updateSettings": (api) =>
      keyPost(api, "/_api/document-control/update-settings", { approvalRequired: false }),
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
