import { z } from "zod";
import { nowOf, router } from "#server/platform/api/trpc.js";
import { permittedProcedure } from "#server/platform/api/trpc-org.js";
import { createApiKeyInput, revokeApiKeyInput } from "#shared/schemas/api-keys.js";
import { createApiKey, organizationApiKeys, revokeApiKey } from "./api-keys.data.js";
import {
  apiKeyAnswer,
  newApiKeyAnswer,
  presentApiKey,
  presentNewApiKey,
  presentRevoked,
  revokedAnswer,
} from "./api-keys.presenter.js";
import { assertExpiryAhead } from "./api-keys.rules.js";

/** The organization's API keys (docs/decisions/0320-api-keys.md), for its admins; another's are "not found". */
export const apiKeysRouter = router({
  /** The answer carries the key itself, this once. */
  create: permittedProcedure("apiKeys.manage")
    .meta({ rest: { method: "POST", path: "/api-keys/create" }, answer: newApiKeyAnswer })
    .input(createApiKeyInput)
    .mutation(async ({ ctx, input }) => {
      assertExpiryAhead(input.expiresAt, nowOf(ctx));
      const { apiKey, key } = createApiKey(ctx, ctx.user, {
        name: input.name,
        access: input.role,
        expiresAt: input.expiresAt ?? null,
      });
      await ctx.em.flush();
      return presentNewApiKey(apiKey, key, ctx.user.name);
    }),

  list: permittedProcedure("apiKeys.manage")
    .meta({ rest: { method: "GET", path: "/api-keys/list" }, answer: z.array(apiKeyAnswer) })
    .query(async ({ ctx }) => (await organizationApiKeys(ctx.em)).map((apiKey) => presentApiKey(apiKey))),

  revoke: permittedProcedure("apiKeys.manage")
    .meta({ rest: { method: "POST", path: "/api-keys/revoke" }, answer: revokedAnswer })
    .input(revokeApiKeyInput)
    .mutation(async ({ ctx, input }) => {
      await revokeApiKey(ctx.em, input.id);
      return presentRevoked();
    }),
});
