import type { EntityManager } from "@mikro-orm/core";
import { compareTags, presentTag, Tag, type TagView } from "#server/modules/tags/index.js";
import type { Role } from "#shared/roles.js";
import type { Invitation } from "./invitation.entity.js";

/** A pending invitation as the team page lists it (team/invitations). No secret: the link is never stored. */
export interface PendingInvitationView {
  id: number;
  name: string;
  email: string;
  role: Role;
  tags: TagView[];
  /** The inviter's name; null once their account is gone. */
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
  expired: boolean;
}

/** The invitations with their tags (those deleted since are left out), in two queries however many. */
export async function presentPendingInvitations(
  em: EntityManager,
  invitations: readonly Invitation[],
  now: Date,
): Promise<PendingInvitationView[]> {
  const tagIds = [...new Set(invitations.flatMap((invitation) => invitation.tagIds))];
  const tags = new Map(
    (tagIds.length > 0 ? await em.find(Tag, { id: { $in: tagIds } }) : []).map((tag) => [tag.id, presentTag(tag)]),
  );
  return invitations.map((invitation) => ({
    id: invitation.id,
    name: invitation.name,
    email: invitation.email,
    role: invitation.role,
    tags: invitation.tagIds.flatMap((id) => tags.get(id) ?? []).sort(compareTags),
    invitedBy: invitation.invitedBy?.name ?? null,
    createdAt: invitation.createdAt,
    expiresAt: invitation.expiresAt,
    expired: invitation.expiresAt.getTime() <= now.getTime(),
  }));
}
