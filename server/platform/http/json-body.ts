import { Transform, type TransformCallback } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * What a JSON body may be before it is parsed (docs/decisions/0260-bounded-json-bodies.md). Bodies are
 * parsed before the session is known (docs/DESIGN.md §4), so these bounds are what anyone, signed in or
 * not, can make the server read: a size per route, and a depth of nested lists and objects, both checked
 * in one pass over the bytes as they arrive, before JSON.parse sees any of them.
 */
export const JSON_BODY_LIMITS = {
  /** A signed-in screen's largest write: a lesson of 256 KB of content, escaped, with its fields. */
  signedInBytes: 1024 * 1024,
  /**
   * The paths a signed-out person may call (sign-in, registration, forgotten and reset passwords, an
   * invitation or unsubscribe link): a form of a few fields, and any unknown path.
   */
  signedOutBytes: 16 * 1024,
  /** Lists and objects inside one another: a knowledge check in a tRPC batch with its superjson meta is 8. */
  depth: 32,
} as const;

export const JSON_BODY_MESSAGES = {
  /** The answer Fastify's own size limit gives (server/app.ts), for one sentence whichever limit refuses. */
  tooLarge: "The request is too large.",
  tooDeep: `The request is nested too deeply: at most ${JSON_BODY_LIMITS.depth} levels of lists and objects.`,
  invalid: "The request body is not valid JSON.",
} as const;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Follows the nesting of JSON text fed to it in pieces, in one pass, keeping only its depth and whether it
 * is inside a string (where brackets are text). The bytes it looks for are ASCII, which never occur inside
 * a multi-byte UTF-8 character, so a piece may end anywhere. It does not check the text is JSON:
 * JSON.parse does that, once the depth is known to be bounded.
 */
export class JsonDepthScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly maxDepth: number) {}

  /** False as soon as the text goes deeper than maxDepth. */
  feed(bytes: Uint8Array): boolean {
    // Locals in the loop (a megabyte is a million turns), written back at the end.
    let depth = this.depth;
    let inString = this.inString;
    let escaped = this.escaped;
    for (let at = 0; at < bytes.length; at += 1) {
      const byte = bytes[at];
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
      } else if (byte === QUOTE) inString = true;
      else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
        depth += 1;
        if (depth > this.maxDepth) return false;
      } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) depth -= 1;
    }
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    return true;
  }
}

/**
 * Whether whole JSON text stays within `maxDepth`: the scanner's walk over a string already read. The
 * characters it looks for are ASCII, whose codes are the same bytes.
 */
export function withinJsonDepth(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (inString) {
      if (escaped) escaped = false;
      else if (code === BACKSLASH) escaped = true;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth += 1;
      if (depth > maxDepth) return false;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) depth -= 1;
  }
  return true;
}

const refusal = (statusCode: number, message: string) => Object.assign(new Error(message), { statusCode });

/** The bytes of a body, passed on unchanged until they exceed `limit` or nest deeper than the depth limit. */
class JsonBodyGuard extends Transform {
  private received = 0;
  private readonly scanner = new JsonDepthScanner(JSON_BODY_LIMITS.depth);

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.received += chunk.length;
    if (this.received > this.limit) callback(refusal(413, JSON_BODY_MESSAGES.tooLarge));
    else if (!this.scanner.feed(chunk)) callback(refusal(400, JSON_BODY_MESSAGES.tooDeep));
    else callback(null, chunk);
  }
}

/** A request without a body: nothing to bound (Fastify parses none either). */
function hasNoBody(req: FastifyRequest): boolean {
  if (req.method === "GET" || req.method === "HEAD") return true;
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] === undefined && (length === undefined || length === "0");
}

/**
 * A body of a declared length, without a transfer encoding: Node's HTTP parser delivers exactly that many
 * bytes, so a length within the limit bounds the body before a byte is read.
 */
function lengthDeclared(req: FastifyRequest): boolean {
  return req.headers["transfer-encoding"] === undefined && req.headers["content-length"] !== undefined;
}

/**
 * Bounds every JSON body: `limitOf` names the most bytes the request's route takes, or null for a route
 * that takes raw bytes of its own (an image upload, bounded by its route's bodyLimit). A declared length
 * over the limit is refused before a byte is read, and a declared length within it bounds the body, whose
 * text is then checked for depth before anything parses it. A body of no declared length (chunked) passes
 * the guard on its way to the parser, which stops at the first byte over the limit or one level too deep.
 * Refused: 413 or 400, in the API's error shape (the app's error handler), and what is left of a guarded
 * body is drained unparsed.
 *
 * Then the body is kept as its text (an empty one is no body: logout is posted empty): the REST adapter
 * parses it when the procedure reads its input, after the session (server/platform/http/rest.ts,
 * decodeBody), as tRPC's adapter parses its own.
 */
/** Bodies read without the guard, whose depth is checked once they are read. */
const unscanned = new WeakSet<FastifyRequest>();

export function registerJsonBodies(app: FastifyInstance, limitOf: (req: FastifyRequest) => number | null): void {
  app.addHook("preParsing", (req, _reply, payload, done) => {
    const limit = hasNoBody(req) ? null : limitOf(req);
    if (limit === null) return done(null, payload);
    if (Number(req.headers["content-length"]) > limit) return done(refusal(413, JSON_BODY_MESSAGES.tooLarge));
    // The usual case, a small body of a declared length: its depth is checked on its text, in the parser,
    // which spares every such request a stream of its own (docs/benchmarks/0254-server-modules.md).
    if (lengthDeclared(req)) {
      unscanned.add(req);
      return done(null, payload);
    }
    const guard = new JsonBodyGuard(limit);
    guard.once("error", () => {
      payload.unpipe(guard);
      payload.resume();
    });
    payload.pipe(guard);
    done(null, guard);
  });

  app.removeContentTypeParser("application/json");
  // A body that came without the guard (a declared length) is checked for depth once read, before any
  // parse: here rather than in the parser below, which tRPC's adapter replaces with its own on its route.
  app.addHook("preValidation", (req, _reply, done) => {
    const body = req.body;
    if (!unscanned.has(req) || typeof body !== "string" || withinJsonDepth(body, JSON_BODY_LIMITS.depth)) return done();
    done(refusal(400, JSON_BODY_MESSAGES.tooDeep));
  });

  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    done(null, text.trim() === "" ? undefined : text);
  });
}
