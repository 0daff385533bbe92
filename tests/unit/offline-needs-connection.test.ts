import { createTRPCClient, httpBatchLink } from "@trpc/client";
import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { jsonResponse, needsConnectionItem } from "#client/features/offline/answers.js";
import { errorMessage, NEEDS_CONNECTION_MESSAGE, needsConnection } from "#client/lib/errors.js";
import type { AppRouter } from "#server/router.js";

/**
 * Decision 0293: a batch the device answers for the server, with its copies and "needs a connection" for the
 * rest, reads through the real tRPC client as one answer and one error that the screens recognise.
 */
describe("the device's answer to a batch", () => {
  it("gives the kept read its copy and the other the 'needs a connection' error", async () => {
    const client = createTRPCClient<AppRouter>({
      links: [
        httpBatchLink({
          url: "http://host/_api/trpc",
          transformer: superjson,
          fetch: async () => jsonResponse([{ result: { data: { json: { lessonIds: [4] } } } }, needsConnectionItem()]),
        }),
      ],
    });
    const [kept, unkept] = await Promise.allSettled([client.users.completions.query(), client.training.mine.query()]);
    expect(kept).toEqual({ status: "fulfilled", value: { lessonIds: [4] } });
    expect(unkept.status).toBe("rejected");
    const error = (unkept as PromiseRejectedResult).reason;
    expect(needsConnection(error)).toBe(true);
    expect(errorMessage(error, "Could not load your training.")).toBe(NEEDS_CONNECTION_MESSAGE);
  });

  it("is told apart from other failures", () => {
    expect(needsConnection(new TypeError("Failed to fetch"))).toBe(false);
    expect(needsConnection(undefined)).toBe(false);
  });
});
