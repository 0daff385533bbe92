import type { EntityManager } from "@mikro-orm/core";
import type { MembershipRecord } from "#server/modules/identity/index.js";
import { type OrganizationRecord, organizationEntity } from "#server/platform/db/tenant-scope.js";
import { Membership, type Organization } from "./organization.entity.js";

/**
 * The entities of the plain records a request carries (decision 0205), registered without a query, for a
 * write that changes one (the records are read by server/modules/identity/sessions.data.ts).
 */

/** The organization's entity, loaded from the record without a query: for a row the request creates in it. */
export function managedOrganization(em: EntityManager, organization: OrganizationRecord | Organization): Organization {
  return organizationEntity<Organization>(em, organization);
}

/** The membership's entity (its organization registered too), for a write that changes or removes it. */
export function managedMembership(em: EntityManager, membership: MembershipRecord | Membership): Membership {
  if (membership instanceof Membership) return membership;
  const { organization } = membership;
  managedOrganization(em, organization);
  return em.map(Membership, {
    id: membership.id,
    organization_id: organization.id,
    user_id: membership.user.id,
    role: membership.role,
    display_name: membership.displayName,
    created_at: membership.createdAt,
  });
}
