import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Config } from "#server/platform/http/config.js";
import { sendError } from "#server/platform/http/rest.js";
import {
  APP_NAME,
  BACKGROUND_COLOR,
  MANIFEST_URL,
  MARKETING_LINE,
  SERVICE_WORKER_FILE,
  SERVICE_WORKER_URL,
  THEME_COLOR,
} from "#shared/constants.js";

interface ManifestIcon {
  src: string;
  sizes: string;
  type: "image/png";
  purpose: "any" | "maskable";
}

/** The PNGs under client/public/icons/ (made by scripts/generate-icons.ts). */
const MANIFEST_ICONS: readonly ManifestIcon[] = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  // Full-bleed variants with the mark inside the safe zone, for launchers that crop icons to a shape.
  { src: "/icons/icon-maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
  { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
];

/** docs/SPEC.md §1: the installable app's manifest, built from the shared constants so it never drifts from the page. */
function webAppManifest() {
  return {
    id: "/",
    name: APP_NAME,
    short_name: APP_NAME,
    description: MARKETING_LINE,
    lang: "en",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ["education", "productivity", "business"],
    icons: MANIFEST_ICONS,
  };
}

export function registerPwaRoutes(app: FastifyInstance, config: Config): void {
  const manifestBody = JSON.stringify(webAppManifest());
  app.get(MANIFEST_URL, async (_req, reply) =>
    reply.header("Cache-Control", "no-cache").type("application/manifest+json; charset=utf-8").send(manifestBody),
  );

  // The worker lives under /_api/ but controls the whole site, which the browser allows only when the
  // response says so (Service-Worker-Allowed). The file is read on every request, not once at start:
  // a redeployed client is picked up without a restart, and the update check always sees the new bytes.
  const workerPath = path.join(config.clientDir, SERVICE_WORKER_FILE);
  app.get(SERVICE_WORKER_URL, async (req, reply) => {
    let source: Buffer;
    try {
      source = await readFile(workerPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT")
        req.log.error({ err: error }, "service worker unreadable");
      // An API-only run (no built client) has no worker to offer.
      return sendError(reply, 404, "Not found.");
    }
    return reply
      .header("Service-Worker-Allowed", "/")
      .header("Cache-Control", "no-cache")
      .type("text/javascript; charset=utf-8")
      .send(source);
  });
}
