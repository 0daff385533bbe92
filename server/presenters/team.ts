import type { SqlEntityManager } from "@mikro-orm/knex";
import { type Invitation, Membership, MemberTag, type Organization } from "#server/entities/index.js";
import type { Role } from "#shared/roles.js";
import { presentTag, type TagView } from "./tags.js";

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

/** Every member of an organization with their tags, by name: two queries however large the team. */
export async function presentMembers(em: SqlEntityManager, organizationId: number): Promise<MemberView[]> {
  const memberships = await em.find(
    Membership,
    { organization: organizationId },
    { populate: ["user"], orderBy: { user: { name: "asc" } } },
  );
  // By organization rather than a list of thousands of membership ids, and grouped once rather than
  // filtered per member (that was members × links work for a large team).
  const memberTags = await em.find(MemberTag, { organization: organizationId }, { populate: ["tag"] });
  const tagsByMembership = new Map<number, TagView[]>();
  for (const memberTag of memberTags) {
    const tags = tagsByMembership.get(memberTag.membership.id) ?? [];
    tags.push(presentTag(memberTag.tag));
    tagsByMembership.set(memberTag.membership.id, tags);
  }
  const members = memberships.map((membership) => ({
    id: membership.user.id,
    name: memberName(membership),
    email: membership.user.email,
    role: membership.role,
    tags: (tagsByMembership.get(membership.id) ?? []).sort((a, b) => a.name.localeCompare(b.name)),
  }));
  // The database orders by the account's name; an organization's own names may differ.
  return members.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
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
