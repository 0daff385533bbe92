import type { UserViewParts } from "#server/modules/identity/index.js";
import { findMembership } from "./membership.js";
import { presentOrganizationAccess } from "./orgs.presenter.js";

/** auth/me's current organization (server/modules/identity/auth.presenter.ts), registered by server/router.ts. */
export const organizationUserViewParts: UserViewParts = {
  async currentOrganizationOf(em, user, currentMembership) {
    const orgId = user.currentOrganization?.id;
    if (orgId === undefined) return null;
    const membership =
      currentMembership?.organization.id === orgId ? currentMembership : await findMembership(em, user, orgId);
    if (!membership) return null;
    return { view: presentOrganizationAccess(membership), defaultLanguage: membership.organization.defaultLanguage };
  },
};
