import { setTimeout as sleep } from "node:timers/promises";
import type { MikroORM } from "@mikro-orm/core";
import type { AbstractSqlDriver, SqlEntityManager } from "@mikro-orm/knex";
import { type AnyProcedure, initTRPC } from "@trpc/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodType } from "zod";
import { requestEntityManager } from "#server/platform/fast/request-entity-manager.js";
import type { Config } from "#server/platform/http/config.js";
import type { CsvExport } from "#server/platform/http/csv.js";
import { fail, publicError, retryableTransactionCode } from "#server/platform/http/errors.js";
import { noteActor } from "#server/platform/http/metrics.js";
import type { RateLimiter } from "#server/platform/http/rate-limit.js";
import { API_KEY_MESSAGES, assertKeyMayCall, bearerKeyOf } from "./api-key-auth.js";
import { requestTranslator } from "./request-language.js";
import { type ApiKeyGrant, requestIdentity } from "./session.js";
import { wireFormat } from "./wire-format.js";

/** What lives as long as the server: handed to every request's context. */
export interface AppServices {
  config: Config;
  orm: MikroORM<AbstractSqlDriver>;
  rateLimiter: RateLimiter;
  /** Milliseconds since the epoch: what "now" is for deadlines. Tests move it instead of waiting. */
  clock?: () => number;
}

/** The moment a request's rules (deadlines, overdue) are judged at. */
export function nowOf(ctx: Pick<AppServices, "clock">): Date {
  return new Date(ctx.clock?.() ?? Date.now());
}

export interface Context extends AppServices {
  req: FastifyRequest;
  reply: FastifyReply;
  /**
   * Request-scoped: a fork of the ORM's entity manager, made when first needed (decision 0226), replaced by
   * a transactional one for writes.
   */
  em: SqlEntityManager;
}

export function createContext(services: AppServices, req: FastifyRequest, reply: FastifyReply): Context {
  return { ...services, req, reply, em: requestEntityManager(services.orm) };
}

/** A POST whose body is raw bytes of one of these types instead of JSON (an image upload). */
export interface RawBodyRule {
  types: readonly string[];
  maxBytes: number;
  /** The answer (400) to any other content type, JSON included. */
  refused: string;
  /** The answer (413) to a body over maxBytes. */
  tooLarge: string;
}

/** What a procedure with `fileAnswer` returns: the REST adapter sends the bytes themselves. */
export interface FileAnswer {
  contentType: string;
  bytes: Uint8Array;
  cacheControl: string;
  /** Sent as a download under this name (Content-Disposition: attachment); none: shown in place. */
  filename?: string;
}

/**
 * A documented REST path (docs/SPEC.md §7): the method and the path under API_PREFIX, e.g. `/tags/list`;
 * a `:name` segment is an input field. Bodies and answers are superjson, except with `rawBody` (the input
 * is the query's fields plus `contentType` and `bytes`) or `fileAnswer` (the answer is a FileAnswer).
 */
export interface RestEndpoint {
  method: "GET" | "POST";
  path: `/${string}`;
  /** A GET that also answers `format=csv`: how its result becomes the file (server/platform/http/csv.ts). */
  csv?: CsvExport;
  rawBody?: RawBodyRule;
  fileAnswer?: true;
}

/**
 * Declared by every procedure where it is defined, so that its URL leads to it in one search:
 *
 *   list: permittedProcedure("tags.view")
 *     .meta({ rest: { method: "GET", path: "/tags/list" } })
 *     .query(...)
 *
 * server/platform/http/rest.ts serves each procedure at its path; `rest: false` marks one that the typed client alone
 * calls (none does today). A procedure without it, or two claiming one path, stop the server from
 * starting (and fail tests/unit/rest-routes.test.ts).
 */
export interface ProcedureMeta {
  rest: RestEndpoint | false;
  /**
   * A mutation that makes its writes atomic itself, so the pipeline opens no transaction around it: only
   * lessons/complete (decisions 0241, 0252).
   */
  commitsItself?: true;
  /**
   * Acts as the signed-in person themself (a signature, a completion, a submitted check, one's own
   * training): an API key never calls it, though the procedure acts on the request's organization
   * (docs/decisions/0320-api-keys.md).
   */
  inPerson?: true;
  /**
   * The answer's shape as a call made with an API key receives it (plain JSON, ISO dates: wire-format.ts),
   * for the OpenAPI document (/_api/openapi.json) and the contract test that checks every answer against it.
   * Declared, never parsed at run time: a `.output()` would validate every answer on the hot paths.
   */
  answer?: ZodType;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // superjson, with plain answers sent without its walk (server/platform/api/wire-format.ts).
    transformer: wireFormat,
    // Stack traces stay in the server log, never in a response.
    isDev: false,
    errorFormatter({ shape, error, ctx }) {
      // The typed client shows the same sentence the REST adapter sends, in the caller's language.
      return { ...shape, message: publicError(error, ctx && requestTranslator(ctx.req)).message };
    },
  });

export const router = t.router;
export const mergeRouters = t.mergeRouters;

/**
 * How many times a write transaction runs at most when PostgreSQL aborts it as a deadlock or a
 * serialization failure (retryableTransactionCode), and the pause before the next attempt: about 20 ms,
 * then 40, each between half and one and a half times that, so that the writers that collided do not
 * collide again in step.
 */
const TRANSACTION_ATTEMPTS = 3;
const RETRY_PAUSE_MS = 20;

function pauseBeforeAttempt(failedAttempts: number): Promise<void> {
  return sleep(RETRY_PAUSE_MS * 2 ** (failedAttempts - 1) * (0.5 + Math.random()));
}

/**
 * Writes run in one transaction: all of a mutation's changes land, or none do; `scope` (the session, the
 * organization …) is then read on the transaction's entity manager, and what it answers joins the
 * context. Every builder below starts with it, except those that must do work before it (see
 * permittedBeforeTransaction in trpc-org.ts). The transaction and the scope are one middleware because
 * tRPC copies the whole context at every middleware (decision 0208).
 *
 * A transaction that PostgreSQL aborted as a deadlock or serialization failure rolled back whole, so the
 * handler runs again, scope included, in a new transaction on an empty fork (`clear`: nothing the failed
 * attempt loaded or changed carries over), up to TRANSACTION_ATTEMPTS times, unless the answer was
 * already sent (docs/DESIGN.md §4). Reads, and the writes that commit themselves, never come here.
 */
/** The middlewares of the builders that admit an API key: the OpenAPI document names their security. */
const admittingApiKeys = new WeakSet<object>();

/** Whether an API key may call the procedure (built by a builder that admits one, and not `inPerson`). */
export function callableWithApiKey(procedure: AnyProcedure): boolean {
  const meta = procedure._def.meta as ProcedureMeta | undefined;
  // tRPC keeps a procedure's middlewares on its definition.
  const { middlewares } = procedure._def as unknown as { middlewares: readonly object[] };
  return !meta?.inPerson && middlewares.some((middleware) => admittingApiKeys.has(middleware));
}

function transactionThen<Scope extends object>(
  scope: (ctx: Context) => Promise<Scope>,
  { acceptsApiKeys = false } = {},
) {
  const middleware = transactionMiddleware(scope, acceptsApiKeys);
  if (acceptsApiKeys) for (const piece of middleware._middlewares) admittingApiKeys.add(piece);
  return middleware;
}

function transactionMiddleware<Scope extends object>(scope: (ctx: Context) => Promise<Scope>, acceptsApiKeys: boolean) {
  return t.middleware(async ({ ctx, type, meta, path, next }) => {
    // Only a request with an Authorization header pays for this check (the session path does not).
    if (acceptsApiKeys && ctx.req.headers.authorization !== undefined) await admitApiKey(ctx, type, meta);
    if (type !== "mutation" || meta?.commitsItself) return next({ ctx: await scope(ctx) });
    const runOnce = async () => {
      let failure: Awaited<ReturnType<typeof next>> | undefined;
      try {
        return await ctx.em.transactional(
          async (em) => {
            const result = await next({ ctx: { ...(await scope({ ...ctx, em })), em } });
            if (!result.ok) {
              failure = result;
              throw result.error;
            }
            return result;
          },
          { clear: true },
        );
      } catch (error) {
        if (failure) return failure;
        throw error;
      }
    };
    const mayRunAgain = (error: unknown, attempt: number): boolean => {
      const code = retryableTransactionCode(error);
      if (code === undefined || attempt >= TRANSACTION_ATTEMPTS || ctx.reply.sent) return false;
      ctx.req.log.warn({ procedure: path, code, attempt }, "transaction aborted by the database, running it again");
      return true;
    };
    for (let attempt = 1; ; attempt += 1) {
      try {
        const result = await runOnce();
        if (result.ok || !mayRunAgain(result.error, attempt)) return result;
      } catch (error) {
        if (!mayRunAgain(error, attempt)) throw error;
      }
      await pauseBeforeAttempt(attempt);
    }
  });
}

const noScope = async () => ({});

/** The transaction of a mutation, alone: for a builder that adds its slow step before it (trpc-org.ts). */
export const inTransaction = transactionThen(noScope);

/**
 * Marks the procedures a signed-out person may call, whose bodies are therefore held to the signed-out
 * size (server/platform/http/json-body.ts, decision 0260): it does nothing else.
 */
const signedOutMark = t.middleware(({ next }) => next());
const [markSignedOut] = signedOutMark._middlewares;

/** Whether a signed-out person may call the procedure (it was built by publicProcedure or rateLimitedProcedure). */
export function callableSignedOut(procedure: AnyProcedure): boolean {
  // tRPC keeps a procedure's middlewares on its definition.
  return (procedure._def as unknown as { middlewares: readonly unknown[] }).middlewares.includes(markSignedOut);
}

/** Anyone may call it; validation and the transaction still apply. */
export const publicProcedure = t.procedure.use(signedOutMark).use(inTransaction);

/**
 * For sign-in and registration, whose attempts are counted (RateLimiter) even when they fail: a
 * surrounding transaction would roll the count back, and on SQLite it would hold the one connection the
 * counter needs. Their own writes are a single flush, which MikroORM commits atomically.
 */
export const rateLimitedProcedure = t.procedure.use(signedOutMark);

/**
 * Resolves the request's API key, if it carries one, before any transaction begins: its lookup, its
 * last-used time and its rate count (a counter of its own connection, which on SQLite a transaction would
 * hold) run once, and callerScope reads the answer. Refuses a key where keys may not act, an unknown,
 * revoked or expired key (401), a key over its rate (429) and a read-only key's writes (403).
 */
async function admitApiKey(ctx: Context, type: string, meta: ProcedureMeta | undefined): Promise<void> {
  const key = bearerKeyOf(ctx.req);
  if (key === null) return;
  assertKeyMayCall(ctx.req, meta);
  ctx.req.apiKeyGrant ??= (async () => {
    const grant = await requestIdentity.one.resumeApiKey(ctx.em, key, nowOf(ctx));
    if (!grant) throw fail.unauthorized(API_KEY_MESSAGES.invalid);
    await ctx.rateLimiter.assertApiKeyAllowed(grant.keyId);
    return grant;
  })();
  const grant = await ctx.req.apiKeyGrant;
  if (grant.readOnly && type !== "query") throw fail.forbidden(API_KEY_MESSAGES.readOnly);
}

/** What a signed-in request's context adds: plain records (decision 0205). Never an API key's. */
async function signedInScope(ctx: Context) {
  if (bearerKeyOf(ctx.req) !== null) throw fail.unauthorized(API_KEY_MESSAGES.cookieOnly);
  const resumed = await (ctx.req.sharedSession ??
    requestIdentity.one.resumeSession(ctx.em, ctx.req, ctx.reply, ctx.config));
  if (!resumed) throw fail.unauthorized();
  ctx.req.accountLanguage = resumed.user.language;
  ctx.req.organizationLanguage ??= resumed.currentMembership?.organization.defaultLanguage ?? null;
  noteActor(ctx.req, { userId: resumed.user.id, organizationId: resumed.user.currentOrganization?.id ?? null });
  // A handler that changes one of these records registers its entity (managedUser …). No API key: see callerScope.
  const apiKey: ApiKeyGrant | null = null;
  return { user: resumed.user, session: resumed.session, currentMembership: resumed.currentMembership, apiKey };
}

export type SignedInContext = Context & Awaited<ReturnType<typeof signedInScope>>;

const requireSession = t.middleware(async ({ ctx, next }) => next({ ctx: await signedInScope(ctx) }));

/**
 * Who calls a procedure that acts on one organization: the API key admitted before (admitApiKey), or the
 * session. `apiKey` is null for a session.
 */
async function callerScope(ctx: Context): Promise<{
  user: SignedInContext["user"];
  currentMembership: SignedInContext["currentMembership"];
  apiKey: ApiKeyGrant | null;
}> {
  const admitted = ctx.req.apiKeyGrant;
  // The session's scope as it is: no further copy on the session path.
  if (admitted === undefined) return signedInScope(ctx);
  const grant = await admitted;
  noteActor(ctx.req, { userId: grant.user.id, organizationId: grant.membership.organization.id });
  return { user: grant.user, currentMembership: grant.membership, apiKey: grant };
}

/** The context of a procedure an API key may call (memberProcedure …): no session in it. */
export type CallerContext = Context & Awaited<ReturnType<typeof callerScope>>;

/**
 * Signed in or called with an API key, in the transaction of a mutation, and what `scope` adds (the
 * organization of memberProcedure …), read after the caller, in one middleware.
 */
export function signedInProcedureWith<Scope extends object>(scope: (ctx: CallerContext) => Promise<Scope>) {
  return t.procedure.use(
    transactionThen(
      async (ctx) => {
        const caller = await callerScope(ctx);
        return { ...caller, ...(await scope({ ...ctx, ...caller })) };
      },
      { acceptsApiKeys: true },
    ),
  );
}

/** As signedInProcedureWith's caller, without a transaction (see permittedBeforeTransaction in trpc-org.ts). */
const callerMiddleware = t.middleware(async ({ ctx, type, meta, next }) => {
  if (ctx.req.headers.authorization !== undefined) await admitApiKey(ctx, type, meta);
  return next({ ctx: await callerScope(ctx) });
});
for (const piece of callerMiddleware._middlewares) admittingApiKeys.add(piece);
export const callerBeforeTransaction = t.procedure.use(callerMiddleware);

/** The caller must be signed in; `ctx.user` and `ctx.session` are theirs. */
export const signedInProcedure = t.procedure.use(transactionThen(signedInScope));

/** Signed in, and a password is checked and counted (the account page): as rateLimitedProcedure, without a transaction. */
export const signedInRateLimitedProcedure = t.procedure.use(requireSession);
