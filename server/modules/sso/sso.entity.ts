import { EntitySchema, OptionalProps } from "@mikro-orm/core";
import type { User } from "#server/modules/identity/index.js";
import type { Organization } from "#server/modules/organizations/index.js";
import type { Role } from "#shared/roles.js";

/**
 * An organization's OpenID Connect provider (docs/decisions/0370-oidc-sign-in.md). The client secret is
 * kept sealed with SECRET_KEY (server/platform/crypto), never plain; its e-mail domains are rows of
 * `sso_domains`, so that a sign-in started by e-mail finds its provider with one indexed read.
 */
export class SsoProvider {
  [OptionalProps]?: "createdAt" | "defaultTagIds" | "autoLink" | "requireSso";
  id!: number;
  organization!: Organization;
  /** What the sign-in and the account page's sessions call it ("signed in with Okta"). */
  name!: string;
  issuer!: string;
  clientId!: string;
  sealedClientSecret!: string;
  defaultRole!: Role;
  /** The job roles and departments (tags) a person it brings in gets. */
  defaultTagIds: number[] = [];
  autoLink = false;
  requireSso = false;
  createdAt: Date = new Date();
}

export const SsoProviderSchema = new EntitySchema<SsoProvider>({
  class: SsoProvider,
  tableName: "sso_providers",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade", index: "sso_providers_org_idx" },
    name: { type: "string", length: 100 },
    issuer: { type: "string", length: 500 },
    clientId: { type: "string", length: 255 },
    sealedClientSecret: { type: "text", lazy: true },
    defaultRole: { type: "string", length: 16 },
    defaultTagIds: { type: "json" },
    autoLink: { type: "boolean" },
    requireSso: { type: "boolean" },
    createdAt: { type: "datetime", onCreate: () => new Date() },
  },
});

/** An e-mail domain a provider signs in: one organization's at most, so `?email=` names one provider. */
export class SsoDomain {
  domain!: string;
  organization!: Organization;
  provider!: SsoProvider;
}

export const SsoDomainSchema = new EntitySchema<SsoDomain>({
  class: SsoDomain,
  tableName: "sso_domains",
  properties: {
    domain: { type: "string", length: 253, primary: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade", index: "sso_domains_org_idx" },
    provider: { kind: "m:1", entity: () => SsoProvider, deleteRule: "cascade", index: "sso_domains_provider_idx" },
  },
});

/** An account linked to a provider's subject (its `sub`): how a returning person is known. */
export class SsoIdentity {
  [OptionalProps]?: "createdAt";
  id!: number;
  organization!: Organization;
  provider!: SsoProvider;
  subject!: string;
  user!: User;
  createdAt: Date = new Date();
}

export const SsoIdentitySchema = new EntitySchema<SsoIdentity>({
  class: SsoIdentity,
  tableName: "sso_identities",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade", index: "sso_identities_org_idx" },
    provider: { kind: "m:1", entity: () => SsoProvider, deleteRule: "cascade", index: false },
    subject: { type: "string", length: 255 },
    user: { kind: "m:1", entity: "User", deleteRule: "cascade", index: "sso_identities_user_idx" },
    createdAt: { type: "datetime", onCreate: () => new Date() },
  },
  uniques: [{ name: "sso_identities_provider_subject_unique", properties: ["provider", "subject"] }],
});
