import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app.js";
import type { ApiResponse } from "../support/client.js";
import { errorOf } from "../support/fixtures.js";

/** The hosts docs/DESIGN.md §5 names for lesson videos (YouTube, Vimeo, Loom, Wistia), as player origins. */
const VIDEO_HOSTS = [
  "https://www.youtube.com",
  "https://www.youtube-nocookie.com",
  "https://player.vimeo.com",
  "https://www.loom.com",
  "https://fast.wistia.net",
];

const INDEX_HTML =
  '<!doctype html><html><head><title>Trainwright</title></head><body><div id="root"></div></body></html>';
const ASSET_JS = "console.log('app');\n";

let clientDir: string;
let app: TestApp;
beforeAll(async () => {
  // A stand-in for `vite build` output, so this file does not depend on the client being built.
  clientDir = mkdtempSync(path.join(tmpdir(), "trainwright-client-"));
  mkdirSync(path.join(clientDir, "assets"));
  writeFileSync(path.join(clientDir, "index.html"), INDEX_HTML);
  writeFileSync(path.join(clientDir, "assets", "app-abc123.js"), ASSET_JS);
  app = await startTestApp({ CLIENT_DIR: clientDir });
});
afterAll(async () => {
  await app?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

function csp(response: ApiResponse): Map<string, string[]> {
  const header = response.headers.get("content-security-policy") ?? "";
  const directives = new Map<string, string[]>();
  for (const part of header.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

describe("the built client", () => {
  it.each([
    "/",
    "/login",
    "/no/such/page",
    "/acme/dashboard",
    "/acme/courses/12/edit?x=1",
  ])("serves index.html for the page %s, revalidated on every load", async (page) => {
    const response = await app.api.get(page);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.text).toBe(INDEX_HTML);
    expect(response.headers.get("cache-control")).toBe("no-cache");
  });

  it("serves index.html itself with no-cache too, never as immutable", async () => {
    const response = await app.api.get("/index.html");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
  });

  it("serves hashed assets for a year, immutable", async () => {
    const response = await app.api.get("/assets/app-abc123.js");
    expect(response.status).toBe(200);
    expect(response.text).toBe(ASSET_JS);
    expect(response.headers.get("content-type")).toMatch(/javascript/);
    const cacheControl = response.headers.get("cache-control") ?? "";
    expect(cacheControl).toContain("max-age=31536000");
    expect(cacheControl).toContain("immutable");
  });

  it("keeps unknown API paths a JSON 404 even with a client present", async () => {
    for (const apiPath of ["/_api/x", "/_api/auth/nope", "/_api"]) {
      const response = await app.api.get(apiPath);
      expect(response.status, apiPath).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(response.text).not.toContain("<html");
      errorOf(response);
    }
  });
});

describe("security headers (docs/DESIGN.md §5)", () => {
  // The service worker is served under the API's prefix, but it is a worker and keeps the page's policy.
  const pages = ["/", "/acme/dashboard", "/_api/service-worker"];
  const apiAnswers = ["/_api/auth/me", "/_api/x", "/_api/manifest"];

  it.each(pages)("%s carries nosniff and the page's Content-Security-Policy", async (url) => {
    const response = await app.api.get(url);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(csp(response).get("frame-src")?.length).toBeGreaterThan(0);
  });

  // Decision 0206: an answer of the API is never a page, so it gets the strictest short policy.
  it.each(apiAnswers)("%s carries nosniff, no framing and a policy that allows nothing to load", async (url) => {
    const response = await app.api.get(url);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(Object.fromEntries(csp(response))).toEqual({ "default-src": ["'none'"], "frame-ancestors": ["'none'"] });
  });

  it("sends hashed assets only the headers a subresource uses (decision 0200)", async () => {
    for (const url of ["/assets/app-abc123.js", "/assets/missing.js"]) {
      const response = await app.api.get(url);
      expect(response.headers.get("x-content-type-options"), url).toBe("nosniff");
      expect(response.headers.get("cross-origin-resource-policy"), url).toBe("same-origin");
      for (const documentOnly of ["content-security-policy", "permissions-policy", "x-frame-options"]) {
        expect(response.headers.get(documentOnly), `${url} ${documentOnly}`).toBeNull();
      }
    }
  });

  it("allows frames only from the known video hosts and the app itself (SCORM packages, decision 0333)", async () => {
    const directives = csp(await app.api.get("/"));
    expect([...(directives.get("frame-src") ?? [])].sort()).toEqual(["'self'", ...VIDEO_HOSTS].sort());
    expect(directives.get("child-src")).toBeUndefined();
    // Nothing falls back to a looser default for frames.
    expect(directives.get("default-src")).toEqual(["'self'"]);
  });

  it("allows no inline or foreign scripts, no plugins, and no framing of the app itself", async () => {
    const directives = csp(await app.api.get("/"));
    expect(directives.get("script-src")).toEqual(["'self'"]);
    expect(directives.get("object-src")).toEqual(["'none'"]);
    expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
    expect(directives.get("base-uri")).toEqual(["'self'"]);
  });

  it("sends a referrer policy and no X-Powered-By", async () => {
    const response = await app.api.get("/");
    expect(response.headers.get("referrer-policy")).toBeTruthy();
    expect(response.headers.get("x-powered-by")).toBeNull();
  });

  it("sends no HSTS and no upgrade-insecure-requests without SECURE_COOKIES (plain-HTTP installs)", async () => {
    const response = await app.api.get("/");
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(csp(response).has("upgrade-insecure-requests")).toBe(false);
  });
});

describe("behind HTTPS (SECURE_COOKIES=true)", () => {
  it("adds HSTS and upgrade-insecure-requests", async () => {
    const secure = await startTestApp({ CLIENT_DIR: clientDir, SECURE_COOKIES: "true" });
    try {
      const response = await secure.api.get("/");
      expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
      expect(csp(response).has("upgrade-insecure-requests")).toBe(true);
      const asset = await secure.api.get("/assets/app-abc123.js");
      expect(asset.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    } finally {
      await secure.close();
    }
  });
});

describe("without a built client", () => {
  it("still runs the API and answers other paths with a plain 404", async () => {
    // startTestApp points CLIENT_DIR at a folder that does not exist unless told otherwise.
    const bare = await startTestApp();
    try {
      expect((await bare.api.get("/_api/auth/me")).status).toBe(401);
      const page = await bare.api.get("/login");
      expect(page.status).toBe(404);
      expect(page.text).not.toContain("<html");
    } finally {
      await bare.close();
    }
  });
});

/** feature → its allowlist, as the browser reads `feature=(self "https://…")`. */
function policyOf(response: ApiResponse): Map<string, string[]> {
  const header = response.headers.get("permissions-policy") ?? "";
  const features = new Map<string, string[]>();
  for (const entry of header.split(",")) {
    const match = /^\s*([a-z-]+)=\(([^)]*)\)\s*$/.exec(entry);
    if (match?.[1] !== undefined) features.set(match[1], (match[2] ?? "").split(/\s+/).filter(Boolean));
  }
  return features;
}

describe("Permissions-Policy (docs/DESIGN.md §5)", () => {
  it("is on pages, the service worker and unknown paths alike", async () => {
    const responses = [
      await app.api.get("/"),
      await app.api.get("/acme/dashboard"),
      await app.api.get("/_api/service-worker"),
    ];
    for (const response of responses) {
      expect(response.headers.get("permissions-policy"), response.text.slice(0, 80)).toBeTruthy();
    }
  });

  it("is left off the API's answers and errors, which no browser shows as a document (decision 0206)", async () => {
    const responses = [
      await app.api.get("/_api/auth/me"),
      await app.api.get("/_api/no/such/endpoint"),
      await app.api.post("/_api/auth/login", undefined, { raw: "x", headers: { "content-type": "text/plain" } }),
      await app.api.get("/_api/manifest"),
    ];
    for (const response of responses) {
      expect(response.headers.get("permissions-policy"), response.text.slice(0, 80)).toBeNull();
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("turns off camera, microphone, geolocation, payment and the like, and lets players go fullscreen", async () => {
    const policy = policyOf(await app.api.get("/"));
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb", "display-capture"]) {
      expect(policy.get(feature), feature).toEqual([]);
    }
    const players = VIDEO_HOSTS.map((origin) => `"${origin}"`);
    expect(policy.get("fullscreen")).toEqual(["self", ...players]);
    expect(policy.get("encrypted-media")).toEqual(["self", ...players]);
    expect(policy.get("accelerometer")).toEqual(players);
  });
});
