import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { JSON_BODY_MESSAGES as B } from "#server/platform/http/json-body.js";
import { THREE_QUESTIONS } from "../../support/quiz-questions.js";
import type { ApiResponse } from "../support/client.js";
import { createCourse, createLesson, createModule } from "../support/course-fixtures.js";
import { errorOf } from "../support/fixtures.js";
import { orgWithMembers } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/**
 * docs/decisions/0260-bounded-json-bodies.md: bodies are parsed before the session is known, so what
 * anyone can make the server parse is bounded before JSON.parse runs: 16 KB on the paths a signed-out
 * person may call, 1 MB on the others, and 32 levels of lists and objects everywhere, refused in one pass
 * over the bytes as they arrive (a megabyte of nesting cost 100–270 ms of parsing, of every tenant's time).
 */

const app = suiteApp();
const team = suiteFixture(() => orgWithMembers(app, { label: "bodies", roles: [] }));

const MIB = 1024 * 1024;
const nestedArrays = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
/** Just under a megabyte of nesting, as one value. */
const MEGABYTE_OF_ARRAYS = nestedArrays(MIB / 2 - 64);
const MEGABYTE_OF_OBJECTS = nestedObjects(Math.floor((MIB - 64) / 7));

function refusal(response: ApiResponse): { status: number; error: string } {
  return { status: response.status, error: errorOf(response) };
}

const TOO_DEEP = { status: 400, error: B.tooDeep };
const TOO_LARGE = { status: 413, error: B.tooLarge };

describe("nesting is bounded before anything is parsed", () => {
  it("a megabyte of nesting is refused as too deep on a path that needs a session, signed in or not", async () => {
    for (const api of [app.newAgent(), team.admin.api]) {
      for (const raw of [MEGABYTE_OF_ARRAYS, MEGABYTE_OF_OBJECTS, `{"json":${MEGABYTE_OF_ARRAYS}}`]) {
        for (const path of ["/_api/courses/create", "/_api/trpc/courses.create", "/_api/lessons/update"]) {
          expect(refusal(await api.post(path, undefined, { raw })), path).toEqual(TOO_DEEP);
        }
      }
    }
  });

  it("and as too large on a path a signed-out person may call, by its declared length alone", async () => {
    for (const path of ["/_api/auth/login", "/_api/auth/register", "/_api/trpc/auth.login", "/_api/no/such/path"]) {
      expect(refusal(await app.newAgent().post(path, undefined, { raw: MEGABYTE_OF_ARRAYS })), path).toEqual(TOO_LARGE);
    }
    // Within its 16 KB, nesting is bounded there too.
    const deepPassword = `{"email":"a@example.com","password":${nestedArrays(1000)}}`;
    expect(refusal(await app.newAgent().post("/_api/auth/login", undefined, { raw: deepPassword }))).toEqual(TOO_DEEP);
  });

  it("32 levels are read as usual (and then validated), 33 are not", async () => {
    const api = team.admin.api;
    const withTitle = (depth: number) => `{"title":${nestedArrays(depth - 1)}}`;
    const read = await api.post("/_api/courses/create", undefined, { raw: withTitle(32) });
    expect(read.status).toBe(400);
    expect(errorOf(read)).not.toBe(B.tooDeep);
    expect(refusal(await api.post("/_api/courses/create", undefined, { raw: withTitle(33) }))).toEqual(TOO_DEEP);
  });

  it("brackets inside text are text: a title of 250 '[' is a title", async () => {
    const created = await team.admin.api.post("/_api/courses/create", { title: `${"[".repeat(250)}` });
    expect(created.status, created.text).toBe(200);
    const password = "[{".repeat(90);
    const login = await app.newAgent().post("/_api/auth/login", { email: "nobody@example.com", password });
    expect(login.status).toBe(401);
  });

  it("what a screen sends still passes: a knowledge check through a tRPC batch, a lesson of 250 KB", async () => {
    const api = team.admin.api;
    const course = await createCourse(api);
    const lesson = await createLesson(api, (await createModule(api, course.id)).id);
    const batch = { 0: { json: { lessonId: lesson.id, questions: THREE_QUESTIONS } } };
    const saved = await api.post("/_api/trpc/quizzes.save?batch=1", batch);
    expect(saved.status, saved.text).toBe(200);
    const content = `<p>${"Lockout, tagout. ".repeat(14_000)}</p>`;
    const updated = await api.post("/_api/lessons/update", { id: lesson.id, content });
    expect(updated.status, updated.text.slice(0, 200)).toBe(200);
  });
});

describe("a body is parsed only when its procedure reads its input, after the session", () => {
  it("signed out, a path that needs a session answers 401 without reading the JSON or its superjson", async () => {
    const dates = Object.fromEntries(Array.from({ length: 20_000 }, (_, at) => [`k${at}`, "2026-01-01"]));
    const values = Object.fromEntries(Object.keys(dates).map((key) => [key, ["Date"]]));
    const bodies = ["{not json", JSON.stringify({ json: dates, meta: { values } }), '{"json":1,"meta":{"values":5}}'];
    for (const raw of bodies) {
      for (const path of ["/_api/courses/create", "/_api/trpc/courses.create"]) {
        expect((await app.newAgent().post(path, undefined, { raw })).status, path).toBe(401);
      }
    }
    // Signed in, the same bodies are read, and refused as what they are.
    expect(refusal(await team.admin.api.post("/_api/courses/create", undefined, { raw: "{not json" }))).toEqual({
      status: 400,
      error: B.invalid,
    });
  });
});

/** A POST straight over HTTP: the body in pieces without a declared length, or a declared length alone. */
function rawPost(
  path: string,
  options: { pieces?: string[]; declaredLength?: number; cookie?: string },
): Promise<{ status: number; body: string }> {
  const url = new URL(path, app.url);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { "content-type": "application/json" };
    if (options.declaredLength !== undefined) headers["content-length"] = options.declaredLength;
    if (options.cookie) headers.cookie = options.cookie;
    const req = request(url, { method: "POST", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, body });
        // A declared body never sent: give up the connection, as a client refused this way would.
        req.destroy();
      });
    });
    req.on("error", reject);
    for (const piece of options.pieces ?? []) req.write(piece);
    // With a declared length and no body, the answer must come before any byte is sent.
    if (options.declaredLength === undefined) req.end();
    else req.flushHeaders();
  });
}

describe("size is bounded as the bytes arrive", () => {
  it("a declared length over the limit is refused before a byte of the body is sent", async () => {
    const answer = await rawPost("/_api/auth/login", { declaredLength: 10 * MIB });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain(B.tooLarge);
    const signedIn = await rawPost("/_api/courses/create", { declaredLength: 2 * MIB });
    expect(signedIn.status).toBe(413);
  });

  it("a body sent in pieces without a length is cut off at the limit, and the server goes on serving", async () => {
    const pieces = Array.from({ length: 40 }, () => "x".repeat(1024));
    const login = await rawPost("/_api/auth/login", { pieces: ['{"email":"a@example.com","password":"', ...pieces] });
    expect(login.status).toBe(413);
    const deep = await rawPost("/_api/courses/create", { pieces: Array.from({ length: 10 }, () => "[".repeat(10)) });
    expect(deep.status).toBe(400);
    expect(deep.body).toContain(B.tooDeep);
    const fine = await rawPost("/_api/auth/login", { pieces: ['{"email":"a@example.com",', '"password":"x"}'] });
    expect(fine.status).toBe(401);
  });
});
