import type { SqlEntityManager } from "@mikro-orm/knex";
import type { MembershipRecord, SignedInUser } from "#server/modules/identity/index.js";
import { Membership, membershipOf, membershipsOf } from "#server/modules/organizations/index.js";
import { fail } from "#server/platform/http/errors.js";
import { OutboxMail } from "#server/platform/mail/outbox.entity.js";
import { MAIL_MESSAGES } from "#shared/schemas/mail.js";
import { ReminderOptOut } from "./reminder-opt-out.entity.js";
import { membershipOfToken, setRemindersEnabled } from "./unsubscribe.js";

/** What the mail procedures read and write: reminder preferences and the organization's failed mail. */

/** The most recent problems the panel lists. */
const PROBLEMS_SHOWN = 50;

/** A person's memberships (organization populated) and those of them with reminders turned off. */
export interface ReminderPreferenceRows {
  memberships: MembershipRecord[];
  off: Set<number>;
}

export async function reminderPreferenceRows(
  em: SqlEntityManager,
  user: SignedInUser,
): Promise<ReminderPreferenceRows> {
  const memberships = await membershipsOf(em, user);
  const optOuts = await em.find(
    ReminderOptOut,
    { membership: { $in: memberships.map((membership) => membership.id) } },
    { fields: ["membership"] },
  );
  return { memberships, off: new Set(optOuts.map((row) => row.membership.id)) };
}

/** One's own reminders in one organization one belongs to (any other is "not found"): the membership. */
export async function setOwnReminders(
  em: SqlEntityManager,
  user: SignedInUser,
  organizationId: number,
  enabled: boolean,
): Promise<MembershipRecord> {
  const membership = await membershipOf(em, user, organizationId);
  await setRemindersEnabled(em, { id: membership.id, organizationId: membership.organization.id }, enabled);
  return membership;
}

/** The link in a reminder turns them off for its membership: the name of its organization. */
export async function unsubscribeByToken(em: SqlEntityManager, token: string): Promise<{ orgName: string }> {
  const membershipId = await membershipOfToken(em, token);
  const membership =
    membershipId === null ? null : await em.findOne(Membership, membershipId, { populate: ["organization"] });
  if (!membership) throw fail.notFound(MAIL_MESSAGES.unsubscribeInvalid);
  await setRemindersEnabled(em, { id: membership.id, organizationId: membership.organization.id }, false);
  return { orgName: membership.organization.name };
}

/** Mail of the organization that failed, newest first: given up, or still being retried after an error. */
export function mailProblemRows(em: SqlEntityManager, organizationId: number): Promise<OutboxMail[]> {
  return em.find(
    OutboxMail,
    {
      organization: organizationId,
      // Webhook deliveries share the outbox; their problems are in each endpoint's log.
      kind: { $ne: "webhook" },
      sentAt: null,
      $or: [{ failedAt: { $ne: null } }, { lastError: { $ne: null } }],
    },
    { orderBy: { id: "desc" }, limit: PROBLEMS_SHOWN },
  );
}
