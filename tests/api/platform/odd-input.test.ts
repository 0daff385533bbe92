import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app.js";
import type { ApiResponse } from "../support/client.js";

/**
 * docs/DESIGN.md §7: "no input makes the server answer 500". Odd bodies, thrown at every auth endpoint, must get
 * a 4xx in the error shape (or a 2xx where the procedure ignores its input), never a 500.
 */

function deepArray(depth: number): string {
  return `${"[".repeat(depth)}${"]".repeat(depth)}`;
}

function deepObject(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
}

const valid = { email: "odd@example.com", password: "odd-password-1", name: "Odd Person" };

const ODD_BODIES: Array<[string, string]> = [
  ["an array", "[]"],
  ["an array of objects", JSON.stringify([valid, valid])],
  ["null", "null"],
  ["a number", "42"],
  ["a negative number", "-1"],
  ["a huge number", "1e309"],
  ["a string", '"a@b.co"'],
  ["true", "true"],
  ["an empty object", "{}"],
  ["null fields", JSON.stringify({ email: null, password: null, name: null })],
  ["array fields", JSON.stringify({ email: [valid.email], password: [valid.password], name: [valid.name] })],
  ["object fields", JSON.stringify({ email: { $gt: "" }, password: { $ne: null }, name: { first: "x" } })],
  ["SQL in the e-mail", JSON.stringify({ ...valid, email: "a@b.co' OR '1'='1' --" })],
  ["a __proto__ key", `{"__proto__":{"isAdmin":true},"email":"${valid.email}","password":"x"}`],
  ["a constructor key", JSON.stringify({ constructor: { prototype: { isAdmin: true } }, ...valid })],
  ["a huge e-mail", JSON.stringify({ ...valid, email: `${"a".repeat(500_000)}@example.com` })],
  ["a huge password", JSON.stringify({ ...valid, password: "p".repeat(900_000) })],
  ["a huge name", JSON.stringify({ ...valid, name: "N".repeat(900_000) })],
  ["many fields", JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i])))],
  ["deeply nested arrays", deepArray(5_000)],
  ["deeply nested objects", deepObject(5_000)],
  ["nested junk in a field", JSON.stringify({ ...valid, password: [[{ a: [null, { b: [1, "2"] }] }]] })],
  ["NUL and lone surrogates", JSON.stringify({ ...valid, email: "a\u0000@b.co", name: "\ud800\udfff\ud800" })],
  ["emoji and right-to-left text", JSON.stringify({ ...valid, name: "👩‍👩‍👧 مرحبا", email: "ü@exämple.com" })],
  ["superjson: a null envelope", '{"json":null}'],
  ["superjson: an array envelope", '{"json":[]}'],
  ["superjson: a string envelope", '{"json":"x"}'],
  ["superjson: meta that is a number", JSON.stringify({ json: valid, meta: 5 })],
  ["superjson: meta values that are a list", JSON.stringify({ json: valid, meta: { values: ["nope"] } })],
  ["superjson: an unknown type", JSON.stringify({ json: valid, meta: { values: { email: ["nope"] } } })],
  ["superjson: a bigint that is not one", JSON.stringify({ json: valid, meta: { values: { password: ["bigint"] } } })],
  ["superjson: an unregistered class", JSON.stringify({ json: valid, meta: { values: { name: ["class", "X"] } } })],
  ["superjson: a __proto__ path", JSON.stringify({ json: valid, meta: { values: { "__proto__.x": ["Date"] } } })],
  [
    "superjson: bad references",
    JSON.stringify({ json: valid, meta: { referentialEqualities: { email: ["nope.x"] } } }),
  ],
  [
    "superjson: a date field",
    JSON.stringify({ json: { ...valid, email: "2020-01-01T00:00:00.000Z" }, meta: { values: { email: ["Date"] } } }),
  ],
];

const REST_WRITES = ["/_api/auth/login", "/_api/auth/register", "/_api/auth/logout"];
const TRPC_WRITES = ["/_api/trpc/auth.login", "/_api/trpc/auth.register", "/_api/trpc/auth.logout"];

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** Why a response breaks the rule, or null: a 5xx, HTML, or (on REST) a failure not in the error shape. */
function problemOf(response: ApiResponse, rest: boolean): string | null {
  if (response.status >= 500) return `${response.status} ${response.text.slice(0, 200)}`;
  if (/<html/i.test(response.text)) return "HTML";
  if (!rest || response.status < 400) return null;
  const body = response.body;
  const shaped = body !== null && typeof body === "object" && Object.keys(body).join() === "error" && "error" in body;
  return shaped && typeof body.error === "string" && body.error !== "" ? null : `not { error }: ${response.text}`;
}

/** Sends every odd body and lists each one that broke the rule, so one run shows all of them. */
async function problemsOn(path: string): Promise<string[]> {
  const problems: string[] = [];
  for (const [label, raw] of ODD_BODIES) {
    const problem = problemOf(await app.newAgent().post(path, undefined, { raw }), !path.includes("/trpc/"));
    if (problem) problems.push(`${label}: ${problem}`);
  }
  return problems;
}

function expectNo500(response: ApiResponse, what: string): void {
  expect(problemOf(response, false), what).toBeNull();
}

describe("no input makes a 500", () => {
  it.each(REST_WRITES)("REST %s answers every odd body with a 4xx in the error shape", async (path) => {
    expect(await problemsOn(path)).toEqual([]);
  });

  it.each(TRPC_WRITES)("tRPC %s never answers 500", async (path) => {
    expect(await problemsOn(path)).toEqual([]);
  });

  it("a tRPC batch of junk never answers 500", async () => {
    const batch = JSON.stringify({ 0: { json: null }, 1: { json: [] }, 2: "x", 3: { json: valid, meta: 5 } });
    const response = await app.api.post("/_api/trpc/auth.login,auth.register,auth.logout,auth.me?batch=1", undefined, {
      raw: batch,
    });
    expectNo500(response, "batch");
  });

  it("GET /_api/auth/me and tRPC auth.me never answer 500, whatever the query", async () => {
    const queries: Array<Record<string, string>> = [
      { input: "[[[" },
      { input: "null" },
      { input: JSON.stringify({ json: valid, meta: { values: { email: ["nope"] } } }) },
      { "a[b][c]": "d", "__proto__[x]": "1" },
      { input: "x".repeat(50_000) },
    ];
    for (const query of queries) {
      expectNo500(await app.api.get("/_api/auth/me", query), `me ${JSON.stringify(query).slice(0, 80)}`);
      expectNo500(await app.api.get("/_api/trpc/auth.me", query), `trpc me ${JSON.stringify(query).slice(0, 80)}`);
    }
    expectNo500(await app.api.get("/_api/trpc/auth.login", { input: "{}" }), "a mutation called with GET");
  });

  it("still serves normally after all of that", async () => {
    const api = app.newAgent();
    const registered = await api.post("/_api/auth/register", { ...valid, email: "after.odd@example.com" });
    expect(registered.status, registered.text).toBe(200);
    expect((await api.get("/_api/auth/me")).status).toBe(200);
  });
});
