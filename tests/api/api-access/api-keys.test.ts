import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiKey } from "#server/entities.js";
import type { ApiKeyView, NewApiKeyView } from "#server/modules/api-access/api-keys.presenter.js";
import { hashToken } from "#server/modules/identity/index.js";
import type { DepartmentView, TagView } from "#server/modules/tags/tags.presenter.js";
import { API_KEY_MESSAGES as AUTH } from "#server/platform/api/api-key-auth.js";
import { LAST_SEEN_STEP_MS, ORGANIZATION_HEADER } from "#shared/constants.js";
import { API_KEY_MESSAGES as M } from "#shared/schemas/api-keys.js";
import { startTestApp, type TestApp } from "../support/app.js";
import type { ApiClient, ApiResponse } from "../support/client.js";
import { type OrgTeam, ok, orgWithMembers, refusal, rowsOfOrganization } from "../support/org-fixtures.js";
import { courseWithLessons } from "../support/training-fixtures.js";

/** API keys (docs/decisions/0320-api-keys.md; docs/DESIGN.md §6): one organization, one access level, revocable. */

let now = Date.now();
let app: TestApp;
let team: OrgTeam<"manager" | "learner">;
let other: OrgTeam;
/** A client with no cookies at all: what an integrator has. */
let integrator: ApiClient;

beforeAll(async () => {
  app = await startTestApp({}, { clock: () => now });
  integrator = app.newAgent();
  [team, other] = await Promise.all([
    orgWithMembers(app, { roles: ["manager", "learner"], label: "keys" }),
    orgWithMembers(app, { label: "keys-other" }),
  ]);
});
afterAll(async () => {
  await app?.close();
});

const create = (api: ApiClient, input: Record<string, unknown>) => api.post("/_api/api-keys/create", input);
const newKey = async (role: string, api = team.admin.api, extra: Record<string, unknown> = {}) =>
  ok<NewApiKeyView>(await create(api, { name: `${role} key`, role, ...extra }));
const listKeys = async (api: ApiClient) => ok<ApiKeyView[]>(await api.get("/_api/api-keys/list"));
const bearer = (key: string, headers: Record<string, string> = {}) => ({
  headers: { authorization: `Bearer ${key}`, ...headers },
});
const keyGet = (key: string, path: string, headers?: Record<string, string>) =>
  integrator.get(path, undefined, bearer(key, headers));
const keyPost = (key: string, path: string, body: unknown, headers?: Record<string, string>) =>
  integrator.post(path, body, bearer(key, headers));
const tagNames = (tree: DepartmentView[]) => tree.map((department) => department.name).sort();

describe("making and listing keys", () => {
  it("shows the key once, keeps only its SHA-256, and lists it without the key", async () => {
    const made = await newKey("readonly");
    expect(made.key).toMatch(/^twk_[A-Za-z0-9_-]{43}$/);
    expect(made.apiKey).toEqual({
      id: expect.any(Number),
      name: "readonly key",
      role: "readonly",
      prefix: made.key.slice(0, 10),
      createdBy: expect.any(String),
      createdAt: expect.any(Date),
      expiresAt: null,
      lastUsedAt: null,
    });
    const stored = await app.orm.em.fork().findOneOrFail(ApiKey, { id: made.apiKey.id }, { filters: false });
    expect(stored.tokenHash).toBe(hashToken(made.key));
    expect(JSON.stringify(stored)).not.toContain(made.key);
    const listed = await listKeys(team.admin.api);
    expect(listed.find((key) => key.id === made.apiKey.id)).toEqual(made.apiKey);
    expect(JSON.stringify(listed)).not.toContain(made.key);
  });

  it.each([
    [{ role: "readonly" }, M.nameRequired],
    [{ name: "  ", role: "readonly" }, M.nameRequired],
    [{ name: "x".repeat(101), role: "readonly" }, M.nameTooLong],
    [{ name: "Sync" }, M.roleInvalid],
    [{ name: "Sync", role: "owner" }, M.roleInvalid],
    [{ name: "Sync", role: "admin", expiresAt: "tomorrow" }, M.expiryInvalid],
  ])("%j → 400 with its message, and nothing is made", async (input, message) => {
    const before = await listKeys(team.admin.api);
    expect(refusal(await create(team.admin.api, input))).toEqual({ status: 400, error: message });
    expect(await listKeys(team.admin.api)).toEqual(before);
  });

  it("refuses an expiry in the past", async () => {
    const past = new Date(now - 1000).toISOString();
    expect(refusal(await create(team.admin.api, { name: "Old", role: "admin", expiresAt: past }))).toEqual({
      status: 400,
      error: M.expiryPast,
    });
  });

  it("is for admins only (docs/DESIGN.md §6): managers and learners are refused and make nothing", async () => {
    const before = await rowsOfOrganization(app, team.org.id);
    for (const member of [team.members.manager, team.members.learner]) {
      expect((await create(member.api, { name: "Mine", role: "readonly" })).status).toBe(403);
      expect((await member.api.get("/_api/api-keys/list")).status).toBe(403);
      expect((await member.api.post("/_api/api-keys/revoke", { id: 1 })).status).toBe(403);
    }
    expect(await rowsOfOrganization(app, team.org.id)).toEqual(before);
  });

  it("another organization's admin neither sees nor revokes the keys: not found, and the key still works", async () => {
    const made = await newKey("admin");
    expect((await listKeys(other.admin.api)).map((key) => key.id)).not.toContain(made.apiKey.id);
    expect(refusal(await other.admin.api.post("/_api/api-keys/revoke", { id: made.apiKey.id }))).toEqual({
      status: 404,
      error: M.notFound,
    });
    expect((await keyGet(made.key, "/_api/tags/list")).status).toBe(200);
  });
});

describe("calling the REST paths with a key", () => {
  it("acts in the key's organization only: another's ids and header are not found, and nothing changes", async () => {
    const { key } = await newKey("admin");
    const theirs = ok<TagView>(
      await other.admin.api.post("/_api/tags/create", { name: "Their kitchen", type: "department" }),
    );
    const { course } = await courseWithLessons(other.admin.api, { title: "Their course" }, 1);
    const before = await rowsOfOrganization(app, other.org.id);
    expect((await keyPost(key, "/_api/tags/update", { id: theirs.id, name: "Mine now" })).status).toBe(404);
    expect((await keyPost(key, "/_api/tags/delete", { id: theirs.id })).status).toBe(404);
    expect((await keyGet(key, `/_api/courses/get?id=${course.id}`)).status).toBe(404);
    expect((await keyGet(key, "/_api/tags/list", { [ORGANIZATION_HEADER]: String(other.org.id) })).status).toBe(404);
    expect(await rowsOfOrganization(app, other.org.id)).toEqual(before);
    expect(tagNames(ok(await other.admin.api.get("/_api/tags/list")))).toContain("Their kitchen");
    // Its own organization's header is fine.
    expect((await keyGet(key, "/_api/tags/list", { [ORGANIZATION_HEADER]: String(team.org.id) })).status).toBe(200);
  });

  it("an admin key writes in its organization, as the admin who made it", async () => {
    const { key } = await newKey("admin");
    const made = ok<TagView>(await keyPost(key, "/_api/tags/create", { name: "Bakery", type: "department" }));
    expect(made.name).toBe("Bakery");
    expect(tagNames(ok(await team.admin.api.get("/_api/tags/list")))).toContain("Bakery");
    expect(tagNames(ok(await other.admin.api.get("/_api/tags/list")))).not.toContain("Bakery");
  });

  it("a write with slow work before its transaction (lesson content) runs with a key, as the admin", async () => {
    const { key } = await newKey("admin");
    const course = ok<{ id: number }>(await keyPost(key, "/_api/courses/create", { title: "Keyed course" }));
    const module = ok<{ id: number }>(
      await keyPost(key, "/_api/modules/create", { courseId: course.id, title: "One" }),
    );
    const lesson = ok<{ id: number; title: string }>(
      await keyPost(key, "/_api/lessons/create", { moduleId: module.id, title: "Keyed lesson", content: "<p>Hi</p>" }),
    );
    expect(lesson.title).toBe("Keyed lesson");
    expect((await team.admin.api.get(`/_api/lessons/get?id=${lesson.id}`)).status).toBe(200);
    // Another organization's module: not found, and nothing is made there.
    const { course: theirs } = await courseWithLessons(other.admin.api, { title: "Their lessons" }, 1);
    const before = await rowsOfOrganization(app, other.org.id);
    const theirModules = ok<{ id: number }[]>(
      await other.admin.api.get(`/_api/courses/structure?courseId=${theirs.id}`),
    );
    const theirModule = theirModules[0]?.id ?? 0;
    expect((await keyPost(key, "/_api/lessons/create", { moduleId: theirModule, title: "Intruder" })).status).toBe(404);
    expect(await rowsOfOrganization(app, other.org.id)).toEqual(before);
  });

  it("a key has its access level's rights (shared/permissions.ts): a learner key reads tags, not reports", async () => {
    const { key } = await newKey("learner");
    expect((await keyGet(key, "/_api/tags/list")).status).toBe(200);
    expect((await keyGet(key, "/_api/reports/matrix")).status).toBe(403);
    const before = await rowsOfOrganization(app, team.org.id);
    expect((await keyPost(key, "/_api/tags/create", { name: "Nope", type: "department" })).status).toBe(403);
    expect(await rowsOfOrganization(app, team.org.id)).toEqual(before);
  });

  it("a read-only key reads what an admin may and writes nothing", async () => {
    const { key } = await newKey("readonly");
    expect((await keyGet(key, "/_api/reports/matrix")).status).toBe(200);
    expect((await keyGet(key, "/_api/api-keys/list")).status).toBe(200);
    const before = await rowsOfOrganization(app, team.org.id);
    expect(refusal(await keyPost(key, "/_api/tags/create", { name: "Nope", type: "department" }))).toEqual({
      status: 403,
      error: AUTH.readOnly,
    });
    expect(await rowsOfOrganization(app, team.org.id)).toEqual(before);
  });

  it("records when a key was last used, at most once per step", async () => {
    const made = await newKey("readonly");
    const lastUsed = async () => (await listKeys(team.admin.api)).find((key) => key.id === made.apiKey.id)?.lastUsedAt;
    expect(await lastUsed()).toBeNull();
    expect((await keyGet(made.key, "/_api/tags/list")).status).toBe(200);
    const first = await lastUsed();
    expect(first?.getTime()).toBe(now);
    now += 1000;
    expect((await keyGet(made.key, "/_api/tags/list")).status).toBe(200);
    expect((await lastUsed())?.getTime()).toBe(first?.getTime());
    now += LAST_SEEN_STEP_MS;
    expect((await keyGet(made.key, "/_api/tags/list")).status).toBe(200);
    expect((await lastUsed())?.getTime()).toBe(now);
  });
});

describe("keys that no longer work answer 401 at once", () => {
  const invalid = { status: 401, error: AUTH.invalid };

  it("a revoked key", async () => {
    const made = await newKey("admin");
    expect((await keyGet(made.key, "/_api/tags/list")).status).toBe(200);
    ok(await team.admin.api.post("/_api/api-keys/revoke", { id: made.apiKey.id }));
    expect(refusal(await keyGet(made.key, "/_api/tags/list"))).toEqual(invalid);
    expect((await listKeys(team.admin.api)).map((key) => key.id)).not.toContain(made.apiKey.id);
  });

  it("an expired key", async () => {
    const made = await newKey("admin", team.admin.api, { expiresAt: new Date(now + 60_000).toISOString() });
    expect(made.apiKey.expiresAt?.getTime()).toBe(now + 60_000);
    expect((await keyGet(made.key, "/_api/tags/list")).status).toBe(200);
    now += 60_000;
    expect(refusal(await keyGet(made.key, "/_api/tags/list"))).toEqual(invalid);
  });

  it("an unknown or malformed key", async () => {
    const made = await newKey("admin");
    expect(refusal(await keyGet(`${made.key.slice(0, -2)}xx`, "/_api/tags/list"))).toEqual(invalid);
    expect(refusal(await keyGet("not-a-key", "/_api/tags/list"))).toEqual(invalid);
    expect(
      refusal(await integrator.get("/_api/tags/list", undefined, { headers: { authorization: "Bearer" } })),
    ).toEqual(invalid);
  });

  it("a key whose maker is no longer an admin of the organization", async () => {
    const manager = team.members.manager;
    ok(await team.admin.api.post("/_api/team/update-role", { userId: manager.id, newRole: "admin" }));
    const made = await newKey("readonly", manager.api);
    expect((await keyGet(made.key, "/_api/tags/list")).status).toBe(200);
    ok(await team.admin.api.post("/_api/team/update-role", { userId: manager.id, newRole: "manager" }));
    expect(refusal(await keyGet(made.key, "/_api/tags/list"))).toEqual(invalid);
  });
});

describe("where keys never act", () => {
  const cookieOnly = { status: 401, error: AUTH.cookieOnly };
  let key: string;
  beforeAll(async () => {
    key = (await newKey("admin")).key;
  });

  it.each([
    ["GET", "/_api/auth/me", undefined],
    ["GET", "/_api/auth/sessions", undefined],
    ["POST", "/_api/auth/change-password", { currentPassword: "x", newPassword: "y".repeat(12) }],
    ["GET", "/_api/orgs/list", undefined],
    ["POST", "/_api/orgs/switch", { orgId: 1 }],
    ["GET", "/_api/orgs/get?orgId=1", undefined],
    ["POST", "/_api/lessons/complete", { lessonId: 1 }],
    ["POST", "/_api/lessons/sign", { lessonId: 1, version: 1, fullName: "x", agreed: true }],
    ["GET", "/_api/training/mine", undefined],
    ["GET", "/_api/users/completions", undefined],
  ])("%s %s (a signed-in person's own path) refuses a key", async (method, path, body) => {
    const response: ApiResponse = method === "GET" ? await keyGet(key, path) : await keyPost(key, path, body);
    expect(refusal(response)).toEqual(cookieOnly);
  });

  it("a key is not a session: even beside the admin's own cookie, auth/me refuses it", async () => {
    const response = await team.admin.api.get("/_api/auth/me", undefined, bearer(key));
    expect(refusal(response)).toEqual(cookieOnly);
  });

  it("the typed client's tRPC endpoint refuses keys (keys call the documented REST paths)", async () => {
    const response = await integrator.get("/_api/trpc/tags.list", undefined, bearer(key));
    expect(response.status).toBe(401);
  });

  it("another scheme is no key: a session with a Basic header (a proxy's prompt) still works", async () => {
    const response = await team.admin.api.get("/_api/auth/me", undefined, {
      headers: { authorization: "Basic dXNlcjpwdw==" },
    });
    expect(response.status).toBe(200);
  });
});

describe("rate limit per key", () => {
  it("answers 429 past RATE_LIMIT_PER_API_KEY requests in a window, for that key only", async () => {
    const limited = await startTestApp({ RATE_LIMIT_PER_API_KEY: "3" });
    try {
      const owners = await orgWithMembers(limited, { label: "keys-limit" });
      const keyOf = async () =>
        ok<NewApiKeyView>(await owners.admin.api.post("/_api/api-keys/create", { name: "Sync", role: "readonly" })).key;
      const [first, second] = [await keyOf(), await keyOf()];
      const agent = limited.newAgent();
      const call = (key: string) => agent.get("/_api/tags/list", undefined, bearer(key));
      for (let index = 0; index < 3; index += 1) expect((await call(first)).status).toBe(200);
      expect((await call(first)).status).toBe(429);
      expect((await call(second)).status).toBe(200);
      expect((await owners.admin.api.get("/_api/tags/list")).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("plain JSON for keys; the browser keeps superjson (docs/decisions/0321-plain-json-for-api-keys.md)", () => {
  it("a key's answer has ISO dates and self-describing cells; a session's is the superjson envelope as before", async () => {
    const { key } = await newKey("readonly");
    await courseWithLessons(team.admin.api, { title: "Plain course", required: true }, 1);
    const byKey = await keyGet(key, "/_api/reports/matrix");
    const plain = JSON.parse(byKey.text) as { cells: unknown[]; json?: unknown };
    expect(plain.json).toBeUndefined();
    expect(plain.cells.length).toBeGreaterThan(0);
    for (const cell of plain.cells) {
      expect(cell).toEqual({
        userId: expect.any(Number),
        courseId: expect.any(Number),
        assigned: expect.any(Boolean),
        status: expect.any(String),
        percent: expect.any(Number),
        completedAt: null,
        dueAt: null,
      });
    }
    const bySession = JSON.parse((await team.admin.api.get("/_api/reports/matrix")).text) as {
      json: { cells: unknown[][] };
      meta: { values: Record<string, unknown> };
    };
    expect(bySession.json.cells.every((cell) => Array.isArray(cell) && cell.length === 7)).toBe(true);
    expect(bySession.meta.values).toEqual({ cells: [["custom", "MatrixCells"]] });

    const keysByKey = JSON.parse((await keyGet(key, "/_api/api-keys/list")).text) as { createdAt: string }[];
    expect(keysByKey[0]?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const keysBySession = JSON.parse((await team.admin.api.get("/_api/api-keys/list")).text) as { meta?: object };
    expect(keysBySession).toHaveProperty("json");
    expect(JSON.stringify(keysBySession.meta)).toContain('"Date"');
  });

  it("errors too: plain `{ error }` for a key, the superjson envelope for a session", async () => {
    const { key } = await newKey("readonly");
    expect(JSON.parse((await keyGet(key, "/_api/courses/get?id=2000000")).text)).toEqual({ error: expect.any(String) });
    expect(JSON.parse((await team.admin.api.get("/_api/courses/get?id=2000000")).text)).toEqual({
      json: { error: expect.any(String) },
    });
  });
});
