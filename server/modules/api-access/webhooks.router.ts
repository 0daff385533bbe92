import { z } from "zod";
import { nowOf, router } from "#server/platform/api/trpc.js";
import { permittedProcedure } from "#server/platform/api/trpc-org.js";
import {
  createWebhookInput,
  redeliverInput,
  webhookDeliveriesInput,
  webhookIdInput,
} from "#shared/schemas/webhooks.js";
import { createWebhook, deleteWebhook, organizationWebhooks, redeliver, webhookDeliveries } from "./webhooks.data.js";
import {
  deletedAnswer,
  deliveryAnswer,
  newWebhookAnswer,
  presentDeleted,
  presentDelivery,
  presentNewWebhook,
  presentWebhook,
  webhookAnswer,
} from "./webhooks.presenter.js";
import { assertDestinationAllowed } from "./webhooks.rules.js";

/**
 * The organization's webhooks (docs/decisions/0341-webhooks-through-the-outbox.md), for its admins; another
 * organization's endpoints and deliveries are "not found".
 */
export const webhooksRouter = router({
  /** The answer carries the signing secret itself, this once. */
  create: permittedProcedure("webhooks.manage")
    .meta({ rest: { method: "POST", path: "/webhooks/create" }, answer: newWebhookAnswer })
    .input(createWebhookInput)
    .mutation(async ({ ctx, input }) => {
      assertDestinationAllowed(input.url, ctx.config.allowPrivateDestinations);
      const { webhook, secret } = createWebhook(ctx, ctx.config, ctx.user, input);
      await ctx.em.flush();
      return presentNewWebhook(webhook, secret);
    }),

  list: permittedProcedure("webhooks.manage")
    .meta({ rest: { method: "GET", path: "/webhooks/list" }, answer: z.array(webhookAnswer) })
    .query(async ({ ctx }) => (await organizationWebhooks(ctx.em)).map(presentWebhook)),

  delete: permittedProcedure("webhooks.manage")
    .meta({ rest: { method: "POST", path: "/webhooks/delete" }, answer: deletedAnswer })
    .input(webhookIdInput)
    .mutation(async ({ ctx, input }) => {
      await deleteWebhook(ctx.em, input.id);
      return presentDeleted();
    }),

  deliveries: permittedProcedure("webhooks.manage")
    .meta({ rest: { method: "GET", path: "/webhooks/deliveries" }, answer: z.array(deliveryAnswer) })
    .input(webhookDeliveriesInput)
    .query(async ({ ctx, input }) =>
      (await webhookDeliveries(ctx.em, input.webhookId)).deliveries.map(presentDelivery),
    ),

  redeliver: permittedProcedure("webhooks.manage")
    .meta({ rest: { method: "POST", path: "/webhooks/redeliver" }, answer: deliveryAnswer })
    .input(redeliverInput)
    .mutation(async ({ ctx, input }) => presentDelivery(await redeliver(ctx, input.deliveryId, nowOf(ctx)))),
});
