import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restRoutesOf } from "#server/platform/http/rest.js";
import { appRouter } from "#server/router.js";
import { API_PREFIX } from "#shared/constants.js";
import { TEXT_MESSAGES } from "#shared/schemas/common.js";
import { startTestApp, type TestApp } from "../support/app.js";
import type { ApiClient, ApiResponse } from "../support/client.js";
import { createCourse, createLesson, createModule } from "../support/course-fixtures.js";
import { ok, orgWithMembers, refusal } from "../support/org-fixtures.js";

/**
 * The security review (decision 0012): a generated corpus against every documented REST path, signed out and signed in
 * as the admin of an organization; no response may be 5xx. Each request puts one odd value in one field of
 * an otherwise sensible input (the fields read from the procedure's own schema), so the odd value gets
 * past the other fields' validation to wherever it could do harm.
 */

/** JSON text that stands for a value where it is placed: nesting deeper than JSON.stringify goes. */
class RawJson {
  constructor(readonly text: string) {}
}

/** `depth` arrays, one inside the next. */
const nestedArrays = (depth: number) => new RawJson(`${"[".repeat(depth)}${"]".repeat(depth)}`);

/** JSON.stringify, with each RawJson's text in its place. */
function jsonOf(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, each: unknown) =>
    each instanceof RawJson ? `\u0000raw${raws.push(each.text) - 1}\u0000` : each,
  );
  return (text ?? "").replace(/"\\u0000raw(\d+)\\u0000"/g, (_match, index: string) => raws[Number(index)] ?? "");
}

/**
 * Values no field should turn into a 500: control characters, sizes, types, numbers, Unicode, keys; ids
 * past the integer columns' range, alone and in lists; long lists; deep nesting (decisions 0260, 0261).
 */
const ODD_VALUES: unknown[] = [
  "\u0000",
  "a\u0000b",
  "\u0001\u0008\u000b\u001b\u007f",
  "",
  "x".repeat(270_000),
  "\ud800",
  "👩‍👩‍👧 \u202eevil\u202c ᴬ\ufeff",
  -1,
  1e308,
  2 ** 53 + 1,
  true,
  null,
  [],
  {},
  { $gt: "" },
  JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
  2 ** 31,
  2 ** 32,
  Number.MAX_SAFE_INTEGER,
  [2 ** 31],
  [{ id: 2 ** 31, orderIndex: 0 }],
  Array.from({ length: 20_000 }, (_, index) => index + 1),
  Array.from({ length: 2_000 }, () => 2 ** 31),
  nestedArrays(40),
  nestedArrays(5_000),
];

/** Whole bodies that are not an object of fields at all. */
const ODD_BODIES: unknown[] = [
  null,
  [],
  "text",
  42,
  JSON.parse('{"__proto__":{"isAdmin":true}}'),
  nestedArrays(40),
  nestedArrays(20_000),
  { json: nestedArrays(20_000) },
];

interface ShapedSchema {
  shape?: Record<string, unknown>;
  _zod?: { def?: { innerType?: { shape?: Record<string, unknown> } } };
}

/** The input fields a procedure's schemas name (tRPC keeps them on the procedure's definition). */
function fieldsOf(procedurePath: string): string[] {
  const procedures = (
    appRouter as unknown as { _def: { procedures: Record<string, { _def: { inputs: ShapedSchema[] } }> } }
  )._def.procedures;
  const inputs = procedures[procedurePath]?._def.inputs ?? [];
  return inputs.flatMap((schema) => Object.keys(schema.shape ?? schema._zod?.def?.innerType?.shape ?? {}));
}

let app: TestApp;
let admin: ApiClient;
let ids: { org: number; member: number; course: number; module: number; lesson: number; tag: number };
let counter = 0;

beforeAll(async () => {
  app = await startTestApp();
  const team = await orgWithMembers(app, { label: "fuzz", roles: ["user"] });
  admin = team.admin.api;
  const course = await createCourse(admin);
  const module = await createModule(admin, course.id);
  const lesson = await createLesson(admin, module.id, { content: "Text" });
  const tag = ok<{ id: number }>(await admin.post("/_api/tags/create", { name: "Fuzz", type: "department" }));
  ids = {
    org: team.org.id,
    member: team.members.user.id,
    course: course.id,
    module: module.id,
    lesson: lesson.id,
    tag: tag.id,
  };
});
afterAll(async () => {
  await app?.close();
});

/** A sensible value for each field, so that one odd field at a time reaches as deep as it can. */
function sensibleValue(field: string, restPath: string): unknown {
  counter += 1;
  const idOfPath: Record<string, number> = {
    courses: ids.course,
    modules: ids.module,
    lessons: ids.lesson,
    tags: ids.tag,
  };
  const values: Record<string, unknown> = {
    email: `fuzz-${counter}@example.com`,
    password: "fuzz-password-1",
    name: "Fuzz Person",
    slug: `fuzz-${counter}-${Date.now().toString(36)}`,
    orgId: ids.org,
    id: idOfPath[restPath.split("/")[1] ?? ""] ?? ids.course,
    courseId: ids.course,
    moduleId: ids.module,
    lessonId: ids.lesson,
    userId: ids.member,
    title: "Fuzz title",
    description: "Fuzz description",
    status: "draft",
    tagIds: [],
    search: "fuzz",
    content: "Fuzz content",
    videoUrl: "https://example.com/video",
    type: "department",
    parentId: null,
    color: "#AABBCC",
    role: "user",
    newRole: "user",
    token: "not-a-token",
    modules: [{ id: ids.module, orderIndex: 0 }],
    lessons: [{ id: ids.lesson, orderIndex: 0 }],
  };
  return values[field];
}

function queryOf(input: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(input)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, typeof value === "string" ? value : jsonOf(value)]),
  );
}

function send(api: ApiClient, method: "GET" | "POST", path: string, input: unknown): Promise<ApiResponse> {
  if (method === "POST") return api.post(`${API_PREFIX}${path}`, undefined, { raw: jsonOf(input) });
  const fields = input !== null && typeof input === "object" && !Array.isArray(input) ? input : { input };
  return api.get(`${API_PREFIX}${path}`, queryOf(fields as Record<string, unknown>));
}

/** Sign-out and deletions last, so that the signed-in run keeps its session and its data to the end. */
const ROUTES = restRoutesOf(appRouter).sort(
  (a, b) => Number(/logout|delete/.test(a.path)) - Number(/logout|delete/.test(b.path)),
);

/** Every request of the corpus for one caller; the 5xx answers, described. */
async function serverErrorsFor(api: ApiClient): Promise<string[]> {
  const problems: string[] = [];
  let requests = 0;
  for (const { method, path, procedurePath } of ROUTES) {
    const fields = fieldsOf(procedurePath);
    const inputs: [string, unknown][] = ODD_BODIES.map((body) => [`body ${jsonOf(body).slice(0, 60)}`, body]);
    for (const field of fields) {
      for (const odd of ODD_VALUES) {
        const input = Object.fromEntries(fields.map((each) => [each, sensibleValue(each, path)]));
        input[field] = odd;
        inputs.push([`${field}=${jsonOf(odd).slice(0, 40)}`, input]);
      }
    }
    for (const [label, input] of inputs) {
      requests += 1;
      const response = await send(api, method, path, input);
      if (response.status >= 500) problems.push(`${method} ${path} ${label}: ${response.status} ${response.text}`);
    }
  }
  // The corpus really ran: every route, with every odd value in every field.
  expect(requests).toBeGreaterThan(ROUTES.length * ODD_BODIES.length);
  return problems;
}

describe("fuzzed input against every REST path (decision 0012)", () => {
  it("a control character in a text field is a 400 that says so", async () => {
    const register = await app.newAgent().post(`${API_PREFIX}/auth/register`, {
      name: "Null\u0000Byte",
      email: "nul@example.com",
      password: "long-enough-1",
    });
    expect(refusal(register)).toEqual({ status: 400, error: TEXT_MESSAGES.controlCharacters });
    const course = await admin.post(`${API_PREFIX}/courses/update`, { id: ids.course, description: "a\u0000" });
    expect(refusal(course)).toEqual({ status: 400, error: TEXT_MESSAGES.controlCharacters });
  });

  it("signed out: no 5xx", { timeout: 400_000 }, async () => {
    expect(await serverErrorsFor(app.newAgent())).toEqual([]);
  });

  it("signed in as an organization's admin: no 5xx", { timeout: 400_000 }, async () => {
    expect(await serverErrorsFor(admin)).toEqual([]);
  });
});
