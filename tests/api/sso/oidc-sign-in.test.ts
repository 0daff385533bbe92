import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Membership, SsoIdentity, SsoProvider, User } from "#server/entities.js";
import type { SessionView } from "#server/modules/identity/account.presenter.js";
import type { SsoProviderView } from "#server/modules/sso/sso-providers.presenter.js";
import { SSO_MESSAGES } from "#shared/schemas/sso.js";
import { startIdentityProvider, type TestIdentityProvider } from "../../support/identity-provider.js";
import { departmentWithRoles, registerUser } from "../../support/people.js";
import { startTestApp, type TestApp } from "../support/app.js";
import type { ApiClient } from "../support/client.js";
import { me, type OrgTeam, ok, orgWithMembers, refusal } from "../support/org-fixtures.js";
import { addProvider, backAtApp, providerAccount, throughProvider } from "../support/sso-fixtures.js";

/**
 * Company sign-in through a real OpenID provider (docs/decisions/0370-oidc-sign-in.md): provisioning,
 * linking, "Require SSO", and every refusal the ID token's checks owe (docs/notes: state, code, nonce,
 * expiry, signature, unverified e-mail).
 */

let now = Date.now();
let app: TestApp;
let idp: TestIdentityProvider;
let team: OrgTeam<"manager">;
let domain: string;
let provider: SsoProviderView;
let cashierRoleId: number;

beforeAll(async () => {
  app = await startTestApp({}, { clock: () => now });
  idp = await startIdentityProvider([`${app.url}/_api/sso/callback`]);
  team = await orgWithMembers(app, { roles: ["manager"], label: "sso" });
  domain = `${team.org.slug}.test`;
  const shop = await departmentWithRoles(team.admin.api, { name: "Shop floor" }, ["Cashier"]);
  cashierRoleId = shop.roleIds[0] ?? 0;
  provider = await addProvider(team.admin.api, idp, {
    name: "Acme Okta",
    domains: [domain],
    defaultRole: "learner",
    defaultTagIds: [cashierRoleId],
  });
});
afterAll(async () => {
  await idp?.close();
  await app?.close();
});

const em = () => app.orm.em.fork();
const usersWithEmail = (email: string) => em().count(User, { emailKey: email.toLowerCase() });

/** One whole sign-in of `login` in a new browser (or `browser`): where the app sends it at the end. */
async function signIn(login: string, options: { browser?: ApiClient; query?: Record<string, string> } = {}) {
  const browser = options.browser ?? app.newAgent();
  const account = idp.accounts.get(login);
  const query = options.query ?? { email: account?.email ?? "" };
  const { location } = await backAtApp(browser, await throughProvider(app, browser, idp, query, login));
  return { browser, location };
}

describe("signing in", () => {
  it("provisions a first sign-in: an account, a membership with the default level and job roles, and a session", async () => {
    const email = `new.person@${domain}`;
    const login = providerAccount(idp, { email, name: "New Person" });
    const { browser, location } = await signIn(login);
    expect(location).toBe(`/${team.org.slug}/dashboard`);
    const person = await me(browser);
    expect(person).toMatchObject({ name: "New Person", email, currentOrganization: { ...team.org, role: "learner" } });
    const membership = await em().findOneOrFail(
      Membership,
      { user: person.id, organization: team.org.id },
      { populate: ["user.passwordHash"] },
    );
    expect(membership.role).toBe("learner");
    // No password was ever chosen, and none opens the account.
    expect(membership.user.passwordHash).toBe("");
    expect(
      refusal(await app.newAgent().post("/_api/auth/login", { email, password: "" })).status,
    ).toBeGreaterThanOrEqual(400);
    const tags = ok<{ tags: { id: number }[] }[]>(await team.admin.api.get("/_api/team/members"));
    expect(JSON.stringify(tags)).toContain(String(cashierRoleId));
    const sessions = ok<SessionView[]>(await browser.get("/_api/auth/sessions"));
    expect(sessions).toEqual([expect.objectContaining({ current: true, signedInWith: "Acme Okta" })]);
  });

  it("signs a returning person in to the same account, by the provider's subject, and by the organization's slug", async () => {
    const login = providerAccount(idp, { email: `return.person@${domain}` });
    const first = await me((await signIn(login)).browser);
    const again = await signIn(login, { query: { org: team.org.slug } });
    expect((await me(again.browser)).id).toBe(first.id);
    expect(await em().count(SsoIdentity, { user: first.id }, { filters: false })).toBe(1);
    expect(await em().count(Membership, { user: first.id })).toBe(1);
  });

  it("a password sign-in's sessions say nothing of a provider", async () => {
    const sessions = ok<SessionView[]>(await team.admin.api.get("/_api/auth/sessions"));
    expect(sessions.every((session) => session.signedInWith === null)).toBe(true);
  });

  it("sends an e-mail of no provider's domain, and an unknown slug, back to the sign-in page", async () => {
    const queries: Record<string, string>[] = [{ email: "someone@nowhere.test" }, { org: "no-such-organization" }, {}];
    for (const query of queries) {
      const start = await app.newAgent().get("/_api/sso/start", query);
      expect(start.status).toBe(303);
      expect(start.headers.get("location")).toBe("/login?sso=noProvider");
    }
  });
});

describe("linking a known account", () => {
  it("asks a known account for its password once, then links it and lets it join", async () => {
    const browser = app.newAgent();
    const credentials = { name: "Known Person", email: `known.person@${domain}`, password: "known-person-password" };
    await registerUser(browser, credentials);
    await browser.post("/_api/auth/logout", {});
    const login = providerAccount(idp, { email: credentials.email });
    const refused = await signIn(login, { browser });
    expect(refused.location).toBe("/login?sso=linkNeeded");
    expect(await em().count(SsoIdentity, { subject: login }, { filters: false })).toBe(0);
    expect(ok(await browser.post("/_api/auth/login", credentials))).toBeTruthy();
    const linked = await signIn(login, { browser });
    expect(linked.location).toBe(`/${team.org.slug}/dashboard`);
    const person = await me(browser);
    expect(person.currentOrganization).toEqual({ ...team.org, role: "learner" });
    // From now on the provider alone signs the account in, in any browser.
    expect((await me((await signIn(login)).browser)).id).toBe(person.id);
  });

  it("links a member automatically where the admin allows it, and never a stranger's account", async () => {
    const member = team.members.manager;
    const login = providerAccount(idp, { email: member.email });
    const stranger = { name: "Stranger", email: `stranger@${domain}`, password: "stranger-password-1" };
    await registerUser(app.newAgent(), stranger);
    const strangerLogin = providerAccount(idp, { email: stranger.email });
    const bySlug = { query: { org: team.org.slug } };
    // Without automatic linking, even a member proves the password first.
    expect((await signIn(login, bySlug)).location).toBe("/login?sso=linkNeeded");
    ok(await team.admin.api.post("/_api/sso/providers/update", { id: provider.id, autoLink: true }));
    try {
      const { browser, location } = await signIn(login, bySlug);
      expect(location).toBe(`/${team.org.slug}/dashboard`);
      expect((await me(browser)).id).toBe(member.id);
      expect((await me(browser)).currentOrganization?.role).toBe("manager");
      expect((await signIn(strangerLogin)).location).toBe("/login?sso=linkNeeded");
    } finally {
      ok(await team.admin.api.post("/_api/sso/providers/update", { id: provider.id, autoLink: false }));
    }
  });
});

describe("Require SSO", () => {
  it("refuses a member's password in the organization's domains, and keeps the admins' break-glass", async () => {
    const browser = app.newAgent();
    const credentials = { name: "Domain Member", email: `domain.member@${domain}`, password: "domain-member-pass" };
    await registerUser(browser, credentials);
    const login = providerAccount(idp, { email: credentials.email });
    await signIn(login, { browser });
    const admin = app.newAgent();
    const adminCredentials = { name: "Domain Admin", email: `domain.admin@${domain}`, password: "domain-admin-pass" };
    await registerUser(admin, adminCredentials);
    await signIn(providerAccount(idp, { email: adminCredentials.email }), { browser: admin });
    const adminId = (await me(admin)).id;
    ok(await team.admin.api.post("/_api/team/update-role", { userId: adminId, newRole: "admin" }));

    ok(await app.newAgent().post("/_api/auth/login", credentials));
    ok(await team.admin.api.post("/_api/sso/providers/update", { id: provider.id, requireSso: true }));
    try {
      expect(refusal(await app.newAgent().post("/_api/auth/login", credentials))).toEqual({
        status: 403,
        error: SSO_MESSAGES.passwordRefused,
      });
      ok(await app.newAgent().post("/_api/auth/login", adminCredentials));
      // The creator's e-mail is of another domain: untouched.
      ok(await app.newAgent().post("/_api/auth/login", { email: team.admin.email, password: team.admin.password }));
      expect((await signIn(login)).location).toBe(`/${team.org.slug}/dashboard`);
    } finally {
      ok(await team.admin.api.post("/_api/sso/providers/update", { id: provider.id, requireSso: false }));
    }
  });
});

describe("refusals", () => {
  /** A refused sign-in lands on the sign-in page with its reason, signs nobody in and makes no account. */
  async function expectRefused(
    email: string,
    run: () => Promise<{ browser: ApiClient; location: string }>,
    reason: string,
  ) {
    const { browser, location } = await run();
    expect(location).toBe(`/login?sso=${reason}`);
    expect((await browser.get("/_api/auth/me")).status).toBe(401);
    expect(await usersWithEmail(email)).toBe(0);
  }

  it("an e-mail the provider does not mark verified", async () => {
    const email = `unverified@${domain}`;
    const login = providerAccount(idp, { email, emailVerified: false });
    await expectRefused(email, () => signIn(login), "emailUnverified");
  });

  it("a state that is not the one the browser started with", async () => {
    const email = `bad.state@${domain}`;
    const login = providerAccount(idp, { email });
    await expectRefused(
      email,
      async () => {
        const browser = app.newAgent();
        const callback = await throughProvider(app, browser, idp, { email }, login);
        callback.searchParams.set("state", "not-the-state-this-browser-started-with");
        return { browser, ...(await backAtApp(browser, callback)) };
      },
      "failed",
    );
  });

  it("a callback without the browser's sign-in (a code taken elsewhere)", async () => {
    const email = `no.cookie@${domain}`;
    const login = providerAccount(idp, { email });
    await expectRefused(
      email,
      async () => {
        const callback = await throughProvider(app, app.newAgent(), idp, { email }, login);
        const elsewhere = app.newAgent();
        return { browser: elsewhere, ...(await backAtApp(elsewhere, callback)) };
      },
      "failed",
    );
  });

  it("a code used twice, even with the browser's own sign-in cookie", async () => {
    const email = `replay@${domain}`;
    const login = providerAccount(idp, { email });
    const browser = app.newAgent();
    const callback = await throughProvider(app, browser, idp, { email }, login);
    const stateCookie = browser.jar.get("tw_sso") ?? "";
    expect((await backAtApp(browser, callback)).location).toBe(`/${team.org.slug}/dashboard`);
    const replayer = app.newAgent();
    replayer.jar.set("tw_sso", stateCookie);
    const { location } = await backAtApp(replayer, callback);
    expect(location).toBe("/login?sso=failed");
    expect((await replayer.get("/_api/auth/me")).status).toBe(401);
  });

  it("an ID token whose nonce is not the one asked for", async () => {
    const email = `wrong.nonce@${domain}`;
    const login = providerAccount(idp, { email });
    await expectRefused(
      email,
      async () => {
        const browser = app.newAgent();
        const callback = await throughProvider(app, browser, idp, { email }, login, {
          alterAuthorization: (url) => url.searchParams.set("nonce", "a-nonce-this-server-never-made"),
        });
        return { browser, ...(await backAtApp(browser, callback)) };
      },
      "failed",
    );
  });

  it("an expired ID token", async () => {
    const email = `expired@${domain}`;
    const login = providerAccount(idp, { email });
    idp.idTokenTtlSeconds = 1;
    try {
      await expectRefused(
        email,
        async () => {
          const browser = app.newAgent();
          const callback = await throughProvider(app, browser, idp, { email }, login);
          // A minute on the server's clock: past the token's second and openid-client's tolerance, within the sign-in's ten.
          now += 60_000;
          return { browser, ...(await backAtApp(browser, callback)) };
        },
        "failed",
      );
    } finally {
      idp.idTokenTtlSeconds = 3600;
    }
  });

  it("an ID token signed with a key the provider does not publish", async () => {
    const email = `forged@${domain}`;
    const login = providerAccount(idp, { email });
    idp.forgeIdTokenSignature = true;
    try {
      await expectRefused(email, () => signIn(login), "failed");
    } finally {
      idp.forgeIdTokenSignature = false;
    }
  });

  it("a person of another organization is not pulled into this one", async () => {
    const other = await orgWithMembers(app, { label: "sso-elsewhere" });
    const login = providerAccount(idp, { email: other.admin.email });
    const browser = app.newAgent();
    ok(await browser.post("/_api/auth/login", { email: other.admin.email, password: other.admin.password }));
    // The password proof is there, but the account belongs to another organization (docs/SPEC.md §6).
    const { location } = await backAtApp(
      browser,
      await throughProvider(app, browser, idp, { org: team.org.slug }, login),
    );
    expect(location).toBe("/login?sso=otherOrganization");
    expect(await em().count(Membership, { user: other.admin.id })).toBe(1);
  });
});

describe("providers (admins only)", () => {
  it("lists without the client secret, and keeps the secret sealed", async () => {
    const listed = ok<SsoProviderView[]>(await team.admin.api.get("/_api/sso/providers/list"));
    expect(listed).toEqual([
      {
        id: provider.id,
        name: "Acme Okta",
        issuer: idp.issuer,
        clientId: idp.clientId,
        domains: [domain],
        defaultRole: "learner",
        defaultTagIds: [cashierRoleId],
        autoLink: false,
        requireSso: false,
        createdAt: expect.any(Date),
      },
    ]);
    const stored = await em().findOneOrFail(
      SsoProvider,
      { id: provider.id },
      { filters: false, populate: ["sealedClientSecret"] },
    );
    expect(stored.sealedClientSecret).toMatch(/^v1\./);
    expect(stored.sealedClientSecret).not.toContain(idp.clientSecret);
    expect(app.transcript.bodies.some((body) => body.includes(idp.clientSecret))).toBe(false);
  });

  it.each([
    [{ issuer: "ftp://idp.test" }, SSO_MESSAGES.issuerInvalid],
    [{ issuer: "http://idp.example.com" }, SSO_MESSAGES.issuerInvalid],
    [{ domains: [] }, SSO_MESSAGES.domainsRequired],
    [{ domains: ["not a domain"] }, SSO_MESSAGES.domainInvalid],
    [{ clientId: "" }, SSO_MESSAGES.clientIdRequired],
    [{ defaultRole: "owner" }, SSO_MESSAGES.roleInvalid],
  ])("%j → 400 with its message", async (change, message) => {
    const input = { issuer: idp.issuer, clientId: "x", clientSecret: "y", domains: ["fresh.test"], ...change };
    expect(refusal(await team.admin.api.post("/_api/sso/providers/create", input))).toEqual({
      status: 400,
      error: message,
    });
  });

  it("refuses a domain another organization's sign-in already has, and a job role of another organization", async () => {
    const other = await orgWithMembers(app, { label: "sso-rival" });
    const input = { issuer: idp.issuer, clientId: "x", clientSecret: "y" };
    expect(refusal(await other.admin.api.post("/_api/sso/providers/create", { ...input, domains: [domain] }))).toEqual({
      status: 409,
      error: SSO_MESSAGES.domainTaken,
    });
    expect(
      refusal(
        await other.admin.api.post("/_api/sso/providers/create", {
          ...input,
          domains: [`${other.org.slug}.test`],
          defaultTagIds: [cashierRoleId],
        }),
      ),
    ).toEqual({ status: 400, error: SSO_MESSAGES.tagNotFound });
  });

  it("is for admins: a manager is refused", async () => {
    for (const [path, body] of [
      ["/_api/sso/providers/create", { issuer: idp.issuer, clientId: "x", clientSecret: "y", domains: ["m.test"] }],
      ["/_api/sso/providers/update", { id: provider.id, requireSso: true }],
      ["/_api/sso/providers/delete", { id: provider.id }],
    ] as const) {
      expect((await team.members.manager.api.post(path, body)).status).toBe(403);
    }
    expect((await team.members.manager.api.get("/_api/sso/providers/list")).status).toBe(403);
  });

  it("another organization's admin sees none of them and changes nothing: not found", async () => {
    const other = await orgWithMembers(app, { label: "sso-other" });
    expect(ok(await other.admin.api.get("/_api/sso/providers/list"))).toEqual([]);
    for (const [path, body] of [
      ["/_api/sso/providers/update", { id: provider.id, name: "Taken over", requireSso: true }],
      ["/_api/sso/providers/delete", { id: provider.id }],
    ] as const) {
      expect(refusal(await other.admin.api.post(path, body))).toEqual({ status: 404, error: SSO_MESSAGES.notFound });
    }
    const after = await em().findOneOrFail(SsoProvider, { id: provider.id }, { filters: false });
    expect(after).toMatchObject({ name: "Acme Okta", requireSso: false });
  });

  it("an update changes what it names and keeps the rest; deleting keeps the people it brought in", async () => {
    const made = await addProvider(team.admin.api, idp, { name: "Second", domains: [`second.${domain}`] });
    const updated = ok<SsoProviderView>(
      await team.admin.api.post("/_api/sso/providers/update", { id: made.id, domains: [`third.${domain}`] }),
    );
    expect(updated).toEqual({ ...made, domains: [`third.${domain}`] });
    const login = providerAccount(idp, { email: `via.second@third.${domain}` });
    const { browser } = await signIn(login);
    const person = await me(browser);
    expect(ok(await team.admin.api.post("/_api/sso/providers/delete", { id: made.id }))).toEqual({
      message: "The identity provider was removed.",
    });
    expect(await em().count(SsoIdentity, { provider: made.id }, { filters: false })).toBe(0);
    expect(await em().count(Membership, { user: person.id, organization: team.org.id })).toBe(1);
    expect(
      (await app.newAgent().get("/_api/sso/start", { email: `via.second@third.${domain}` })).headers.get("location"),
    ).toBe("/login?sso=noProvider");
  });
});
