import { type AnyProcedure, getTRPCErrorFromUnknown, TRPCError } from "@trpc/server";

/**
 * A procedure called as tRPC calls it (its middlewares in order, then input validation and the resolver,
 * which tRPC keeps as middlewares too), for the documented REST paths (decision 0227).
 *
 * tRPC's own loop copies its options object twice per middleware, and the context once more whenever a
 * middleware adds to it, with a compiled `_objectSpread2` that defines each property one by one: about 5 %
 * of `auth/me`'s CPU. This is the same loop, step for step (tRPC 11's `callRecursive`), with the
 * language's own spread. Each middleware gets the same options (path, type, ctx, input, getRawInput,
 * meta, signal, batchIndex, next), `next` merges the context the same way, and a throw becomes the same
 * failed result, so answers and errors are unchanged; tests/unit/procedure-chain.test.ts compares the two.
 */

type Result = { ok: true; data: unknown } | { ok: false; error: TRPCError };

interface NextOptions {
  ctx?: object;
  input?: unknown;
  getRawInput?: () => Promise<unknown>;
}

interface CallOptions {
  path: string;
  type: string;
  ctx: object;
  input: unknown;
  getRawInput: () => Promise<unknown>;
  signal: undefined;
  batchIndex: number;
}

type Middleware = (
  options: CallOptions & { meta: unknown; next: (next?: NextOptions) => Promise<Result> },
) => Promise<Result>;

/** tRPC marks every result with this; nothing reads it, but a result looks as tRPC's would. */
const MIDDLEWARE_MARKER = "middlewareMarker";

async function callFrom(
  middlewares: readonly Middleware[],
  index: number,
  meta: unknown,
  options: CallOptions,
): Promise<Result> {
  try {
    const middleware = middlewares[index];
    if (!middleware) throw new Error(`${options.path}: no middleware answered`);
    return await middleware({ ...options, meta, next: nextOf(middlewares, index + 1, meta, options) });
  } catch (cause) {
    return { ok: false, error: getTRPCErrorFromUnknown(cause), marker: MIDDLEWARE_MARKER } as Result;
  }
}

/*
 * The closures below are returned, not written as named properties: the build keeps function names
 * (esbuild's keepNames), and it names a closure written as `next: (…) => …` with a call for every one made.
 */

function nextOf(middlewares: readonly Middleware[], index: number, meta: unknown, options: CallOptions) {
  return (next?: NextOptions) =>
    callFrom(middlewares, index, meta, {
      ...options,
      ctx: next?.ctx ? { ...options.ctx, ...next.ctx } : options.ctx,
      input: next && "input" in next ? next.input : options.input,
      getRawInput: next?.getRawInput ?? options.getRawInput,
    });
}

/**
 * An input read only when a middleware first asks for it, once: the REST adapter's bodies, so that they
 * are parsed after the session is known, as tRPC's adapter parses its own (decision 0260).
 */
export class DeferredInput {
  private read: { value: unknown } | null = null;

  constructor(private readonly load: () => unknown) {}

  value(): unknown {
    this.read ??= { value: this.load() };
    return this.read.value;
  }
}

function rawInputOf(input: unknown): () => Promise<unknown> {
  if (input instanceof DeferredInput) return async () => input.value();
  return async () => input;
}

/** Calls `procedure` (found at `path`) with this context and raw input: its result, or its error thrown. */
export function procedureChain(
  procedure: AnyProcedure,
  path: string,
): (ctx: object, input: unknown) => Promise<unknown> {
  const def = procedure._def as unknown as { middlewares: Middleware[]; meta: unknown; type: string };
  const { middlewares, meta, type } = def;
  return async (ctx, input) => {
    const result = await callFrom(middlewares, 0, meta, {
      path,
      type,
      ctx,
      input: undefined,
      getRawInput: rawInputOf(input),
      signal: undefined,
      batchIndex: 0,
    });
    if (!result) {
      throw new TRPCError({
        code: "INTERNAL_SERVER_ERROR",
        message: "No result from middlewares - did you forget to `return next()`?",
      });
    }
    if (!result.ok) throw result.error;
    return result.data;
  };
}
