import { z } from "zod";
import { ROLES } from "#shared/roles.js";
import { id, text } from "./common.js";

/** An organization's OpenID Connect providers (docs/decisions/0370-oidc-sign-in.md). */

export const SSO_MESSAGES = {
  nameTooLong: "Name must be at most 100 characters.",
  issuerInvalid: "The issuer must be the provider's https:// address.",
  clientIdRequired: "Client ID is required",
  clientIdTooLong: "Client ID must be at most 255 characters.",
  clientSecretRequired: "Client secret is required",
  clientSecretTooLong: "Client secret must be at most 1000 characters.",
  domainsRequired: "Name at least one e-mail domain.",
  domainInvalid: "Each domain must look like example.com.",
  tooManyDomains: "Name at most 20 domains.",
  roleInvalid: "Choose an access level.",
  tooManyTags: "Choose at most 50 job roles.",
  idInvalid: "Provider ID must be a positive number.",
  notFound: "Identity provider not found.",
  domainTaken: "Another organization's sign-in already uses this domain.",
  tagNotFound: "A chosen job role does not exist.",
  passwordRefused:
    "Your organization signs you in with its own sign-in. Use “Continue with your organization's sign-in”.",
} as const;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const domainList = z
  .array(text({ error: SSO_MESSAGES.domainInvalid }).trim().toLowerCase().regex(DOMAIN, SSO_MESSAGES.domainInvalid), {
    error: SSO_MESSAGES.domainsRequired,
  })
  .min(1, SSO_MESSAGES.domainsRequired)
  .max(20, SSO_MESSAGES.tooManyDomains)
  .transform((domains) => [...new Set(domains)]);

/** https://, or http:// on this machine alone (a provider run beside the server, as the tests' is). */
function isIssuerAddress(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && (url.hostname === "127.0.0.1" || url.hostname === "localhost");
}

/** Why a company sign-in came back to the sign-in page (`/login?sso=<code>`), in words. */
export const SSO_SIGN_IN_ERRORS = {
  noProvider: "No sign-in is set up for this e-mail domain or organization.",
  failed: "The sign-in could not be completed. Please try again.",
  emailUnverified: "Your organization's sign-in did not confirm your e-mail address.",
  linkNeeded:
    "An account with this e-mail already exists. Log in with your password once, then continue with your organization's sign-in to link them.",
  otherOrganization: "Your account belongs to another organization.",
} as const;
export type SsoSignInError = keyof typeof SSO_SIGN_IN_ERRORS;

const providerFields = {
  name: text({ error: SSO_MESSAGES.nameTooLong }).trim().max(100, SSO_MESSAGES.nameTooLong).optional(),
  issuer: text({ error: SSO_MESSAGES.issuerInvalid })
    .trim()
    .max(500, SSO_MESSAGES.issuerInvalid)
    .refine(isIssuerAddress, SSO_MESSAGES.issuerInvalid),
  clientId: text({ error: SSO_MESSAGES.clientIdRequired })
    .trim()
    .min(1, SSO_MESSAGES.clientIdRequired)
    .max(255, SSO_MESSAGES.clientIdTooLong),
  clientSecret: text({ error: SSO_MESSAGES.clientSecretRequired })
    .min(1, SSO_MESSAGES.clientSecretRequired)
    .max(1000, SSO_MESSAGES.clientSecretTooLong),
  domains: domainList,
  defaultRole: z.enum(ROLES, { error: SSO_MESSAGES.roleInvalid }),
  defaultTagIds: z.array(id(SSO_MESSAGES.tagNotFound)).max(50, SSO_MESSAGES.tooManyTags),
  /** Link a known account by its verified e-mail without asking its password, when it is already a member. */
  autoLink: z.boolean(),
  /** Members whose e-mail is in the domains may not use a password here (admins keep theirs). */
  requireSso: z.boolean(),
};

export const createSsoProviderInput = z.object({
  ...providerFields,
  defaultRole: providerFields.defaultRole.default("user"),
  defaultTagIds: providerFields.defaultTagIds.default([]),
  autoLink: providerFields.autoLink.default(false),
  requireSso: providerFields.requireSso.default(false),
});

/** Every field but the id may be left out, and keeps its stored value (the client secret too). */
export const updateSsoProviderInput = z.object({
  id: id(SSO_MESSAGES.idInvalid),
  ...z.object(providerFields).partial().shape,
});

export const deleteSsoProviderInput = z.object({ id: id(SSO_MESSAGES.idInvalid) });
