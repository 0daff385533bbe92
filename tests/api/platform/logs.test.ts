import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { User } from "#server/entities.js";
import { startTestApp, type TestApp } from "../support/app.js";
import { newCredentials, registerUser } from "../support/fixtures.js";
import { createOrg, invite, ok, type Person, signUp } from "../support/org-fixtures.js";

/**
 * Decision 0011: the server's whole log, at its most verbose, through registration (with a
 * duplicate), sign-in, an invitation and its acceptance, decode-invite's token in a query string, and a
 * query that fails with the registration's hash and e-mail in its values: no secret and no e-mail in it.
 */

let app: TestApp;
let log = "";

/** Makes every insert into users fail, as a database fault would, so the failure is logged as unexpected. */
function refuseRegistrationsSql(postgres: boolean): string[] {
  if (!postgres) {
    return [
      "create trigger refuse_registrations before insert on users begin select raise(abort, 'registrations refused by the test'); end",
    ];
  }
  return [
    "create function refuse_registrations() returns trigger language plpgsql as $$ begin raise exception 'registrations refused by the test'; end $$",
    "create trigger refuse_registrations before insert on users for each row execute function refuse_registrations()",
  ];
}

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => {
    log += chunk.toString("utf8");
  });
  app = await startTestApp({ LOG_LEVEL: "debug" }, { logStream: stream });
});
afterAll(async () => {
  await app?.close();
});

describe("the log (decision 0011)", () => {
  it("carries no password, hash, token, session cookie or e-mail", async () => {
    const admin: Person = await signUp(app, "logged-admin");
    const duplicate = await app.newAgent().post("/_api/auth/register", {
      name: "Someone Else",
      email: admin.email,
      password: "another-password-1",
    });
    expect(duplicate.status).toBeGreaterThanOrEqual(400);
    const signIn = app.newAgent();
    ok(await signIn.post("/_api/auth/login", { email: admin.email, password: admin.password }));
    await createOrg(admin);

    const invitee = newCredentials("logged-invitee");
    const { token } = await invite(admin.api, { name: invitee.name, email: invitee.email, role: "user" });
    const inviteeApi = app.newAgent();
    ok(await inviteeApi.get("/_api/team/decode-invite", { token }));
    await registerUser(inviteeApi, invitee);
    ok(await inviteeApi.post("/_api/team/accept-invite", { token }));

    const failing = newCredentials("logged-failure");
    const em = app.orm.em.fork();
    for (const sql of refuseRegistrationsSql(app.config.databaseUrl !== null)) await em.getConnection().execute(sql);
    const failed = await app.newAgent().post("/_api/auth/register", failing);
    expect(failed.status).toBe(500);

    const hashes = await em.find(User, { email: [admin.email, invitee.email] }, { populate: ["passwordHash"] });
    const sessionCookies = app.transcript.cookieValues.filter((value) => value.length >= 20);
    const secrets: Record<string, string[]> = {
      passwords: [admin.password, invitee.password, failing.password],
      hashes: hashes.map((user) => user.passwordHash),
      "hash prefix": ["$argon2"],
      "invitation token": [token, token.split(".").at(-1) ?? token],
      "session cookies": sessionCookies,
      "e-mail addresses": [admin.email, invitee.email, failing.email],
    };
    expect(hashes).toHaveLength(2);
    expect(sessionCookies.length).toBeGreaterThanOrEqual(3);

    const found = Object.entries(secrets).flatMap(([what, values]) =>
      values.filter((value) => log.toLowerCase().includes(value.toLowerCase())).map(() => what),
    );
    expect(found).toEqual([]);
    // The log is really there: one access line per request (its route, never its query string), and the
    // failed query, shape kept.
    expect(log).toContain('"route":"/_api/team/decode-invite"');
    expect(log).not.toContain("token=");
    expect(log).toMatch(/auth\/register failed/);
    expect(log).toMatch(/insert into/i);
    // The failure's line is bound to its request, as the access line is (req.log is built on demand).
    const requestId = failed.headers.get("x-request-id");
    const lines = log
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    expect(lines.filter((line) => line.reqId === requestId).map((line) => line.msg)).toEqual([
      "POST /auth/register failed",
      "request",
    ]);
  });
});
