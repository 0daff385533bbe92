import type { Membership, Organization } from "#server/modules/organizations/index.js";
import type { TagView } from "#server/modules/tags/index.js";
import type { Role } from "#shared/roles.js";
import type { Invitation } from "./invitation.entity.js";

/** A row of the team page (team/members): the person, their role and their tags. */
export interface MemberView {
  id: number;
  name: string;
  email: string;
  role: Role;
  tags: TagView[];
}

/** What an invitation link tells whoever holds it (team/decode-invite). */
export interface InvitationView {
  email: string;
  name: string;
  role: Role;
  orgName: string;
  orgSlug: string;
  inviterName: string;
  userExists: boolean;
}

/** The name this organization shows for a member: its own (decision 0013), or else the one the person chose. */
export function memberName(membership: Membership): string {
  return membership.displayName ?? membership.user.name;
}

export function presentInvitation(
  invitation: Invitation,
  organization: Organization,
  userExists: boolean,
): InvitationView {
  return {
    email: invitation.email,
    name: invitation.name,
    role: invitation.role,
    orgName: organization.name,
    orgSlug: organization.slug,
    inviterName: invitation.invitedBy?.name ?? organization.name,
    userExists,
  };
}

/** One invitation of team/invite-many's answer, with its row in the pasted list. */
export interface InvitedRow {
  row: number;
  invitationId: number;
  name: string;
  email: string;
  role: Role;
  inviteLink: string;
  emailed: boolean;
}

export function presentInvited({
  row,
  invitation,
  inviteLink,
  emailed,
}: {
  row: number;
  invitation: Invitation;
  inviteLink: string;
  emailed: boolean;
}): InvitedRow {
  return {
    row,
    invitationId: invitation.id,
    name: invitation.name,
    email: invitation.email,
    role: invitation.role,
    inviteLink,
    emailed,
  };
}
