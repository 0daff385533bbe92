import path from "node:path";
import { buildApp } from "#server/app.js";
import type { LessonContentPool } from "#server/modules/courses/lesson-content.js";
import { openDatabase } from "#server/platform/db/database.js";
import { type Config, loadConfig } from "#server/platform/http/config.js";
import { RateLimiter } from "#server/platform/http/rate-limit.js";
import { TEST_SERVER_SETTINGS } from "../../support/settings.js";
import { ApiClient, newTranscript, type Transcript } from "./client.js";
import { createTestDatabase, type TestDatabase } from "./database.js";

/** The settings a test may change, spelled as the environment variables of `server/platform/http/config.ts`. */
export type ConfigOverrides = Partial<
  Record<
    | "SECURE_COOKIES"
    | "SESSION_DAYS"
    | "RATE_LIMIT_WINDOW_SECONDS"
    | "RATE_LIMIT_PER_EMAIL"
    | "RATE_LIMIT_PER_IP"
    | "RATE_LIMIT_PER_API_KEY"
    | "CLIENT_DIR"
    | "LOG_LEVEL"
    | "TRUST_PROXY"
    | "CONTENT_TIME_LIMIT_MS"
    | "METRICS_TOKEN"
    | "SMTP_URL"
    | "MAIL_FROM"
    | "PUBLIC_URL"
    | "MAIL_POLL_MS"
    | "ALLOW_PRIVATE_DESTINATIONS"
    | "SCORM_STORAGE_MB",
    string
  >
>;

/** A test server's settings on `database`: loopback, any free port, silent, cheap password hashing. */
export function testConfig(database: Pick<TestDatabase, "dataDir" | "databaseUrl">, overrides: ConfigOverrides = {}) {
  return loadConfig({
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl ?? undefined,
    // A folder that does not exist: the API runs without a client unless a test provides one.
    CLIENT_DIR: path.join(database.dataDir, "no-client"),
    LOG_LEVEL: "silent",
    ...TEST_SERVER_SETTINGS,
    ...overrides,
  });
}

/** Whatever `openDatabase` returns; named through it so the tests follow the server's own typing. */
export type TestOrm = Awaited<ReturnType<typeof openDatabase>>;

export interface TestApp {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  /** The first browser; `newAgent()` makes more, each with its own cookies. */
  api: ApiClient;
  newAgent(): ApiClient;
  config: Config;
  /** For assertions on what the server stored (for example, that a session token is kept only hashed). */
  orm: TestOrm;
  /** Every response body any agent of this app received, and every cookie value set (see leaksIn). */
  transcript: Transcript;
  /** The lesson content workers, to see whose conversions hold them and whose wait (`activity()`). */
  lessonContent: LessonContentPool;
  /** One round of a scheduled job now (server/platform/scheduler/scheduler.ts), instead of waiting for its timer. */
  runScheduledJob(name: string): Promise<void>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** A second instance over the first one's database (docs/DESIGN.md §1: instances share all state there). */
  sameDatabaseAs?: TestApp;
  /** The server's clock (milliseconds since the epoch) for rate limits and deadlines: tests move it instead of waiting. */
  clock?: () => number;
  /** Receives the server's log (give LOG_LEVEL too: tests run silent). */
  logStream?: NodeJS.WritableStream;
  /** Run the scheduled jobs on their timers; by default they run only through runScheduledJob. */
  scheduledTimers?: boolean;
}

/**
 * Starts the real server on a loopback port with a fresh database (see createTestDatabase), with the
 * settings of every test server (tests/support/settings.ts) unless the test overrides them.
 */
export async function startTestApp(overrides: ConfigOverrides = {}, options: StartOptions = {}): Promise<TestApp> {
  const shared = options.sameDatabaseAs?.config;
  const database: TestDatabase = shared
    ? { dataDir: shared.dataDir, databaseUrl: shared.databaseUrl, drop: async () => {} }
    : await createTestDatabase();
  const config = testConfig(database, overrides);
  let orm: TestOrm | undefined;
  try {
    orm = await openDatabase(config);
    const app = await buildApp(
      { config, orm, rateLimiter: new RateLimiter(orm, config.rateLimit, options.clock), clock: options.clock },
      { logStream: options.logStream, scheduledTimers: options.scheduledTimers ?? false },
    );
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    if (address === null || typeof address === "string") throw new Error("The server has no TCP address.");
    const url = `http://127.0.0.1:${address.port}`;
    const transcript = newTranscript();
    const openedOrm = orm;
    return {
      url,
      api: new ApiClient(url, transcript),
      newAgent: () => new ApiClient(url, transcript),
      config,
      orm: openedOrm,
      transcript,
      lessonContent: app.lessonContent,
      runScheduledJob: (name) => app.scheduler.run(name),
      close: async () => {
        try {
          await app.close();
          await openedOrm.close(true);
        } finally {
          await database.drop();
        }
      },
    };
  } catch (error) {
    await orm?.close(true);
    await database.drop();
    throw error;
  }
}
