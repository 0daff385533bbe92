import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "#server/app.js";
import { openDatabase } from "#server/platform/db/database.js";
import { loadConfig } from "#server/platform/http/config.js";
import { RateLimiter } from "#server/platform/http/rate-limit.js";
import { TEST_SERVER_SETTINGS } from "../../support/settings.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
/** `npx vite build` output; E2E_CLIENT_DIR points elsewhere (a build of one's own while others rebuild dist/). */
export const CLIENT_DIR = path.resolve(process.env.E2E_CLIENT_DIR?.trim() || path.join(ROOT, "dist", "client"));

export interface E2EServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  baseUrl: string;
  /** The client folder being served: dist/client, or the private copy. */
  clientDir: string;
  close(): Promise<void>;
}

export interface E2EServerOptions {
  /** Serve a private copy of dist/client, for a test that changes files in it (a new service worker...). */
  privateClientCopy?: boolean;
  /** More settings, as environment variables (e-mail through a test SMTP server, for one). */
  env?: Record<string, string>;
}

/**
 * The whole app as `npm start` serves it (built client included), in this process, on a free loopback
 * port, with a fresh SQLite database; everything it made is deleted by close().
 */
export async function startE2EServer(options: E2EServerOptions = {}): Promise<E2EServer> {
  if (!existsSync(path.join(CLIENT_DIR, "index.html"))) {
    throw new Error(`No built client in ${CLIENT_DIR}: run \`npx vite build\` first.`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "trainwright-e2e-"));
  const clientDir = options.privateClientCopy ? path.join(dataDir, "client") : CLIENT_DIR;
  if (options.privateClientCopy) cpSync(CLIENT_DIR, clientDir, { recursive: true });
  const config = loadConfig({
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: dataDir,
    CLIENT_DIR: clientDir,
    LOG_LEVEL: "warn",
    ...TEST_SERVER_SETTINGS,
    ...options.env,
  });
  const orm = await openDatabase(config);
  try {
    const app = await buildApp({ config, orm, rateLimiter: new RateLimiter(orm, config.rateLimit) });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    if (address === null || typeof address === "string") throw new Error("The server has no TCP address.");
    return {
      baseUrl: `http://127.0.0.1:${address.port}`,
      clientDir,
      close: async () => {
        try {
          await app.close();
          await orm.close(true);
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await orm.close(true);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
