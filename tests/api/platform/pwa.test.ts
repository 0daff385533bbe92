import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  APP_NAME,
  BACKGROUND_COLOR,
  MANIFEST_URL,
  MARKETING_LINE,
  SERVICE_WORKER_FILE,
  SERVICE_WORKER_URL,
  THEME_COLOR,
} from "#shared/constants.js";
import { startTestApp, type TestApp } from "../support/app.js";

interface Icon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a PNG's IHDR chunk, which always follows the 8-byte signature. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  expect(bytes.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("web app manifest (docs/SPEC.md §1)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("is served as application/manifest+json with the product's name, colours and start URL", async () => {
    const res = await app.api.get(MANIFEST_URL);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.body).toMatchObject({
      name: APP_NAME,
      short_name: APP_NAME,
      description: MARKETING_LINE,
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: THEME_COLOR,
      background_color: BACKGROUND_COLOR,
    });
    expect(THEME_COLOR).toBe("#6366f1");
    expect(APP_NAME).toBe("Trainwright");
  });

  it("lists 192 and 512 px PNG icons, a maskable one among them, and every file exists at that size", async () => {
    const res = await app.api.get(MANIFEST_URL);
    const icons = (res.body as { icons: Icon[] }).icons;
    const sizes = new Set(icons.map((icon) => icon.sizes));
    expect(sizes).toEqual(new Set(["192x192", "512x512"]));
    expect(icons.every((icon) => icon.type === "image/png")).toBe(true);
    expect(icons.some((icon) => icon.purpose === "maskable" && icon.sizes === "512x512")).toBe(true);
    expect(icons.some((icon) => icon.purpose === "any" && icon.sizes === "512x512")).toBe(true);
    for (const icon of icons) {
      const [width, height] = icon.sizes.split("x").map(Number);
      expect(pngSize(path.join("client/public", icon.src))).toEqual({ width, height });
    }
    expect(pngSize("client/public/icons/apple-touch-icon.png")).toEqual({ width: 180, height: 180 });
  });

  it("the page links the manifest, the theme colour and the Apple touch icon", () => {
    const html = readFileSync("client/index.html", "utf8");
    expect(html).toContain(`<link rel="manifest" href="${MANIFEST_URL}" />`);
    expect(html).toContain(`<meta name="theme-color" content="${THEME_COLOR}" />`);
    expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
  });

  it("the security policy lets the page load the manifest and the worker from the site", async () => {
    // The page's policy: the manifest's own answer, like every API answer, has the API's (decision 0206).
    const res = await app.api.get("/");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("worker-src 'self'");
  });
});

describe("service worker route (docs/SPEC.md §7)", () => {
  it("answers 404 with the API error shape when no client is built", async () => {
    const app = await startTestApp();
    try {
      const res = await app.api.get(SERVICE_WORKER_URL);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.body).toEqual({ error: "Not found." });
    } finally {
      await app.close();
    }
  });

  describe("with a built client", () => {
    let app: TestApp;
    let clientDir: string;
    beforeAll(async () => {
      clientDir = mkdtempSync(path.join(tmpdir(), "trainwright-pwa-client-"));
      writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>Trainwright</title>");
      writeFileSync(path.join(clientDir, SERVICE_WORKER_FILE), "self.addEventListener('fetch', () => {});\n");
      app = await startTestApp({ CLIENT_DIR: clientDir });
    });
    afterAll(async () => {
      await app?.close();
      rmSync(clientDir, { recursive: true, force: true });
    });

    it("serves the built worker as JavaScript, allowed to control the whole site and always revalidated", async () => {
      const res = await app.api.get(SERVICE_WORKER_URL);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
      expect(res.headers.get("service-worker-allowed")).toBe("/");
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(res.text).toBe("self.addEventListener('fetch', () => {});\n");
    });

    it("reads the file on every request, so a redeployed worker is offered without a restart", async () => {
      appendFileSync(path.join(clientDir, SERVICE_WORKER_FILE), "// v2\n");
      const res = await app.api.get(SERVICE_WORKER_URL);
      expect(res.text).toContain("// v2");
    });
  });
});
