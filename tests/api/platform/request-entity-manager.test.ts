import { EntityManager } from "@mikro-orm/core";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { User } from "#server/entities.js";
import { inScope, readRows, scopedOrganizationId } from "#server/platform/db/rows.js";
import { TENANT_FILTER } from "#server/platform/db/tenant-filter.js";
import { requestEntityManager } from "#server/platform/fast/request-entity-manager.js";
import { startTestApp, type TestApp } from "../support/app.js";
import { createOrg, signUp } from "../support/org-fixtures.js";

/** Decision 0226: a request's entity manager is forked only when something needs the fork. */

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Counts the forks made by request entity managers (the server's own background work forks too). */
function countRequestForks(): () => number {
  const stacks: string[] = [];
  const fork = app.orm.em.fork.bind(app.orm.em);
  vi.spyOn(app.orm.em, "fork").mockImplementation((options) => {
    stacks.push(new Error().stack ?? "");
    return fork(options);
  });
  return () => stacks.filter((stack) => stack.includes("server/platform/fast/request-entity-manager")).length;
}

describe("a request's entity manager", () => {
  it("reads plain rows in an organization's scope without forking", async () => {
    const reader = await signUp(app, "lazy-reader");
    const organization = await createOrg(reader);
    const forks = countRequestForks();
    const em = requestEntityManager(app.orm);
    em.setFilterParams(TENANT_FILTER, { organizationId: organization.id });
    expect(scopedOrganizationId(em)).toBe(organization.id);
    expect(em.getContext(false)).toBe(em);
    expect(em.getTransactionContext()).toBeUndefined();
    expect(em.getConnection()).toBe(app.orm.em.getConnection());
    expect(em.config).toBe(app.orm.config);
    const rows = await readRows<{ name: string }>(
      em,
      `select u.name from users u join memberships ms on ms.user_id = u.id where ${inScope("ms")} and u.id = ?`,
      [reader.id],
    );
    expect(rows.map((row) => row.name)).toEqual([reader.name]);
    expect(forks()).toBe(0);
    expect(em).toBeInstanceOf(EntityManager);
  });

  it("forks for the unit of work, keeping the filter parameters set before", async () => {
    const writer = await signUp(app, "lazy-writer");
    const forks = countRequestForks();
    const em = requestEntityManager(app.orm);
    em.setFilterParams(TENANT_FILTER, { organizationId: 9 });
    const user = await em.findOneOrFail(User, { id: writer.id });
    expect(forks()).toBe(1);
    expect(em.getFilterParams(TENANT_FILTER)).toEqual({ organizationId: 9 });
    // One identity map per request: the same entity again, and none shared with another request's.
    expect(await em.findOneOrFail(User, { id: writer.id })).toBe(user);
    const other = requestEntityManager(app.orm);
    expect(await other.findOneOrFail(User, { id: writer.id })).not.toBe(user);

    user.name = "lazy-writer renamed";
    await em.transactional(async (tx) => {
      await tx.flush();
    });
    const reread = await app.orm.em.fork().findOneOrFail(User, { id: user.id });
    expect(reread.name).toBe("lazy-writer renamed");
    expect(forks()).toBe(2);
  });
});
