import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDirectory } from "../../../scripts/lib/precompress.js";
import { LANDING_SHELL_FILE, LOGIN_SHELL_FILE, SESSION_COOKIE } from "../../../shared/constants.js";
import { startTestApp, type TestApp } from "../support/app.js";

/** Decision 0160: which HTML file a page request gets, with a stand-in for the built client. */

const APP_HTML = `<!doctype html><html><body><div id="root"></div>${"<!-- app -->".repeat(50)}</body></html>`;
const SHELL_HTML = `<!doctype html><html><body><div id="root"><h1>landing</h1></div>${"<!-- shell -->".repeat(50)}</body></html>`;
const LOGIN_HTML = `<!doctype html><html><body><div id="root"><h1>login</h1></div>${"<!-- login -->".repeat(50)}</body></html>`;

let root: string;
let app: TestApp;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "trainwright-landing-"));
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, "index.html"), APP_HTML);
  writeFileSync(path.join(root, LANDING_SHELL_FILE), SHELL_HTML);
  writeFileSync(path.join(root, LOGIN_SHELL_FILE), LOGIN_HTML);
  precompressDirectory(root);
  app = await startTestApp({ CLIENT_DIR: root });
});
afterAll(async () => {
  await app?.close();
  rmSync(root, { recursive: true, force: true });
});

async function page(pathname: string, cookie?: string) {
  const response = await fetch(`${app.url}${pathname}`, { headers: cookie ? { cookie } : {} });
  return { text: await response.text(), vary: response.headers.get("vary") ?? "" };
}

describe("the landing shell", () => {
  it("is what a browser without a session gets at /, query or not, varying by cookie", async () => {
    for (const pathname of ["/", "/?ref=newsletter"]) {
      const answer = await page(pathname);
      expect(answer.text).toContain("<h1>landing</h1>");
      expect(answer.vary).toMatch(/cookie/i);
    }
  });

  it("gives the app to a browser with a session cookie, and on every other path", async () => {
    expect((await page("/", `${SESSION_COOKIE}=anything`)).text).toBe(APP_HTML);
    expect((await page("/acme/courses/1")).text).toBe(APP_HTML);
  });
});

describe("the prerendered login page (decision 0201)", () => {
  it("is what a browser without a session gets at /login without a query, varying by cookie", async () => {
    const answer = await page("/login");
    expect(answer.text).toBe(LOGIN_HTML);
    expect(answer.vary).toMatch(/cookie/i);
  });

  it("leaves /login with a query (another form, a destination) and with a session to the app", async () => {
    expect((await page("/login?signup=true")).text).toBe(APP_HTML);
    expect((await page("/login?next=%2Facme")).text).toBe(APP_HTML);
    expect((await page("/login", `${SESSION_COOKIE}=anything`)).text).toBe(APP_HTML);
  });
});
