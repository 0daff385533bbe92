import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app.js";
import { leaksIn } from "../support/client.js";
import { errorOf, newCredentials, registerUser } from "../support/fixtures.js";

// docs/SPEC.md §5, word for word.
const INVALID_EMAIL = "Please enter a valid email address.";
const PASSWORD_REQUIRED = "Password is required.";
const NAME_TOO_SHORT = "Name must be at least 2 characters.";
const PASSWORD_TOO_SHORT = "Password must be at least 8 characters.";
const WRONG_CREDENTIALS = "Invalid email or password.";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe("login rules (docs/SPEC.md §5)", () => {
  const cases: Array<[string, unknown, string]> = [
    ["no e-mail", { password: "whatever1" }, INVALID_EMAIL],
    ["an empty e-mail", { email: "", password: "whatever1" }, INVALID_EMAIL],
    ["spaces for an e-mail", { email: "   ", password: "whatever1" }, INVALID_EMAIL],
    ["an e-mail without @", { email: "person.example.com", password: "whatever1" }, INVALID_EMAIL],
    ["an e-mail without a domain", { email: "person@", password: "whatever1" }, INVALID_EMAIL],
    ["an e-mail with a space inside", { email: "per son@example.com", password: "whatever1" }, INVALID_EMAIL],
    ["an e-mail that is a number", { email: 42, password: "whatever1" }, INVALID_EMAIL],
    ["no password", { email: "person@example.com" }, PASSWORD_REQUIRED],
    ["an empty password", { email: "person@example.com", password: "" }, PASSWORD_REQUIRED],
    ["a password that is a number", { email: "person@example.com", password: 12345678 }, PASSWORD_REQUIRED],
    ["an empty object (the e-mail is checked first)", {}, INVALID_EMAIL],
  ];
  it.each(cases)("refuses %s with 400 and the spec's message", async (_label, body, message) => {
    const response = await app.api.post("/_api/auth/login", body);
    expect(response.status, response.text).toBe(400);
    expect(errorOf(response)).toBe(message);
  });

  it("accepts a one-character password as far as validation goes (then the credentials decide)", async () => {
    const response = await app.api.post("/_api/auth/login", { email: "nobody@example.com", password: "x" });
    expect(response.status).toBe(401);
    expect(errorOf(response)).toBe(WRONG_CREDENTIALS);
  });

  it("accepts superjson's envelope as well as plain JSON", async () => {
    const who = await registerUser(app.newAgent());
    const plain = await app.newAgent().post("/_api/auth/login", { email: who.email, password: who.password });
    expect(plain.status).toBe(200);
    const wrapped = await app
      .newAgent()
      .post("/_api/auth/login", { json: { email: who.email, password: who.password } });
    expect(wrapped.status, wrapped.text).toBe(200);
    expect(wrapped.body).toEqual(plain.body);
  });
});

describe("registration rules (docs/SPEC.md §5)", () => {
  const valid = { name: "Al", email: "valid@example.com", password: "12345678" };
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ["no name", { name: undefined }, NAME_TOO_SHORT],
    ["an empty name", { name: "" }, NAME_TOO_SHORT],
    ["a one-letter name", { name: "A" }, NAME_TOO_SHORT],
    ["a one-letter name padded with spaces", { name: "  A  " }, NAME_TOO_SHORT],
    ["a name that is a number", { name: 42 }, NAME_TOO_SHORT],
    ["no e-mail", { email: undefined }, INVALID_EMAIL],
    ["an invalid e-mail", { email: "not-an-email" }, INVALID_EMAIL],
    ["a 7-character password", { password: "1234567" }, PASSWORD_TOO_SHORT],
    ["no password", { password: undefined }, PASSWORD_TOO_SHORT],
    ["an empty password", { password: "" }, PASSWORD_TOO_SHORT],
  ];
  it.each(cases)("refuses %s with 400 and the spec's message", async (_label, change, message) => {
    const response = await app.api.post("/_api/auth/register", { ...valid, ...change });
    expect(response.status, response.text).toBe(400);
    expect(errorOf(response)).toBe(message);
  });

  it("checks the name first, then the e-mail, then the password", async () => {
    const all = await app.api.post("/_api/auth/register", { name: "A", email: "x", password: "1" });
    expect(errorOf(all)).toBe(NAME_TOO_SHORT);
    const two = await app.api.post("/_api/auth/register", { name: "Ann", email: "x", password: "1" });
    expect(errorOf(two)).toBe(INVALID_EMAIL);
  });

  it("changes nothing when it refuses: the same e-mail registers afterwards", async () => {
    const who = newCredentials();
    const refused = await app.newAgent().post("/_api/auth/register", { ...who, password: "short" });
    expect(refused.status).toBe(400);
    expect(refused.setCookies).toEqual([]);
    const login = await app.newAgent().post("/_api/auth/login", { email: who.email, password: "short" });
    expect(login.status).toBe(401);
    await registerUser(app.newAgent(), who);
  });

  it("accepts the minimums: a 2-character name and an 8-character password", async () => {
    const who = { ...newCredentials(), name: "Al", password: "12345678" };
    const response = await app.newAgent().post("/_api/auth/register", who);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ name: "Al", email: who.email });
  });

  it("stores the name and the e-mail trimmed, keeping the e-mail's case", async () => {
    const who = newCredentials();
    const typed = `  ${who.email.replace("user", "User")}  `;
    const response = await app
      .newAgent()
      .post("/_api/auth/register", { ...who, name: `  ${who.name}  `, email: typed });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ name: who.name, email: typed.trim() });
  });
});

describe("e-mail matching is trimmed and case-insensitive", () => {
  it("logs in with the e-mail in another case and with spaces around it", async () => {
    const who = await registerUser(app.newAgent(), { ...newCredentials(), email: `Mixed.${Date.now()}@Example.COM` });
    for (const email of [who.email.toLowerCase(), who.email.toUpperCase(), `  ${who.email}\t`]) {
      const response = await app.newAgent().post("/_api/auth/login", { email, password: who.password });
      expect(response.status, email).toBe(200);
      expect(response.body).toMatchObject({ email: who.email });
    }
  });

  it("refuses a second account for the same e-mail in another case or with spaces (409)", async () => {
    const who = await registerUser(app.newAgent());
    const first = await app.newAgent().post("/_api/auth/register", who);
    expect(first.status).toBe(409);
    const message = errorOf(first);
    for (const email of [who.email.toUpperCase(), `  ${who.email}  `]) {
      const response = await app.newAgent().post("/_api/auth/register", { ...newCredentials(), email });
      expect(response.status, email).toBe(409);
      expect(errorOf(response)).toBe(message);
      expect(response.setCookies).toEqual([]);
    }
    // The original account still signs in with its own password.
    const login = await app.newAgent().post("/_api/auth/login", { email: who.email, password: who.password });
    expect(login.status).toBe(200);
  });
});

describe("wrong credentials", () => {
  it("gives the same 401 and the same message for a wrong e-mail and for a wrong password", async () => {
    const who = await registerUser(app.newAgent());
    const wrongPassword = await app.newAgent().post("/_api/auth/login", { email: who.email, password: "not-it-123" });
    const wrongEmail = await app
      .newAgent()
      .post("/_api/auth/login", { email: `no.${who.email}`, password: who.password });
    for (const response of [wrongPassword, wrongEmail]) {
      expect(response.status).toBe(401);
      expect(errorOf(response)).toBe(WRONG_CREDENTIALS);
      expect(response.setCookies).toEqual([]);
    }
    expect(wrongEmail.text).toBe(wrongPassword.text);
  });

  it("is case-sensitive about the password", async () => {
    const who = await registerUser(app.newAgent(), { ...newCredentials(), password: "CaseSensitive-1" });
    const response = await app.newAgent().post("/_api/auth/login", { email: who.email, password: "casesensitive-1" });
    expect(response.status).toBe(401);
  });

  it("does not sign a browser out when its login attempt fails", async () => {
    const api = app.newAgent();
    const who = await registerUser(api);
    const failed = await api.post("/_api/auth/login", { email: who.email, password: "wrong-password" });
    expect(failed.status).toBe(401);
    expect((await api.get("/_api/auth/me")).status).toBe(200);
  });
});

// Last in the file: every body this file received, including all the refusals above.
describe("responses", () => {
  it("never carried a password hash, a session token or a password", () => {
    expect(app.transcript.bodies.length).toBeGreaterThan(30);
    expect(app.transcript.cookieValues.length).toBeGreaterThan(5);
    expect(leaksIn(app.transcript)).toEqual([]);
  });
});
