import path from "node:path";
import { parseTrustProxy, type TrustProxy, TrustProxyError } from "./trust-proxy.js";

/** Settings read from the environment; `.env.example` documents each one. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… switches the store to PostgreSQL; empty means the embedded SQLite file. */
  databaseUrl: string | null;
  /** Send cookies with `Secure` always; they are sent so anyway to a request that came over HTTPS through a trusted proxy. */
  secureCookies: boolean;
  sessionDays: number;
  rateLimit: {
    windowSeconds: number;
    /** Failed sign-ins allowed per e-mail address in one window. */
    perEmail: number;
    /** Sign-in and registration attempts allowed per client address in one window. */
    perIp: number;
    /** Requests allowed per API key in one window. */
    perApiKey: number;
  };
  /** Where the built client lives; the API still runs when it is missing. */
  clientDir: string;
  /** Extra log lines for each request. */
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "silent";
  /** Which proxies in front may set X-Forwarded-*: none, a hop count, or their addresses (never all). */
  trustProxy: TrustProxy;
  /** The longest one lesson's content may take to convert before the save is refused as too complex. */
  contentTimeLimitMs: number;
  /** The cost of each argon2id password hash; lowered only by the test harnesses, to save time. */
  passwordHashing: PasswordHashing;
  /** Bearer token that opens /_api/metrics; null leaves the endpoint off. */
  metricsToken: string | null;
  /** On SIGTERM, how long requests already accepted may take before they are cut off. */
  shutdownTimeoutSeconds: number;
  /**
   * PUBLIC_URL: the address people open the app at (no trailing slash). Every link the server stores or
   * mails is built on it, or without it on the address the server listens on; never on a request's Host
   * header (docs/decisions/0270-invitation-limits-pages-fair-outbox.md). Required with e-mail.
   */
  publicUrl: string | null;
  /** E-mail over SMTP; null (no SMTP_URL) keeps the app on links to copy (decision 0130). */
  mail: MailSettings | null;
  /** How often each instance looks for mail to send and batches to run. */
  mailPollMs: number;
  /** SCORM_STORAGE_MB: the most bytes one organization's SCORM packages may take together (docs/decisions/0362). */
  scormStorageBytes: number;
  /**
   * SECRET_KEY: what secrets at rest are sealed with (server/platform/crypto/secret-key.ts). Null: on SQLite
   * one generated into DATA_DIR; PostgreSQL requires it.
   */
  secretKey: string | null;
  /**
   * ALLOW_PRIVATE_DESTINATIONS: whether webhooks may be plain HTTP and reach loopback and private addresses
   * (tests, on-premises receivers); off by default (docs/decisions/0341-webhooks-through-the-outbox.md).
   */
  allowPrivateDestinations: boolean;
}

export interface MailSettings {
  /** smtp://user:pass@host:587 or smtps://…:465, as nodemailer reads it. */
  smtpUrl: string;
  /** The From header: an address, or `Name <address>`. */
  from: string;
  /** The address people open the app at (no trailing slash): mails sent from no request build their links on it. */
  publicUrl: string;
}

export interface PasswordHashing {
  /** Memory per hash in KiB (OWASP's recommended 19 MiB by default). */
  memoryKib: number;
  /** Passes over that memory. */
  iterations: number;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === "") return fallback;
  if (["1", "true", "yes", "on"].includes(raw)) return true;
  if (["0", "false", "no", "off"].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}".`);
}

function trustProxyOf(env: Env): TrustProxy {
  try {
    return parseTrustProxy(env.TRUST_PROXY);
  } catch (error) {
    if (error instanceof TrustProxyError) throw new ConfigError(error.message);
    throw error;
  }
}

const PUBLIC_URL_EXAMPLE = "the app's address, such as https://training.example.com";

/** PUBLIC_URL when it is set: an http(s) address, kept without its trailing slash. */
function publicUrlOf(env: Env): string | null {
  const raw = (env.PUBLIC_URL?.trim() || "").replace(/\/+$/, "");
  if (raw === "") return null;
  let base: URL;
  try {
    base = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be ${PUBLIC_URL_EXAMPLE}.`);
  }
  if (base.protocol !== "http:" && base.protocol !== "https:") {
    throw new ConfigError(`PUBLIC_URL must start with https:// or http://, got "${raw}".`);
  }
  return base.origin + base.pathname.replace(/\/+$/, "");
}

/** SMTP_URL, MAIL_FROM and PUBLIC_URL go together: a mail without a sender or without working links is no use. */
function mailSettingsOf(env: Env, publicUrl: string | null): MailSettings | null {
  const smtpUrl = env.SMTP_URL?.trim() || "";
  const from = env.MAIL_FROM?.trim() || "";
  if (smtpUrl === "") {
    if (from !== "") throw new ConfigError("MAIL_FROM is set but SMTP_URL is not: set both to send e-mail.");
    return null;
  }
  let parsed: URL;
  try {
    parsed = new URL(smtpUrl);
  } catch {
    // Not echoed: the URL may hold a password.
    throw new ConfigError("SMTP_URL must be a URL such as smtp://user:password@mail.example.com:587.");
  }
  if (parsed.protocol !== "smtp:" && parsed.protocol !== "smtps:") {
    throw new ConfigError(`SMTP_URL must start with smtp:// or smtps://, got "${parsed.protocol}//…".`);
  }
  if (!/^[^<>\s]+@[^<>\s]+$|^[^<>]*<[^<>\s]+@[^<>\s]+>$/.test(from)) {
    throw new ConfigError(
      "MAIL_FROM must be an address, such as Trainwright <training@example.com>, when SMTP_URL is set.",
    );
  }
  if (publicUrl === null) throw new ConfigError(`PUBLIC_URL must be ${PUBLIC_URL_EXAMPLE}, when SMTP_URL is set.`);
  return { smtpUrl, from, publicUrl };
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "silent"] as const;

export function loadConfig(env: Env = process.env): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl !== null) {
    let parsed: URL;
    try {
      parsed = new URL(databaseUrl);
    } catch {
      // Not echoed: the URL may hold a password.
      throw new ConfigError("DATABASE_URL must be a URL such as postgres://user:password@host:5432/trainwright.");
    }
    if (parsed.protocol !== "postgres:" && parsed.protocol !== "postgresql:") {
      throw new ConfigError(`DATABASE_URL must start with postgres://, got "${parsed.protocol}//…".`);
    }
    if (parsed.pathname.replace(/^\//, "") === "") {
      throw new ConfigError("DATABASE_URL must name a database, as in postgres://user@host:5432/trainwright.");
    }
  }
  const logLevel = (env.LOG_LEVEL?.trim() || "info") as Config["logLevel"];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${env.LOG_LEVEL}".`);
  }
  const host = env.HOST?.trim() || "0.0.0.0";
  const metricsToken = env.METRICS_TOKEN?.trim() || null;
  const publicUrl = publicUrlOf(env);
  const secretKey = env.SECRET_KEY?.trim() || null;
  if (secretKey !== null && !/^[\x21-\x7e]{32,}$/.test(secretKey)) {
    // Not echoed: it is a secret.
    throw new ConfigError(
      "SECRET_KEY must be at least 32 visible characters (no spaces), such as 32 random bytes in base64.",
    );
  }
  if (metricsToken !== null && !/^[\x21-\x7e]{16,}$/.test(metricsToken)) {
    // Not echoed: it is a secret.
    throw new ConfigError("METRICS_TOKEN must be at least 16 visible characters (no spaces).");
  }
  return {
    port: integer(env, "PORT", 3000, 0, 65535),
    host,
    dataDir: path.resolve(env.DATA_DIR?.trim() || "data"),
    databaseUrl,
    secureCookies: flag(env, "SECURE_COOKIES", false),
    sessionDays: integer(env, "SESSION_DAYS", 30, 1, 365),
    rateLimit: {
      windowSeconds: integer(env, "RATE_LIMIT_WINDOW_SECONDS", 900, 1, 86_400),
      perEmail: integer(env, "RATE_LIMIT_PER_EMAIL", 10, 1, 100_000),
      perIp: integer(env, "RATE_LIMIT_PER_IP", 100, 1, 1_000_000),
      perApiKey: integer(env, "RATE_LIMIT_PER_API_KEY", 3000, 1, 10_000_000),
    },
    clientDir: path.resolve(env.CLIENT_DIR?.trim() || "dist/client"),
    logLevel,
    trustProxy: trustProxyOf(env),
    contentTimeLimitMs: integer(env, "CONTENT_TIME_LIMIT_MS", 5000, 100, 60_000),
    passwordHashing: {
      // argon2 needs at least 8 KiB per lane (one lane here).
      memoryKib: integer(env, "PASSWORD_HASH_MEMORY_KIB", 19_456, 8, 1_048_576),
      iterations: integer(env, "PASSWORD_HASH_ITERATIONS", 2, 1, 16),
    },
    metricsToken,
    shutdownTimeoutSeconds: integer(env, "SHUTDOWN_TIMEOUT_SECONDS", 25, 1, 3600),
    publicUrl,
    mail: mailSettingsOf(env, publicUrl),
    mailPollMs: integer(env, "MAIL_POLL_MS", 10_000, 20, 3_600_000),
    scormStorageBytes: integer(env, "SCORM_STORAGE_MB", 2048, 1, 1_048_576) * 1024 * 1024,
    secretKey,
    allowPrivateDestinations: flag(env, "ALLOW_PRIVATE_DESTINATIONS", false),
  };
}
