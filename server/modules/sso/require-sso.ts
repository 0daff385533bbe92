import type { PasswordSignInRule } from "#server/modules/identity/index.js";
import { findMembership } from "#server/modules/organizations/index.js";
import { fail } from "#server/platform/http/errors.js";
import { SSO_MESSAGES } from "#shared/schemas/sso.js";
import { SsoDomain, SsoProvider } from "./sso.entity.js";

/**
 * "Require SSO" (docs/decisions/0370-oidc-sign-in.md): a member whose e-mail domain is one of the
 * organization's, under a provider that requires it, signs in there only through that provider. Its
 * admins keep their password: the break-glass when the provider is down or misconfigured.
 */
export const requireSsoRule: PasswordSignInRule = {
  async assertPasswordAllowed(em, user) {
    const domain = user.emailKey.slice(user.emailKey.lastIndexOf("@") + 1);
    const claimed = await em.findOne(SsoDomain, { domain }, { filters: false });
    if (!claimed) return;
    const provider = await em.findOne(
      SsoProvider,
      { id: claimed.provider.id },
      { filters: false, fields: ["requireSso"] },
    );
    if (!provider?.requireSso) return;
    const membership = await findMembership(em, user, claimed.organization.id);
    if (membership && membership.role !== "admin") throw fail.forbidden(SSO_MESSAGES.passwordRefused);
  },
};
