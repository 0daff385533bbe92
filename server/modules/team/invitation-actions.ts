import type { SqlEntityManager } from "@mikro-orm/knex";
import type { z } from "zod";
import { emailKeyOf, managedUser, type SignedInUser, User } from "#server/modules/identity/index.js";
import {
  belongsToAnyOrganization,
  hasMemberWithEmail,
  Membership,
  presentOrganizationRef,
  sortNameOf,
} from "#server/modules/organizations/index.js";
import { MemberTag, Tag } from "#server/modules/tags/index.js";
import { recordTrainingEvent } from "#server/platform/api/training-events.js";
import { nowOf } from "#server/platform/api/trpc.js";
import { fail } from "#server/platform/http/errors.js";
import type { Role } from "#shared/roles.js";
import { type inviteInput, TEAM_MESSAGES } from "#shared/schemas/team.js";
import { TEAM_ADMIN_MESSAGES as M } from "#shared/schemas/team-admin.js";
import { forgetDeparture } from "./departures.js";
import { Invitation } from "./invitation.entity.js";
import { enqueueInvitationMail } from "./invitation.mail.js";
import { assertInvitationAllowed, type InvitationScope, takeInvitationAllowance } from "./invitation-limits.js";
import { inviteLinkBase, issueInvitation, openInvitation } from "./invitations.js";
import { checkInviteRows, type RejectedInviteRow } from "./invite-rows.js";
import { tagsOfOrganization } from "./members.js";
import { type InvitationView, type InvitedRow, presentInvitation, presentInvited } from "./team.presenter.js";
import { assertInvitedAccount, assertMayInviteAs } from "./team.rules.js";

/**
 * The team's invitation procedures (docs/SPEC.md §7): inviting one or many, resending and revoking, and the
 * link's two sides (reading it, accepting it). Every invitation comes from issueInvitation (invitations.ts).
 */

/** What an invitation procedure is given by the procedure builders. */
export type InvitingContext = InvitationScope &
  Parameters<typeof enqueueInvitationMail>[0] &
  Parameters<typeof inviteLinkBase>[0] & { role: Role; clock?: () => number };

/** team/invite. */
export async function inviteMember(
  ctx: InvitingContext,
  input: z.output<typeof inviteInput>,
): Promise<{ inviteLink: string; emailed: boolean }> {
  assertMayInviteAs(ctx.role, input.role);
  const emailKey = emailKeyOf(input.email);
  if (await hasMemberWithEmail(ctx.em, ctx.organization.id, emailKey)) throw fail.conflict(TEAM_MESSAGES.alreadyMember);
  const tags = await tagsOfOrganization(ctx.em, input.tagIds);
  await assertInvitationAllowed(ctx);
  const { invitation, inviteLink } = await issueInvitation(ctx.em, {
    organization: ctx.organization,
    invitedBy: managedUser(ctx.em, ctx.user),
    name: input.name,
    email: input.email,
    role: input.role,
    tagIds: tags.map((tag) => tag.id),
    baseUrl: inviteLinkBase(ctx),
  });
  return { inviteLink, emailed: enqueueInvitationMail(ctx, invitation, inviteLink, nowOf(ctx)) };
}

/** team/decode-invite: anyone holding the link may read who invited them where; the token is the secret. */
export async function decodeInvitation(em: SqlEntityManager, token: string): Promise<InvitationView> {
  const { invitation, organization } = await openInvitation(em, token);
  const userExists = (await em.count(User, { emailKey: invitation.emailKey })) > 0;
  return presentInvitation(invitation, organization, userExists);
}

/** team/accept-invite. */
export async function acceptInvitation(
  ctx: { em: SqlEntityManager; user: SignedInUser },
  token: string,
): Promise<{ organization: ReturnType<typeof presentOrganizationRef> }> {
  const { invitation, organization } = await openInvitation(ctx.em, token);
  assertInvitedAccount(invitation.emailKey, ctx.user.emailKey);
  // Single use, also against two calls at once: only the call that turns the open row into a used one
  // goes on (on PostgreSQL the second waits for the first, then finds the row used). Claimed first, so
  // that the loser of such a race always hears "used"; a refusal below rolls the claim back.
  const claimed = await ctx.em.nativeUpdate(
    Invitation,
    { id: invitation.id, acceptedAt: null },
    { acceptedAt: new Date() },
  );
  if (claimed !== 1) throw fail.notFound(TEAM_MESSAGES.invitationInvalid);
  // docs/SPEC.md §6: a user already in an organization cannot accept another invitation.
  if (await belongsToAnyOrganization(ctx.em, ctx.user)) throw fail.conflict(TEAM_MESSAGES.alreadyInOrganization);
  const tags = invitation.tagIds.length ? await ctx.em.find(Tag, { id: { $in: invitation.tagIds } }) : [];
  const user = managedUser(ctx.em, ctx.user);
  const membership = ctx.em.create(Membership, {
    organization,
    user,
    role: invitation.role,
    sortName: sortNameOf(ctx.user.name),
  });
  for (const tag of tags) ctx.em.create(MemberTag, { organization, membership, tag });
  await forgetDeparture(ctx.em, organization.id, ctx.user.id);
  user.currentOrganization = organization;
  await recordTrainingEvent(ctx, {
    organizationId: organization.id,
    kind: "member.joined",
    occurredAt: new Date(),
    actorId: ctx.user.id,
    subjectUserId: ctx.user.id,
    facts: { role: invitation.role, by: "invitation" },
  });
  return { organization: presentOrganizationRef(organization) };
}

/** An open invitation of this organization the caller may act on; another organization's is "not found". */
async function openInvitationById(ctx: InvitingContext, invitationId: number): Promise<Invitation> {
  const invitation = await ctx.em.findOne(Invitation, { id: invitationId }, { populate: ["invitedBy"] });
  if (!invitation) throw fail.notFound(M.invitationNotFound);
  if (invitation.acceptedAt) throw fail.conflict(M.invitationUsed);
  assertMayInviteAs(ctx.role, invitation.role);
  return invitation;
}

/** The ids of those tags that still exist: a tag deleted since the invitation is dropped, as on acceptance. */
async function existingTagIds(em: SqlEntityManager, tagIds: readonly number[]): Promise<number[]> {
  if (tagIds.length === 0) return [];
  const tags = await em.find(Tag, { id: { $in: [...tagIds] } }, { fields: ["id"] });
  return tags.map((tag) => tag.id);
}

/** team/resend-invite: a new invitation replaces the old one, whose link stops working; a new 7 days start. */
export async function resendInvitation(
  ctx: InvitingContext,
  invitationId: number,
): Promise<{ invitationId: number; inviteLink: string; emailed: boolean }> {
  const old = await openInvitationById(ctx, invitationId);
  if (await hasMemberWithEmail(ctx.em, ctx.organization.id, old.emailKey))
    throw fail.conflict(TEAM_MESSAGES.alreadyMember);
  await assertInvitationAllowed(ctx);
  const { invitation, inviteLink } = await issueInvitation(ctx.em, {
    organization: ctx.organization,
    invitedBy: old.invitedBy ?? managedUser(ctx.em, ctx.user),
    name: old.name,
    email: old.email,
    role: old.role,
    tagIds: await existingTagIds(ctx.em, old.tagIds),
    baseUrl: inviteLinkBase(ctx),
  });
  const emailed = enqueueInvitationMail(ctx, invitation, inviteLink, nowOf(ctx));
  await ctx.em.flush();
  return { invitationId: invitation.id, inviteLink, emailed };
}

/** team/revoke-invite. */
export async function revokeInvitation(ctx: InvitingContext, invitationId: number): Promise<{ message: string }> {
  const invitation = await openInvitationById(ctx, invitationId);
  await ctx.em.nativeDelete(Invitation, { id: invitation.id, acceptedAt: null });
  return { message: `The invitation of ${invitation.name} was revoked.` };
}

/**
 * team/invite-many: every row is checked before any invitation is made; the rows past the invitation
 * limits are refused with the limit's message, and the others go.
 */
export async function inviteMany(
  ctx: InvitingContext,
  rows: readonly unknown[],
): Promise<{ invited: InvitedRow[]; rejected: RejectedInviteRow[] }> {
  const { valid, rejected } = await checkInviteRows(ctx, rows);
  const allowance = await takeInvitationAllowance(ctx, valid.length, nowOf(ctx));
  const allowed = valid.slice(0, allowance.granted);
  for (const { row, invite } of valid.slice(allowance.granted)) {
    rejected.push({ row, name: invite.name, email: invite.email, reason: allowance.refusal ?? "" });
  }
  rejected.sort((a, b) => a.row - b.row);
  const baseUrl = inviteLinkBase(ctx);
  const invited = [];
  for (const { row, invite } of allowed) {
    const { invitation, inviteLink } = await issueInvitation(ctx.em, {
      organization: ctx.organization,
      invitedBy: managedUser(ctx.em, ctx.user),
      ...invite,
      baseUrl,
    });
    const emailed = enqueueInvitationMail(ctx, invitation, inviteLink, nowOf(ctx));
    invited.push({ row, invitation, inviteLink, emailed });
  }
  await ctx.em.flush();
  return { invited: invited.map(presentInvited), rejected };
}
