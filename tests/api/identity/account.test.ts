import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Session } from "#server/entities.js";
import { LAST_SEEN_STEP_MS } from "#shared/constants.js";
import { ACCOUNT_MESSAGES as A } from "#shared/schemas/account.js";
import { startTestApp, type TestApp } from "../support/app.js";
import { type ApiClient, leaksIn } from "../support/client.js";
import { errorOf } from "../support/fixtures.js";
import { joinOrg, me, ok, orgWithMembers, type Person, refusal, signUp } from "../support/org-fixtures.js";

/**
 * The account page's endpoints (decision 0015): one's sessions, signing out
 * everywhere else, changing one's password and e-mail. Each acts on the caller's own account only.
 */

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

interface SessionRow {
  current: boolean;
  device: string;
  signedInAt: Date;
  lastSeenAt: Date;
}

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** One more browser of `person`, signed in with their password (optionally as a given browser). */
async function signIn(person: Pick<Person, "email" | "password">, userAgent?: string): Promise<ApiClient> {
  const api = app.newAgent();
  const headers = userAgent ? { "user-agent": userAgent } : undefined;
  ok(await api.post("/_api/auth/login", { email: person.email, password: person.password }, { headers }));
  return api;
}

const signedIn = async (api: ApiClient) => (await api.get("/_api/auth/me")).status === 200;
const sessionsOf = async (api: ApiClient) => ok<SessionRow[]>(await api.get("/_api/auth/sessions"));
const loginStatus = async (email: string, password: string) =>
  (await app.newAgent().post("/_api/auth/login", { email, password })).status;

describe("sessions", () => {
  it("lists one's own live sessions, this browser first, with the device and when last seen", async () => {
    const person = await signUp(app, "sessions");
    const stranger = await signUp(app, "stranger");
    const phone = await signIn(person, SAFARI_IPHONE);
    const laptop = await signIn(person, FIREFOX_LINUX);
    const rows = await sessionsOf(laptop);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ current: true, device: "Firefox on Linux" });
    expect(rows.filter((row) => row.current)).toHaveLength(1);
    expect(rows.map((row) => row.device)).toContain("Safari on iPhone");
    for (const row of rows) {
      expect(row.lastSeenAt).toBeInstanceOf(Date);
      expect(row.signedInAt).toBeInstanceOf(Date);
      expect(Object.keys(row).sort()).toEqual(["current", "device", "lastSeenAt", "signedInAt", "signedInWith"]);
    }
    expect((await sessionsOf(phone))[0]).toMatchObject({ current: true, device: "Safari on iPhone" });
    // Another person sees only their own.
    expect(await sessionsOf(stranger.api)).toHaveLength(1);
    expect(leaksIn(app.transcript)).toEqual([]);
    expect((await app.newAgent().get("/_api/auth/sessions")).status).toBe(401);
  });

  it("writes last-seen at most once per step, not on every request", async () => {
    const person = await signUp(app, "last-seen");
    const em = app.orm.em.fork();
    const stored = async () => (await em.fork().findOneOrFail(Session, { user: person.id })).lastSeenAt.getTime();
    const first = await stored();
    await me(person.api);
    await me(person.api);
    expect(await stored()).toBe(first);
    const longAgo = new Date(Date.now() - LAST_SEEN_STEP_MS - 60_000);
    await em.nativeUpdate(Session, { user: person.id }, { lastSeenAt: longAgo });
    await me(person.api);
    expect(await stored()).toBeGreaterThan(longAgo.getTime() + LAST_SEEN_STEP_MS);
  });
});

describe("sign-out-others", () => {
  it("ends every other session of the account, keeps this one, and leaves other people alone", async () => {
    const person = await signUp(app, "everywhere");
    const stranger = await signUp(app, "bystander");
    const [second, third] = [await signIn(person), await signIn(person)];
    expect(ok(await person.api.post("/_api/auth/sign-out-others"))).toEqual({
      ended: 2,
      message: "Signed out of 2 other sessions.",
    });
    expect(await signedIn(person.api)).toBe(true);
    expect(await signedIn(second)).toBe(false);
    expect(await signedIn(third)).toBe(false);
    expect(await signedIn(stranger.api)).toBe(true);
    expect(await sessionsOf(person.api)).toHaveLength(1);
    expect(ok(await person.api.post("/_api/auth/sign-out-others"))).toMatchObject({ ended: 0 });
    expect((await app.newAgent().post("/_api/auth/sign-out-others")).status).toBe(401);
  });
});

describe("change-password", () => {
  const change = (api: ApiClient, currentPassword: unknown, newPassword: unknown) =>
    api.post("/_api/auth/change-password", { currentPassword, newPassword });

  it("needs the current password; then signs out every other session and keeps this browser signed in", async () => {
    const person = await signUp(app, "password");
    const stranger = await signUp(app, "unrelated");
    const other = await signIn(person);
    const newPassword = `${person.password}-new`;
    expect(refusal(await change(person.api, "not-my-password", newPassword))).toEqual({
      status: 403,
      error: A.wrongPassword,
    });
    expect(await signedIn(other)).toBe(true);
    expect(await loginStatus(person.email, person.password)).toBe(200);

    expect(ok(await change(person.api, person.password, newPassword))).toEqual({ message: A.passwordChanged });
    expect(await signedIn(person.api)).toBe(true);
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(stranger.api)).toBe(true);
    expect(await sessionsOf(person.api)).toHaveLength(1);
    expect(await loginStatus(person.email, person.password)).toBe(401);
    expect(await loginStatus(person.email, newPassword)).toBe(200);
    expect(leaksIn(app.transcript)).toEqual([]);
  });

  it.each([
    [{ currentPassword: "" }, A.currentPasswordRequired],
    [{ newPassword: "short" }, A.newPasswordTooShort],
    [{ newPassword: "x".repeat(201) }, A.passwordTooLong],
    [{ newPassword: "SAME" }, A.samePassword],
  ])("%j → 400 with its message, and nothing changes", async (change_, error) => {
    const person = await signUp(app, "password-bad");
    const input = { currentPassword: person.password, newPassword: "a-good-new-password", ...change_ };
    if (input.newPassword === "SAME") input.newPassword = person.password;
    const response = await person.api.post("/_api/auth/change-password", input);
    expect(refusal(response)).toEqual({ status: 400, error });
    expect(await loginStatus(person.email, person.password)).toBe(200);
  });

  it("needs a session (401)", async () => {
    expect((await change(app.newAgent(), "whatever-pass", "another-password")).status).toBe(401);
  });
});

describe("change-email", () => {
  const change = (api: ApiClient, email: string, currentPassword: string) =>
    api.post("/_api/auth/change-email", { email, currentPassword });

  it("needs the current password; then the person signs in with the new address, seen so by their team", async () => {
    const team = await orgWithMembers(app, { label: "mail" });
    const person = await joinOrg(app, team, "learner", { label: "mover" });
    const email = `moved.${person.id}@example.com`;
    expect(refusal(await change(person.api, email, "wrong-password"))).toEqual({ status: 403, error: A.wrongPassword });
    expect((await me(person.api)).email).toBe(person.email);

    const changed = ok<{ message: string; user: { email: string } }>(await change(person.api, email, person.password));
    expect(changed).toMatchObject({ message: A.emailChanged, user: { email } });
    expect(await loginStatus(email, person.password)).toBe(200);
    expect(await loginStatus(person.email, person.password)).toBe(401);
    const rows = ok<{ id: number; email: string }[]>(await team.admin.api.get("/_api/team/members"));
    expect(rows.find((row) => row.id === person.id)?.email).toBe(email);
  });

  it("refuses an address another account uses (409), one's own (400), and bad input (400)", async () => {
    const person = await signUp(app, "mail-taken");
    const other = await signUp(app, "mail-owner");
    for (const email of [other.email, other.email.toUpperCase()]) {
      expect(refusal(await change(person.api, email, person.password))).toEqual({ status: 409, error: A.emailInUse });
    }
    expect(refusal(await change(person.api, person.email, person.password))).toEqual({
      status: 400,
      error: A.sameEmail,
    });
    expect(errorOf(await change(person.api, "not-an-address", person.password))).toBe(
      "Please enter a valid email address.",
    );
    expect(await loginStatus(person.email, person.password)).toBe(200);
    expect(await loginStatus(other.email, other.password)).toBe(200);
  });

  it("takes a change of case only, which signs in as before", async () => {
    const person = await signUp(app, "mail-case");
    const upper = person.email.toUpperCase();
    ok(await change(person.api, upper, person.password));
    expect((await me(person.api)).email).toBe(upper);
    expect(await loginStatus(person.email, person.password)).toBe(200);
  });

  it("needs a session (401)", async () => {
    expect((await change(app.newAgent(), "someone@example.com", "whatever-pass")).status).toBe(401);
  });
});
