import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CourseView } from "#server/modules/courses/courses.presenter.js";
import type { DepartmentView } from "#server/modules/tags/tags.presenter.js";
import { ORGANIZATION_HEADER } from "#shared/constants.js";
import { ORG_MESSAGES } from "#shared/schemas/orgs.js";
import { startTestApp, type TestApp } from "../support/app.js";
import type { ApiClient, ApiResponse } from "../support/client.js";
import { trpcData, trpcError } from "../support/fixtures.js";
import {
  createOrg,
  me,
  type OrgRef,
  ok,
  orgWithMembers,
  type Person,
  refusal,
  rowsOfOrganization,
  signUp,
} from "../support/org-fixtures.js";

/**
 * One organization per request (decision 0017; docs/DESIGN.md §4): the typed client names the organization of its page
 * in a header, and the server acts on that one whatever the session's current organization is. Without
 * the header (the documented REST paths) the current organization applies as before.
 */

const NO_ACCESS = { status: 404, error: ORG_MESSAGES.noAccess };

let app: TestApp;
/** Admin of two organizations; `beta`, created last, is the session's current one. */
let owner: Person;
let alpha: OrgRef;
let beta: OrgRef;

beforeAll(async () => {
  app = await startTestApp();
  owner = await signUp(app, "two-orgs");
  alpha = await createOrg(owner);
  beta = await createOrg(owner);
});
afterAll(async () => {
  await app?.close();
});

const naming = (org: { id: number } | string) => ({
  headers: { [ORGANIZATION_HEADER]: typeof org === "string" ? org : String(org.id) },
});

const tagNames = async (api: ApiClient, org?: OrgRef) =>
  ok<DepartmentView[]>(await api.get("/_api/tags/list", undefined, org ? naming(org) : {})).map((tag) => tag.name);

/** A tRPC call as the typed client makes it: superjson input, the page's organization in the header. */
function trpcMutation(api: ApiClient, procedure: string, input: unknown, org: OrgRef): Promise<ApiResponse> {
  return api.post(`/_api/trpc/${procedure}`, superjson.serialize(input), naming(org));
}

function trpcQuery(api: ApiClient, procedure: string, input: unknown, org: OrgRef): Promise<ApiResponse> {
  const query = input === undefined ? undefined : { input: JSON.stringify(superjson.serialize(input)) };
  return api.get(`/_api/trpc/${procedure}`, query, naming(org));
}

describe("with the header", () => {
  it("a tRPC write lands in the named organization, not the session's current one", async () => {
    expect((await me(owner.api)).currentOrgId).toBe(beta.id);
    const created = trpcData(
      await trpcMutation(owner.api, "courses.create", { title: "Alpha onboarding", status: "draft" }, alpha),
    ) as CourseView;

    const alphaCourses = trpcData(await trpcQuery(owner.api, "courses.list", {}, alpha)) as CourseView[];
    expect(alphaCourses.map((course) => course.id)).toEqual([created.id]);
    expect(ok<CourseView[]>(await owner.api.get("/_api/courses/list"))).toEqual([]);
    // Naming an organization does not switch the session to it.
    expect((await me(owner.api)).currentOrgId).toBe(beta.id);
  });

  it("a REST write with the header lands in the named organization too", async () => {
    ok(await owner.api.post("/_api/tags/create", { name: "Alpha kitchen", type: "department" }, naming(alpha)));
    expect(await tagNames(owner.api, alpha)).toContain("Alpha kitchen");
    expect(await tagNames(owner.api)).not.toContain("Alpha kitchen");
    expect(await tagNames(owner.api, beta)).not.toContain("Alpha kitchen");
  });

  it("records of the other organization are not found through it", async () => {
    const betaTag = ok<DepartmentView>(
      await owner.api.post("/_api/tags/create", { name: "Beta bar", type: "department" }, naming(beta)),
    );
    const update = await owner.api.post("/_api/tags/update", { id: betaTag.id, name: "Moved" }, naming(alpha));
    expect(update.status).toBe(404);
    expect(await tagNames(owner.api, beta)).toContain("Beta bar");
  });

  it("the role that counts is the caller's role in the named organization", async () => {
    const team = await orgWithMembers(app, { roles: ["learner"], label: "header-roles" });
    const learner = team.members.learner;
    const refused = await trpcMutation(learner.api, "tags.create", { name: "Nope", type: "department" }, team.org);
    expect(refused.status).toBe(403);
    expect(trpcError(refused).message).toBe("You don't have permission to do that.");
    ok(await team.admin.api.post("/_api/tags/create", { name: "Allowed", type: "department" }, naming(team.org)));
  });
});

describe("a header naming an organization the caller is not in", () => {
  it("is not found and changes nothing, through tRPC and REST alike", async () => {
    const stranger = await orgWithMembers(app, { label: "header-stranger" });
    const before = [await rowsOfOrganization(app, stranger.org.id), await rowsOfOrganization(app, beta.id)];

    const viaTrpc = await trpcMutation(
      owner.api,
      "tags.create",
      { name: "Intruder", type: "department" },
      stranger.org,
    );
    expect(viaTrpc.status).toBe(404);
    expect(trpcError(viaTrpc).message).toBe(ORG_MESSAGES.noAccess);
    const viaRest = await owner.api.post("/_api/courses/create", { title: "Intruder course" }, naming(stranger.org));
    expect(refusal(viaRest)).toEqual(NO_ACCESS);
    expect(refusal(await owner.api.get("/_api/tags/list", undefined, naming(stranger.org)))).toEqual(NO_ACCESS);

    expect([await rowsOfOrganization(app, stranger.org.id), await rowsOfOrganization(app, beta.id)]).toEqual(before);
    expect(await tagNames(stranger.admin.api)).toEqual([]);
    expect((await me(owner.api)).currentOrgId).toBe(beta.id);
  });

  it.each([
    "abc",
    "0",
    "-1",
    "1.5",
    "0x1",
    "99999999999",
    "1,2",
  ])("%j is not an organization: not found", async (value) => {
    const before = await rowsOfOrganization(app, beta.id);
    const response = await owner.api.post(
      "/_api/tags/create",
      { name: `Bad ${value}`, type: "department" },
      naming(value),
    );
    expect(refusal(response)).toEqual(NO_ACCESS);
    expect(await rowsOfOrganization(app, beta.id)).toEqual(before);
  });

  it("an organization that was deleted is not found", async () => {
    const gone = await createOrg(owner);
    ok(await owner.api.post("/_api/orgs/delete", { orgId: gone.id }));
    expect(refusal(await owner.api.get("/_api/tags/list", undefined, naming(gone)))).toEqual(NO_ACCESS);
    ok(await owner.api.post("/_api/orgs/switch", { orgId: beta.id }));
  });
});

describe("without the header (the documented REST paths)", () => {
  it("the session's current organization applies, and orgs/switch changes it", async () => {
    ok(await owner.api.post("/_api/tags/create", { name: "Beta current", type: "department" }));
    expect(await tagNames(owner.api, beta)).toContain("Beta current");
    expect(await tagNames(owner.api, alpha)).not.toContain("Beta current");

    ok(await owner.api.post("/_api/orgs/switch", { orgId: alpha.id }));
    ok(await owner.api.post("/_api/tags/create", { name: "Alpha current", type: "department" }));
    expect(await tagNames(owner.api, alpha)).toContain("Alpha current");
    expect(await tagNames(owner.api, beta)).not.toContain("Alpha current");
    expect(await tagNames(owner.api)).toEqual(await tagNames(owner.api, alpha));
    ok(await owner.api.post("/_api/orgs/switch", { orgId: beta.id }));
  });

  it("someone in no organization is still asked to choose one", async () => {
    const loner = await signUp(app, "header-loner");
    expect((await loner.api.get("/_api/tags/list")).status).toBe(403);
  });
});
