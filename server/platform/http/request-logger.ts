import type { FastifyBaseLogger } from "fastify";

type Bindings = Parameters<FastifyBaseLogger["child"]>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger["child"]>[1]>;
type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

/**
 * The per-request logger (`req.log`), built only when something logs through it (decision 0225).
 *
 * Fastify gives every request a child of the app's logger bound to its request id. Building a pino child
 * costs every request (its bindings are serialized, redacted and copied) although almost no request logs
 * through it: the access log line is written by `accessLogger` below, and only failures and warnings use
 * `req.log`. This stands in for the child and builds the same child, with the same bindings and options,
 * the first time one of its methods is called, so what such a line says is unchanged.
 */
class RequestLogger implements FastifyBaseLogger {
  #built: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #logger(): FastifyBaseLogger {
    this.#built ??= this.#parent.child(this.#bindings, this.#options);
    return this.#built;
  }

  get level(): string {
    // Fastify passes the route's level, or none (undefined or ""): then the child's is its parent's.
    return this.#built?.level ?? (this.#options.level || this.#parent.level);
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  #log(level: LogLevel, args: unknown[]): void {
    (this.#logger()[level] as (...args: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]): void {
    this.#log("fatal", args);
  }

  error(...args: unknown[]): void {
    this.#log("error", args);
  }

  warn(...args: unknown[]): void {
    this.#log("warn", args);
  }

  info(...args: unknown[]): void {
    this.#log("info", args);
  }

  debug(...args: unknown[]): void {
    this.#log("debug", args);
  }

  trace(...args: unknown[]): void {
    this.#log("trace", args);
  }

  silent(...args: unknown[]): void {
    this.#log("silent", args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: see RequestLogger. */
export function requestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(parent, bindings, options);
}

/**
 * The logger of the access log's line (server/platform/http/metrics.ts): the app's logger without redaction, made
 * once. The line's fields are fixed and none of them is a secret or a user value (method, route pattern,
 * status, ms, numeric ids, the request id), so redaction had nothing to find in it; running it still cost
 * every request a walk of the line's fields (decision 0225). Every other line keeps the redaction.
 */
export function accessLogger(appLogger: FastifyBaseLogger): FastifyBaseLogger {
  return appLogger.child({}, { redact: [] });
}
