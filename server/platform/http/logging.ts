import type { FastifyServerOptions } from "fastify";
import type { Config } from "./config.js";

/**
 * Log lines never carry secrets or user values (decision 0011): a failed query's message is the SQL
 * with its values written in, so errors are logged through a serializer that keeps the SQL's shape and
 * drops its literals; requests are logged without bodies, cookies or query values; and any object logged
 * with a secret-looking key has it censored. See docs/decisions/0011-logs-without-user-values.md.
 */

const REDACTED = "[redacted]";

/** Keys whose values are secrets or personal data wherever they appear in a logged object. */
const SECRET_KEYS = [
  "password",
  "passwordHash",
  "token",
  "tokenHash",
  "email",
  "emailKey",
  "cookie",
  "authorization",
  "body",
  "parameters",
  "params",
  "bindings",
];
const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
  'req.headers["set-cookie"]',
  'res.headers["set-cookie"]',
];

/** SQL string literals ('…', with '' inside), argon2 hashes, e-mail addresses and long token-like runs. */
const SQL_STRING = /'(?:[^']|'')*'/g;
const ARGON2_HASH = /\$argon2[^\s'"]*/g;
const EMAIL = /[^\s@'"`<>(),;]+@[^\s@'"`<>(),;]+/g;
const TOKEN_LIKE = /[A-Za-z0-9_.~+/=-]{32,}/g;

export function redactText(text: string): string {
  return text
    .replace(SQL_STRING, "'?'")
    .replace(ARGON2_HASH, REDACTED)
    .replace(EMAIL, REDACTED)
    .replace(TOKEN_LIKE, REDACTED);
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string | number;
  cause?: SerializedError;
}

const MAX_CAUSES = 4;

/**
 * Only the kind of error, its redacted message, a code and the stack's frames: a driver error's own
 * fields (PostgreSQL's `detail` names the duplicate e-mail, knex keeps the bindings) are left out.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: REDACTED, stack: "" };
  const message = redactText(error.message);
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  const code = (error as { code?: unknown }).code;
  const serialized: SerializedError = {
    type: error.constructor.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join("\n"),
  };
  if (typeof code === "string" || typeof code === "number") serialized.code = code;
  if (error.cause !== undefined && depth < MAX_CAUSES) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

interface LoggedRequest {
  [key: string]: unknown;
  method: string;
  url: string;
  ip?: string;
}

/** The path, and the names of the query's parameters but not their values (an invitation token is one). */
export function redactUrl(url: string): string {
  const at = url.indexOf("?");
  if (at === -1) return url;
  const names = [...new URLSearchParams(url.slice(at + 1)).keys()];
  return `${url.slice(0, at)}?${names.map((name) => `${encodeURIComponent(name)}=${REDACTED}`).join("&")}`;
}

function serializeRequest(req: { method: string; url: string; ip?: string }): LoggedRequest {
  return { method: req.method, url: redactUrl(req.url), ip: req.ip };
}

export function loggerOptions(
  config: Pick<Config, "logLevel">,
  stream?: NodeJS.WritableStream,
  file?: string,
): NonNullable<FastifyServerOptions["logger"]> {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : file ? { file } : {}),
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
  };
}
