import type { EntityManager } from "@mikro-orm/core";
import type { Organization } from "#server/modules/organizations/index.js";
import type { Config } from "#server/platform/http/config.js";
import { queueMail } from "#server/platform/mail/outbox.js";
import { mailDay, renderMail } from "#server/platform/mail/templates.js";
import type { Invitation } from "./invitation.entity.js";

/**
 * Queues the invitation mail with its link, in the caller's transaction (the one that created the
 * invitation). Every path that creates or renews an invitation calls this with the invitation and the
 * link it answers with, and the request's organization, the invitation's own (it names the sender and
 * the subject; the caller holds it already, so a loop over many invitations reads it no more). Returns
 * false, queuing nothing, when e-mail is not set up: the link is then only shown to the inviter, to send
 * by hand.
 */
export function enqueueInvitationMail(
  ctx: { em: EntityManager; config: Pick<Config, "mail">; organization: Organization },
  invitation: Invitation,
  link: string,
  now: Date = new Date(),
): boolean {
  if (!ctx.config.mail) return false;
  const { organization } = ctx;
  const inviter = invitation.invitedBy?.name;
  const orgName = organization.name;
  const mail = renderMail({
    subject: `You're invited to join ${orgName}`,
    from: orgName,
    blocks: [
      { paragraph: `Hello ${invitation.name},` },
      {
        paragraph: inviter
          ? `${inviter} invited you to join ${orgName} on Trainwright, where your team's training lives.`
          : `You are invited to join ${orgName} on Trainwright, where your team's training lives.`,
      },
      { button: { label: "Accept the invitation", url: link } },
      { small: `The link works once and expires on ${mailDay(invitation.expiresAt)} (UTC).` },
    ],
  });
  queueMail(ctx.em, { ...mail, kind: "invitation", recipient: invitation.email, organization }, now);
  return true;
}
