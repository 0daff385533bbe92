import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewApiKeyView } from "#server/modules/api-access/api-keys.presenter.js";
import { DAY_MS } from "#shared/constants.js";
import { startTestApp, type TestApp } from "../support/app.js";
import { type OrgTeam, ok, orgWithMembers } from "../support/org-fixtures.js";
import { courseWithLessons } from "../support/training-fixtures.js";
import { type IntegratorClient, integratorClient } from "./integrator-client.js";

/**
 * A client generated from /_api/openapi.json by standard tools (openapi-typescript, openapi-fetch) lists
 * the organization's overdue training with only an API key (docs/decisions/0320, 0321, 0322).
 */

let now = Date.now();
let app: TestApp;
let team: OrgTeam<"learner">;
let other: OrgTeam<"learner">;
let client: IntegratorClient;
const overdueTraining: IntegratorClient["overdueTraining"] = (apiUrl, key) => client.overdueTraining(apiUrl, key);

beforeAll(async () => {
  // Generated, compiled and loaded before the server starts: a compile error fails the file at once.
  client = await integratorClient();
  app = await startTestApp({}, { clock: () => now });
  [team, other] = await Promise.all([
    orgWithMembers(app, { roles: ["learner"], label: "client" }),
    orgWithMembers(app, { roles: ["learner"], label: "client-other" }),
  ]);
  // Compiling the script is a whole TypeScript program (about 15 s alone on this machine, more beside other files).
}, 180_000);
afterAll(async () => {
  await app?.close();
  client?.dispose();
});

describe("the generated client", () => {
  it("lists the organization's overdue training, and nothing of another organization", async () => {
    await courseWithLessons(team.admin.api, { title: "Knife safety", required: true, dueDays: 1 }, 1);
    await courseWithLessons(other.admin.api, { title: "Their allergens", required: true, dueDays: 1 }, 1);
    const key = ok<NewApiKeyView>(
      await team.admin.api.post("/_api/api-keys/create", { name: "Overdue report", role: "readonly" }),
    ).key;
    const apiUrl = `${app.url}/_api`;
    expect(await overdueTraining(apiUrl, key)).toEqual([]);
    now += 2 * DAY_MS;
    const overdue = await overdueTraining(apiUrl, key);
    expect(overdue).toEqual(
      expect.arrayContaining([
        {
          member: expect.any(String),
          email: team.members.learner.email,
          course: "Knife safety",
          dueAt: expect.any(String),
        },
      ]),
    );
    expect(overdue.every((row) => row.course === "Knife safety")).toBe(true);
    expect(overdue.every((row) => !Number.isNaN(Date.parse(row.dueAt ?? "")))).toBe(true);
  });

  it("a revoked key gets the document's error shape", async () => {
    const made = ok<NewApiKeyView>(
      await team.admin.api.post("/_api/api-keys/create", { name: "Gone", role: "readonly" }),
    );
    ok(await team.admin.api.post("/_api/api-keys/revoke", { id: made.apiKey.id }));
    await expect(overdueTraining(`${app.url}/_api`, made.key)).rejects.toThrow(/401: The API key is not valid/);
  });
});
