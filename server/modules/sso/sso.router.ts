import { z } from "zod";
import { router } from "#server/platform/api/trpc.js";
import { permittedProcedure } from "#server/platform/api/trpc-org.js";
import { createSsoProviderInput, deleteSsoProviderInput, updateSsoProviderInput } from "#shared/schemas/sso.js";
import { createProvider, deleteProvider, organizationProviders, updateProvider } from "./sso-providers.data.js";
import {
  presentDeleted,
  presentProvider,
  providerDeletedAnswer,
  ssoProviderAnswer,
} from "./sso-providers.presenter.js";

/**
 * The organization's identity providers (docs/decisions/0370-oidc-sign-in.md), for its admins; another
 * organization's are "not found". The sign-in itself is two browser redirects, sso-routes.ts.
 */
export const ssoProvidersRouter = router({
  list: permittedProcedure("sso.manage")
    .meta({ rest: { method: "GET", path: "/sso/providers/list" }, answer: z.array(ssoProviderAnswer) })
    .query(async ({ ctx }) => (await organizationProviders(ctx.em)).map(presentProvider)),

  create: permittedProcedure("sso.manage")
    .meta({ rest: { method: "POST", path: "/sso/providers/create" }, answer: ssoProviderAnswer })
    .input(createSsoProviderInput)
    .mutation(async ({ ctx, input }) => presentProvider(await createProvider(ctx, input))),

  update: permittedProcedure("sso.manage")
    .meta({ rest: { method: "POST", path: "/sso/providers/update" }, answer: ssoProviderAnswer })
    .input(updateSsoProviderInput)
    .mutation(async ({ ctx, input }) => presentProvider(await updateProvider(ctx, input))),

  delete: permittedProcedure("sso.manage")
    .meta({ rest: { method: "POST", path: "/sso/providers/delete" }, answer: providerDeletedAnswer })
    .input(deleteSsoProviderInput)
    .mutation(async ({ ctx, input }) => {
      await deleteProvider(ctx.em, input.id);
      return presentDeleted();
    }),
});
