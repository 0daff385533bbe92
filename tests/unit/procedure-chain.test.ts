import { initTRPC, TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { procedureChain } from "#server/platform/fast/procedure-chain.js";

/** Decision 0227: the REST paths' loop over a procedure's middlewares answers exactly as tRPC's does. */

interface Ctx {
  caller: string;
  seen?: string[];
}

const t = initTRPC.context<Ctx>().meta<{ label: string }>().create();

const addsScope = t.middleware(({ ctx, meta, path, type, next }) =>
  next({ ctx: { scope: `${ctx.caller}@${path}:${type}:${meta?.label}` } }),
);
const refusesMallory = t.middleware(({ ctx, next }) => {
  if (ctx.caller === "mallory") throw new TRPCError({ code: "FORBIDDEN", message: "Not you." });
  return next();
});
/** A middleware that runs after the rest too, as the transaction's does. */
const awaitsNext = t.middleware(async ({ next }) => await next());

const router = t.router({
  greet: t.procedure
    .meta({ label: "greeting" })
    .use(addsScope)
    .use(refusesMallory)
    .use(awaitsNext)
    .input(z.object({ name: z.string().min(1) }))
    .input(z.object({ times: z.number().int().default(1) }))
    .query(({ ctx, input }) => {
      if (input.name === "boom") throw new Error("The resolver failed.");
      return { text: `${ctx.scope} says hello ${input.name} ×${input.times}` };
    }),
  rename: t.procedure.use(addsScope).mutation(({ ctx }) => ({ done: ctx.scope })),
});

type Outcome = { ok: true; value: unknown } | { ok: false; code: string; message: string; cause?: string };

async function outcomeOf(call: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    return { ok: false, code: error.code, message: error.message, cause: error.cause?.message };
  }
}

/** tRPC's own call of the procedure, as its server-side caller makes it. */
function trpcCall(path: "greet" | "rename", ctx: Ctx, input: unknown) {
  const procedure = router._def.procedures[path];
  return procedure({
    path,
    getRawInput: async () => input,
    ctx,
    type: procedure._def.type,
    signal: undefined,
    batchIndex: 0,
  });
}

const cases: { path: "greet" | "rename"; ctx: Ctx; input: unknown }[] = [
  { path: "greet", ctx: { caller: "ada" }, input: { name: "Grace" } },
  { path: "greet", ctx: { caller: "ada" }, input: { name: "Grace", times: 3 } },
  { path: "greet", ctx: { caller: "ada" }, input: { name: "" } },
  { path: "greet", ctx: { caller: "ada" }, input: undefined },
  { path: "greet", ctx: { caller: "mallory" }, input: { name: "Grace" } },
  { path: "greet", ctx: { caller: "ada" }, input: { name: "boom" } },
  { path: "rename", ctx: { caller: "ada" }, input: undefined },
];

describe("procedureChain", () => {
  it.each(cases)("answers $path for $ctx.caller with $input as tRPC does", async ({ path, ctx, input }) => {
    const ours = await outcomeOf(() => procedureChain(router._def.procedures[path], path)(ctx, input));
    const theirs = await outcomeOf(() => trpcCall(path, ctx, input));
    expect(ours).toEqual(theirs);
  });

  it("covers a success, a refusal, an invalid input and a failure", async () => {
    const outcomes = await Promise.all(
      cases.map(({ path, ctx, input }) =>
        outcomeOf(() => procedureChain(router._def.procedures[path], path)(ctx, input)),
      ),
    );
    expect(outcomes.map((outcome) => (outcome.ok ? "ok" : outcome.code))).toEqual([
      "ok",
      "ok",
      "BAD_REQUEST",
      "BAD_REQUEST",
      "FORBIDDEN",
      "INTERNAL_SERVER_ERROR",
      "ok",
    ]);
    expect(outcomes[1]).toEqual({ ok: true, value: { text: "ada@greet:query:greeting says hello Grace ×3" } });
  });
});
