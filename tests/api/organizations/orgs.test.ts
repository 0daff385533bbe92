import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrganizationView } from "#server/modules/organizations/orgs.presenter.js";
import { ORG_MESSAGES as M } from "#shared/schemas/orgs.js";
import { startTestApp, type TestApp } from "../support/app.js";
import {
  createOrg,
  joinOrg,
  me,
  type OrgRef,
  ok,
  orgWithMembers,
  type Person,
  refusal,
  signUp,
  uniqueSlug,
} from "../support/org-fixtures.js";

/**
 * Organizations, part 1 (docs/SPEC.md §3, §5, §7): create, check-slug, list, switch,
 * validate-slug. get/stats/update/delete are in orgs-admin.test.ts.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const checkSlug = async (person: Person, slug: unknown) =>
  ok<{ isAvailable: boolean }>(await person.api.post("/_api/orgs/check-slug", { slug })).isAvailable;

describe("create: validation (docs/SPEC.md §5)", () => {
  let person: Person;
  beforeAll(async () => {
    person = await signUp(app, "validation");
  });

  const slug = "valid-slug";
  it.each([
    [{ name: "A", slug }, M.nameTooShort],
    [{ name: "   A   ", slug }, M.nameTooShort],
    [{ slug }, M.nameTooShort],
    [{ name: 42, slug }, M.nameTooShort],
    [{ name: "x".repeat(101), slug }, M.nameTooLong],
    [{ name: "Acme" }, M.slugTooShort],
    [{ name: "Acme", slug: "ab" }, M.slugTooShort],
    [{ name: "Acme", slug: "a".repeat(51) }, M.slugTooLong],
    [{ name: "Acme", slug: "Acme-Co" }, M.slugPattern],
    [{ name: "Acme", slug: "-acme" }, M.slugPattern],
    [{ name: "Acme", slug: "acme-" }, M.slugPattern],
    [{ name: "Acme", slug: "ac--me" }, M.slugPattern],
    [{ name: "Acme", slug: "ac me" }, M.slugPattern],
    [{ name: "Acme", slug: "ac_me" }, M.slugPattern],
    [{ name: "Acme", slug: "acmé" }, M.slugPattern],
  ])("%j → 400 with the spec's message, and nothing is created", async (input, message) => {
    expect(refusal(await person.api.post("/_api/orgs/create", input))).toEqual({ status: 400, error: message });
    expect(ok(await person.api.get("/_api/orgs/list"))).toEqual([]);
    expect((await me(person.api)).currentOrganization).toBeNull();
  });

  it("accepts the limits themselves: a 2-character name, a 100-character name, 3- and 50-character slugs", async () => {
    for (const [name, slug] of [
      ["Ab", uniqueSlug("min").slice(0, 3)],
      ["n".repeat(100), `${"s".repeat(41)}-${uniqueSlug("x").slice(2)}`],
    ]) {
      const fresh = await signUp(app, "limits");
      const created = ok<OrganizationView>(await fresh.api.post("/_api/orgs/create", { name, slug }));
      expect(created).toMatchObject({ name, slug });
    }
  });
});

describe("create", () => {
  it("makes the creator its admin and the new organization current", async () => {
    const person = await signUp(app, "creator");
    const slug = uniqueSlug("acme");
    const created = ok<OrganizationView>(
      await person.api.post("/_api/orgs/create", { name: "  Acme Training  ", slug: `  ${slug}  ` }),
    );
    expect(created).toEqual({
      id: expect.any(Number),
      name: "Acme Training",
      slug,
      role: "admin",
      createdAt: expect.any(Date),
      memberCount: 1,
    });
    expect(await me(person.api)).toEqual({
      id: person.id,
      name: person.name,
      email: person.email,
      currentOrgId: created.id,
      currentOrganization: { id: created.id, name: "Acme Training", slug, role: "admin" },
      language: "en",
      languageSetting: null,
    });
    expect(ok(await person.api.get("/_api/orgs/list"))).toEqual([created]);
  });

  it("a second organization of the same person becomes current too", async () => {
    const person = await signUp(app, "two-orgs");
    const first = await createOrg(person, { name: "First" });
    const second = await createOrg(person, { name: "Second" });
    expect(second.id).not.toBe(first.id);
    expect((await me(person.api)).currentOrganization).toEqual({ ...second, role: "admin" });
  });

  it("refuses a taken slug (409), and check-slug says it is taken whatever the case", async () => {
    const owner = await signUp(app, "owner");
    const taken = await createOrg(owner);
    const other = await signUp(app, "latecomer");
    expect(await checkSlug(other, taken.slug)).toBe(false);
    expect(await checkSlug(other, taken.slug.toUpperCase())).toBe(false);
    expect(await checkSlug(other, ` ${taken.slug} `)).toBe(false);
    expect(refusal(await other.api.post("/_api/orgs/create", { name: "Copycat", slug: taken.slug }))).toEqual({
      status: 409,
      error: M.slugTaken,
    });
    // Upper case never reaches the uniqueness check: slugs are lower case by rule.
    expect(
      refusal(await other.api.post("/_api/orgs/create", { name: "Copycat", slug: taken.slug.toUpperCase() })),
    ).toEqual({ status: 400, error: M.slugPattern });
    expect(ok(await other.api.get("/_api/orgs/list"))).toEqual([]);
    expect((await me(other.api)).currentOrganization).toBeNull();
  });

  it("of three people taking one free slug at the same moment, one gets it and two hear it is taken", async () => {
    const people = await Promise.all([1, 2, 3].map(() => signUp(app, "racer")));
    for (let round = 0; round < 3; round++) {
      const slug = uniqueSlug("race");
      const results = await Promise.all(
        people.map((person) => person.api.post("/_api/orgs/create", { name: "Racer", slug })),
      );
      expect(results.filter((response) => response.status === 200)).toHaveLength(1);
      const refusals = results.filter((response) => response.status !== 200).map(refusal);
      expect(refusals).toEqual([
        { status: 409, error: M.slugTaken },
        { status: 409, error: M.slugTaken },
      ]);
    }
  });

  it.each([
    "login",
    "account",
    "setup-org",
    "select-org",
    "onboarding",
    "logged-out",
    "invite",
    "offline",
    "api",
  ])("the reserved slug %s is never available and is refused on create", async (slug) => {
    const person = await signUp(app, "reserved");
    expect(await checkSlug(person, slug)).toBe(false);
    expect(await checkSlug(person, slug.toUpperCase())).toBe(false);
    expect(refusal(await person.api.post("/_api/orgs/create", { name: "Shadow", slug }))).toEqual({
      status: 409,
      error: M.slugTaken,
    });
    expect(ok(await person.api.get("/_api/orgs/list"))).toEqual([]);
  });

  it("_api is never available either (and does not even have the shape of a slug)", async () => {
    const person = await signUp(app, "reserved");
    expect(await checkSlug(person, "_api")).toBe(false);
    expect(refusal(await person.api.post("/_api/orgs/create", { name: "Shadow", slug: "_api" }))).toEqual({
      status: 400,
      error: M.slugPattern,
    });
  });
});

describe("check-slug (docs/SPEC.md §3 isAvailable, §5 min 1)", () => {
  it("is true for a free valid slug and false for one that could never be created", async () => {
    const person = await signUp(app, "checker");
    expect(await checkSlug(person, uniqueSlug("free"))).toBe(true);
    for (const slug of ["ab", "-abc", "abc-", "a b c", "a".repeat(51)]) {
      expect(await checkSlug(person, slug), slug).toBe(false);
    }
    expect(refusal(await person.api.post("/_api/orgs/check-slug", { slug: "" }))).toEqual({
      status: 400,
      error: M.slugEmpty,
    });
    expect(refusal(await person.api.post("/_api/orgs/check-slug", {}))).toEqual({ status: 400, error: M.slugEmpty });
  });

  it("turns false once the slug is taken", async () => {
    const person = await signUp(app, "checker");
    const slug = uniqueSlug("soon");
    expect(await checkSlug(person, slug)).toBe(true);
    await createOrg(person, { slug });
    expect(await checkSlug(person, slug)).toBe(false);
  });

  it("every organizations endpoint wants a signed-in caller (401)", async () => {
    const anonymous = app.newAgent();
    for (const response of [
      await anonymous.get("/_api/orgs/list"),
      await anonymous.post("/_api/orgs/check-slug", { slug: "free-slug" }),
      await anonymous.post("/_api/orgs/create", { name: "Nobody", slug: uniqueSlug() }),
      await anonymous.post("/_api/orgs/switch", { orgId: 1 }),
      await anonymous.get("/_api/orgs/validate-slug", { slug: "free-slug" }),
      await anonymous.get("/_api/orgs/get", { orgId: "1" }),
      await anonymous.get("/_api/orgs/stats", { orgId: "1" }),
      await anonymous.post("/_api/orgs/update", { orgId: 1, name: "Hijacked" }),
      await anonymous.post("/_api/orgs/delete", { orgId: 1 }),
    ]) {
      expect(response.status, response.text).toBe(401);
    }
  });
});

describe("list, switch and validate-slug between several organizations", () => {
  // `traveller` is a learner of `joined` (by invitation), then creates `own`; `stranger` runs `foreign`.
  let joined: Awaited<ReturnType<typeof orgWithMembers<"teacher">>>;
  let traveller: Person;
  let own: OrgRef;
  let foreign: OrgRef;
  let stranger: Person;

  beforeAll(async () => {
    joined = await orgWithMembers(app, { roles: ["teacher"], label: "zeta", name: "Zeta Works" });
    traveller = await joinOrg(app, joined, "learner", { label: "traveller" });
    own = await createOrg(traveller, { name: "Alpha Crew" });
    stranger = await signUp(app, "stranger");
    foreign = await createOrg(stranger, { name: "Beta Foreign" });
  });

  it("list returns only the caller's organizations, by name, with the caller's role and the member count", async () => {
    expect(ok(await traveller.api.get("/_api/orgs/list"))).toEqual([
      { ...own, role: "admin", createdAt: expect.any(Date), memberCount: 1 },
      { ...joined.org, role: "learner", createdAt: expect.any(Date), memberCount: 3 },
    ]);
    expect(ok(await joined.members.teacher.api.get("/_api/orgs/list"))).toEqual([
      { ...joined.org, role: "teacher", createdAt: expect.any(Date), memberCount: 3 },
    ]);
    expect(ok(await stranger.api.get("/_api/orgs/list"))).toEqual([
      { ...foreign, role: "admin", createdAt: expect.any(Date), memberCount: 1 },
    ]);
  });

  it("switch makes a member's organization current, with the caller's role there", async () => {
    const switched = ok(await traveller.api.post("/_api/orgs/switch", { orgId: joined.org.id }));
    const expected = {
      id: traveller.id,
      name: traveller.name,
      email: traveller.email,
      currentOrgId: joined.org.id,
      currentOrganization: { ...joined.org, role: "learner" },
      language: "en",
      languageSetting: null,
    };
    expect(switched).toEqual(expected);
    expect(await me(traveller.api)).toEqual(expected);
    ok(await traveller.api.post("/_api/orgs/switch", { orgId: own.id }));
    expect((await me(traveller.api)).currentOrganization).toEqual({ ...own, role: "admin" });
  });

  it("switching to an organization the caller is not in, or one that does not exist, fails and changes nothing", async () => {
    const before = await me(traveller.api);
    for (const orgId of [foreign.id, 987_654]) {
      expect(refusal(await traveller.api.post("/_api/orgs/switch", { orgId }))).toEqual({
        status: 404,
        error: M.noAccess,
      });
    }
    expect(await me(traveller.api)).toEqual(before);
    expect((await me(stranger.api)).currentOrganization).toEqual({ ...foreign, role: "admin" });
  });

  it.each([
    [{}],
    [{ orgId: 0 }],
    [{ orgId: -3 }],
    [{ orgId: 1.5 }],
    [{ orgId: "abc" }],
    [{ orgId: null }],
  ])("switch %j → 400, and the current organization stays", async (input) => {
    const before = await me(traveller.api);
    expect(refusal(await traveller.api.post("/_api/orgs/switch", input))).toEqual({
      status: 400,
      error: M.orgIdInvalid,
    });
    expect(await me(traveller.api)).toEqual(before);
  });

  it("validate-slug answers a member with the organization, whatever the case of the slug", async () => {
    for (const slug of [joined.org.slug, joined.org.slug.toUpperCase()]) {
      expect(ok(await traveller.api.get("/_api/orgs/validate-slug", { slug }))).toEqual({
        ...joined.org,
        role: "learner",
      });
    }
  });

  it("validate-slug answers strangers and unknown slugs alike: 404 naming the slug", async () => {
    for (const slug of [foreign.slug, "no-such-org-here"]) {
      const refused = refusal(await traveller.api.get("/_api/orgs/validate-slug", { slug }));
      expect(refused).toEqual({ status: 404, error: `Organization "${slug}" could not be found.` });
    }
  });

  it("validate-slug without a slug → 400 'Organization slug cannot be empty.'", async () => {
    const queries: Record<string, string>[] = [{ slug: "" }, { slug: "   " }, {}];
    for (const query of queries) {
      expect(refusal(await traveller.api.get("/_api/orgs/validate-slug", query)), JSON.stringify(query)).toEqual({
        status: 400,
        error: M.slugEmpty,
      });
    }
  });
});
