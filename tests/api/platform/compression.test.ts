import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get as httpGet, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDirectory, setAsideSourceMaps } from "../../../scripts/lib/precompress.js";
import { startTestApp, type TestApp } from "../support/app.js";

const INDEX_HTML = `<!doctype html><html><head><title>Trainwright</title></head><body>${"<p>x</p>".repeat(200)}</body></html>`;
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;
const SCRIPT_PATH = "/assets/app-abc123.js";

let root: string;
let clientDir: string;
let app: TestApp;
beforeAll(async () => {
  // A stand-in for `vite build` output, processed by the same steps as scripts/build.ts.
  root = mkdtempSync(path.join(tmpdir(), "trainwright-compression-"));
  clientDir = path.join(root, "client");
  mkdirSync(path.join(clientDir, "assets"), { recursive: true });
  writeFileSync(path.join(clientDir, "index.html"), INDEX_HTML);
  writeFileSync(path.join(clientDir, SCRIPT_PATH), SCRIPT);
  writeFileSync(path.join(clientDir, `${SCRIPT_PATH}.map`), '{"version":3,"sources":["secret.ts"]}');
  writeFileSync(path.join(clientDir, "assets", "photo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  setAsideSourceMaps(clientDir, path.join(root, "maps"));
  precompressDirectory(clientDir);
  app = await startTestApp({ CLIENT_DIR: clientDir });
});
afterAll(async () => {
  await app?.close();
  rmSync(root, { recursive: true, force: true });
});

/** A GET with exactly this Accept-Encoding (fetch adds its own), the body decoded as the browser would. */
function getEncoded(
  pathname: string,
  acceptEncoding: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(`${app.url}${pathname}`, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = response.headers["content-encoding"];
        const body = encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw;
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text: body.toString("utf8") });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

describe("the build's compressed files", () => {
  it("writes .br and .gz beside text files only, and moves source maps out of the served folder", () => {
    expect(existsSync(path.join(clientDir, `${SCRIPT_PATH}.br`))).toBe(true);
    expect(existsSync(path.join(clientDir, `${SCRIPT_PATH}.gz`))).toBe(true);
    expect(existsSync(path.join(clientDir, "index.html.br"))).toBe(true);
    expect(existsSync(path.join(clientDir, "assets", "photo.png.gz"))).toBe(false);
    expect(existsSync(path.join(clientDir, `${SCRIPT_PATH}.map`))).toBe(false);
    expect(readFileSync(path.join(root, "maps", `${SCRIPT_PATH}.map`), "utf8")).toContain("secret.ts");
  });
});

describe("serving compressed assets", () => {
  it.each([
    ["br, gzip", "br"],
    ["gzip", "gzip"],
    ["gzip, deflate, br", "br"],
  ])("sends a script to a browser accepting %s as %s, with Vary", async (accepted, expected) => {
    const response = await getEncoded(SCRIPT_PATH, accepted);
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe(expected);
    expect(response.headers.vary?.toLowerCase()).toContain("accept-encoding");
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.text).toBe(SCRIPT);
  });

  it("sends the plain file to a client that accepts no compression", async () => {
    const response = await getEncoded(SCRIPT_PATH, "identity");
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.text).toBe(SCRIPT);
  });

  it("compresses the page itself, served for every client-side path", async () => {
    for (const page of ["/", "/login", "/acme/courses/3"]) {
      const response = await getEncoded(page, "br");
      expect(response.status).toBe(200);
      expect(response.headers["content-encoding"]).toBe("br");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.text).toBe(INDEX_HTML);
    }
  });

  it("never serves a source map, even one left in the served folder", async () => {
    writeFileSync(path.join(clientDir, "assets", "stray.js.map"), "{}");
    for (const mapPath of [`${SCRIPT_PATH}.map`, "/assets/stray.js.map", "/assets/stray.js.map?v=1"]) {
      const response = await app.api.get(mapPath);
      expect(response.status).toBe(404);
      expect(response.text).not.toContain("sources");
    }
  });
});
