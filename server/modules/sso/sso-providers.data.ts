import type { EntityManager } from "@mikro-orm/core";
import type { z } from "zod";
import { Tag } from "#server/modules/tags/index.js";
import { seal } from "#server/platform/crypto/sealing.js";
import { serverSecretKey } from "#server/platform/crypto/secret-key.js";
import { createOwned, type OrganizationScope } from "#server/platform/db/tenant-scope.js";
import type { Config } from "#server/platform/http/config.js";
import { fail } from "#server/platform/http/errors.js";
import { type createSsoProviderInput, SSO_MESSAGES, type updateSsoProviderInput } from "#shared/schemas/sso.js";
import { SsoDomain, SsoProvider } from "./sso.entity.js";

/** The client secret's sealing purpose: a value sealed for anything else does not open as one. */
export const CLIENT_SECRET_PURPOSE = "sso client secret";

type ProviderScope = OrganizationScope & { config: Config };

/** The organization's providers, oldest first, with their domains. */
export async function organizationProviders(
  em: EntityManager,
): Promise<{ provider: SsoProvider; domains: string[] }[]> {
  const providers = await em.find(SsoProvider, {}, { orderBy: { createdAt: "asc", id: "asc" } });
  const domains = await em.find(SsoDomain, { provider: { $in: providers.map((provider) => provider.id) } });
  return providers.map((provider) => ({
    provider,
    domains: domains
      .filter((row) => row.provider.id === provider.id)
      .map((row) => row.domain)
      .sort(),
  }));
}

async function assertTagsExist(em: EntityManager, tagIds: readonly number[]): Promise<void> {
  if (tagIds.length === 0) return;
  const found = await em.count(Tag, { id: { $in: [...tagIds] } });
  if (found !== new Set(tagIds).size) throw fail.badRequest(SSO_MESSAGES.tagNotFound);
}

/** A domain is one organization's: another's claim is refused, this organization's moves to `provider`. */
async function claimDomains(scope: ProviderScope, provider: SsoProvider, domains: readonly string[]): Promise<void> {
  const { em } = scope;
  const taken = await em.find(SsoDomain, { domain: { $in: [...domains] } }, { filters: false });
  if (taken.some((row) => row.organization.id !== scope.organization.id)) throw fail.conflict(SSO_MESSAGES.domainTaken);
  await em.nativeDelete(SsoDomain, { provider: provider.id });
  await em.nativeDelete(SsoDomain, { domain: { $in: [...domains] } });
  for (const domain of domains) em.persist(createOwned(scope, SsoDomain, { domain, provider }));
}

export async function createProvider(
  scope: ProviderScope,
  input: z.output<typeof createSsoProviderInput>,
): Promise<{ provider: SsoProvider; domains: string[] }> {
  await assertTagsExist(scope.em, input.defaultTagIds);
  const provider = createOwned(scope, SsoProvider, {
    name: input.name || new URL(input.issuer).hostname,
    issuer: input.issuer,
    clientId: input.clientId,
    sealedClientSecret: seal(
      Buffer.from(input.clientSecret, "utf8"),
      serverSecretKey(scope.config),
      CLIENT_SECRET_PURPOSE,
    ),
    defaultRole: input.defaultRole,
    defaultTagIds: input.defaultTagIds,
    autoLink: input.autoLink,
    requireSso: input.requireSso,
  });
  scope.em.persist(provider);
  await scope.em.flush();
  await claimDomains(scope, provider, input.domains);
  await scope.em.flush();
  return { provider, domains: [...input.domains].sort() };
}

async function providerOfOrganization(em: EntityManager, providerId: number): Promise<SsoProvider> {
  const provider = await em.findOne(SsoProvider, { id: providerId });
  if (!provider) throw fail.notFound(SSO_MESSAGES.notFound);
  return provider;
}

export async function updateProvider(
  scope: ProviderScope,
  input: z.output<typeof updateSsoProviderInput>,
): Promise<{ provider: SsoProvider; domains: string[] }> {
  const provider = await providerOfOrganization(scope.em, input.id);
  if (input.defaultTagIds !== undefined) await assertTagsExist(scope.em, input.defaultTagIds);
  if (input.name) provider.name = input.name;
  if (input.issuer !== undefined) provider.issuer = input.issuer;
  if (input.clientId !== undefined) provider.clientId = input.clientId;
  if (input.clientSecret !== undefined) {
    provider.sealedClientSecret = seal(
      Buffer.from(input.clientSecret, "utf8"),
      serverSecretKey(scope.config),
      CLIENT_SECRET_PURPOSE,
    );
  }
  if (input.defaultRole !== undefined) provider.defaultRole = input.defaultRole;
  if (input.defaultTagIds !== undefined) provider.defaultTagIds = input.defaultTagIds;
  if (input.autoLink !== undefined) provider.autoLink = input.autoLink;
  if (input.requireSso !== undefined) provider.requireSso = input.requireSso;
  if (input.domains !== undefined) await claimDomains(scope, provider, input.domains);
  await scope.em.flush();
  const domains = await scope.em.find(SsoDomain, { provider: provider.id });
  return { provider, domains: domains.map((row) => row.domain).sort() };
}

/** Deleting a provider deletes its domains and links (cascade); its people keep their accounts and memberships. */
export async function deleteProvider(em: EntityManager, providerId: number): Promise<void> {
  const provider = await providerOfOrganization(em, providerId);
  await em.nativeDelete(SsoProvider, { id: provider.id });
}
