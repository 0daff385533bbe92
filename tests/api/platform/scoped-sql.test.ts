import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Tag } from "#server/entities.js";
import { inScope, readRow, readRows, readRowsAcrossOrganizations, writeRows } from "#server/platform/db/rows.js";
import { TENANT_FILTER } from "#server/platform/db/tenant-filter.js";
import { requestEntityManager } from "#server/platform/fast/request-entity-manager.js";
import { startTestApp, type TestApp } from "../support/app.js";
import { createOrg, type OrgRef, ok, signUp } from "../support/org-fixtures.js";

/**
 * Raw SQL is scoped to the request's organization by its runner, as entity queries are by the tenant
 * filter (docs/decisions/0280-scoped-raw-sql.md): without an organization it refuses, and with one it
 * reads that organization's rows alone.
 */

let app: TestApp;
let orgA: OrgRef;
let orgB: OrgRef;
let tagOfA: { id: number };
let tagOfB: { id: number };

beforeAll(async () => {
  app = await startTestApp();
  const adminOfA = await signUp(app, "scoped-a");
  orgA = await createOrg(adminOfA);
  tagOfA = ok(await adminOfA.api.post("/_api/tags/create", { name: "A's own", type: "department" }));
  const adminOfB = await signUp(app, "scoped-b");
  orgB = await createOrg(adminOfB);
  tagOfB = ok(await adminOfB.api.post("/_api/tags/create", { name: "B's own", type: "department" }));
});
afterAll(async () => {
  await app?.close();
});

/** A request's entity manager, scoped to `organization` as memberProcedure scopes it. */
function scopedTo(organization: OrgRef) {
  const em = requestEntityManager(app.orm);
  em.setFilterParams(TENANT_FILTER, { organizationId: organization.id });
  return em;
}

const TAG_IDS = `select id from tags where ${inScope()} order by id`;

describe("raw SQL in the request's organization", () => {
  it("refuses to run without an organization, as the tenant filter refuses an entity query", async () => {
    const unscoped = app.orm.em.fork();
    await expect(unscoped.find(Tag, {})).rejects.toThrow();
    await expect(readRows(unscoped, TAG_IDS)).rejects.toThrow(/no organization/);
    await expect(readRows(requestEntityManager(app.orm), TAG_IDS)).rejects.toThrow(/no organization/);
    await expect(writeRows(unscoped, `delete from tags where ${inScope()} and id = ?`, [tagOfA.id])).rejects.toThrow(
      /no organization/,
    );
    const [still] = await readRowsAcrossOrganizations<{ id: number }>(unscoped, "select id from tags where id = ?", [
      tagOfA.id,
    ]);
    expect(Number(still?.id)).toBe(tagOfA.id);
  });

  it("reads the scoped organization's rows alone, however the statement names another's", async () => {
    const idsOf = async (organization: OrgRef) =>
      (await readRows<{ id: number }>(scopedTo(organization), TAG_IDS)).map((row) => Number(row.id));
    expect(await idsOf(orgA)).toContain(tagOfA.id);
    expect(await idsOf(orgA)).not.toContain(tagOfB.id);
    expect(await idsOf(orgB)).toContain(tagOfB.id);
    expect(await idsOf(orgB)).not.toContain(tagOfA.id);
    // B's tag by its id, from A's scope: not found, as an entity of B's is not.
    const byId = `select t.id from tags t where ${inScope("t")} and t.id = ?`;
    expect(await readRow(scopedTo(orgA), byId, [tagOfB.id])).toBeUndefined();
    expect(await scopedTo(orgA).findOne(Tag, { id: tagOfB.id })).toBeNull();
    expect(Number((await readRow<{ id: number }>(scopedTo(orgB), byId, [tagOfB.id]))?.id)).toBe(tagOfB.id);
  });

  it("writes in the scoped organization alone", async () => {
    const rename = `update tags set name = ? where ${inScope()} and id = ?`;
    expect(await writeRows(scopedTo(orgA), rename, ["renamed from A", tagOfB.id])).toBe(0);
    expect(await writeRows(scopedTo(orgB), rename, ["B's own", tagOfB.id])).toBe(1);
  });

  it("refuses a scoped statement that never says inScope, and inScope in a read across organizations", async () => {
    await expect(readRows(scopedTo(orgA), "select id from tags")).rejects.toThrow(/never says inScope/);
    await expect(readRowsAcrossOrganizations(app.orm.em.fork(), TAG_IDS)).rejects.toThrow(/inScope/);
  });
});
