import { z } from "zod";
import { ROLES } from "#shared/roles.js";
import type { SsoProvider } from "./sso.entity.js";

/** sso/providers' answers: never the client secret, sealed or not. */

export const ssoProviderAnswer = z.object({
  id: z.number(),
  name: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  domains: z.array(z.string()),
  defaultRole: z.enum(ROLES),
  defaultTagIds: z.array(z.number()),
  autoLink: z.boolean(),
  requireSso: z.boolean(),
  createdAt: z.date(),
});
export type SsoProviderView = z.infer<typeof ssoProviderAnswer>;

export function presentProvider(found: { provider: SsoProvider; domains: string[] }): SsoProviderView {
  const { provider, domains } = found;
  return {
    id: provider.id,
    name: provider.name,
    issuer: provider.issuer,
    clientId: provider.clientId,
    domains,
    defaultRole: provider.defaultRole,
    defaultTagIds: [...provider.defaultTagIds],
    autoLink: provider.autoLink,
    requireSso: provider.requireSso,
    createdAt: provider.createdAt,
  };
}

export const providerDeletedAnswer = z.object({ message: z.string() });

export function presentDeleted(): z.infer<typeof providerDeletedAnswer> {
  return { message: "The identity provider was removed." };
}
