import type { EntityManager } from "@mikro-orm/core";
import {
  findMembership,
  type OrganizationAccessView,
  presentOrganizationAccess,
} from "#server/modules/organizations/index.js";
import type { MembershipRecord, SignedInUser } from "#server/platform/api/session.js";

/**
 * The signed-in user as the client sees it (auth/me, login, register, orgs/switch; docs/SPEC.md §3). No hash,
 * token or internal column leaves the server.
 */
export interface UserView {
  id: number;
  name: string;
  email: string;
  currentOrgId: number | null;
  currentOrganization: OrganizationAccessView | null;
}

/** `currentMembership`: the session lookup's, when it is still the user's current one (no query then). */
export async function presentUser(
  em: EntityManager,
  user: SignedInUser,
  currentMembership: MembershipRecord | null = null,
): Promise<UserView> {
  const orgId = user.currentOrganization?.id;
  const membership =
    orgId === undefined
      ? null
      : currentMembership?.organization.id === orgId
        ? currentMembership
        : await findMembership(em, user, orgId);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    currentOrgId: membership ? membership.organization.id : null,
    currentOrganization: membership ? presentOrganizationAccess(membership) : null,
  };
}
