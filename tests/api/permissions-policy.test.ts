import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIDEO_FRAME_SOURCES } from "../../server/security-headers.js";
import { startTestApp, type TestApp } from "./support/app.js";
import type { ApiResponse } from "./support/client.js";

/** Issue 18, finding 7: a Permissions-Policy on every response; players keep what they need. */

let clientDir: string;
let app: TestApp;
beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), "trainwright-client-"));
  mkdirSync(path.join(clientDir, "assets"));
  writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>Trainwright</title>");
  writeFileSync(path.join(clientDir, "assets", "app-abc123.js"), "console.log('app');\n");
  app = await startTestApp({ CLIENT_DIR: clientDir });
});
afterAll(async () => {
  await app?.close();
  rmSync(clientDir, { recursive: true, force: true });
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

describe("Permissions-Policy", () => {
  it("is on pages, files, the API, its errors and unknown paths alike", async () => {
    const responses = [
      await app.api.get("/"),
      await app.api.get("/acme/dashboard"),
      await app.api.get("/assets/app-abc123.js"),
      await app.api.get("/assets/missing.js"),
      await app.api.get("/_api/auth/me"),
      await app.api.get("/_api/no/such/endpoint"),
      await app.api.post("/_api/auth/login", undefined, { raw: "x", headers: { "content-type": "text/plain" } }),
      await app.api.get("/_api/manifest"),
    ];
    for (const response of responses) {
      expect(response.headers.get("permissions-policy"), response.text.slice(0, 80)).toBeTruthy();
    }
  });

  it("turns off camera, microphone, geolocation, payment and the like, and lets players go fullscreen", async () => {
    const policy = policyOf(await app.api.get("/"));
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb", "display-capture"]) {
      expect(policy.get(feature), feature).toEqual([]);
    }
    const players = VIDEO_FRAME_SOURCES.map((origin) => `"${origin}"`);
    expect(policy.get("fullscreen")).toEqual(["self", ...players]);
    expect(policy.get("encrypted-media")).toEqual(["self", ...players]);
    expect(policy.get("accelerometer")).toEqual(players);
  });
});
