/** The organizations module's public face: the only file of it that other modules and the app may import. */

export { managedMembership } from "./managed-entities.js";
export type { MemberRecord, MemberRow } from "./members.data.js";
export { memberRows } from "./members.data.js";
export {
  belongsToAnyOrganization,
  findMembership,
  hasMemberWithEmail,
  lockedAdmins,
  membershipOf,
  membershipsOf,
  membershipToChange,
} from "./membership.js";
export { Membership, Organization, sortNameOf } from "./organization.entity.js";
export { presentOrganizationRef } from "./orgs.presenter.js";
export { organizationUserViewParts } from "./user-view-parts.js";
