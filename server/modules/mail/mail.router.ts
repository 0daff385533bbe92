import { Membership, membershipOf, membershipsOf } from "#server/modules/organizations/index.js";
import { publicProcedure, router, signedInProcedure } from "#server/platform/api/trpc.js";
import { permittedProcedure } from "#server/platform/api/trpc-org.js";
import { fail } from "#server/platform/http/errors.js";
import { OutboxMail } from "#server/platform/mail/outbox.entity.js";
import { MAIL_MESSAGES, reminderPreferenceInput, unsubscribeInput } from "#shared/schemas/mail.js";
import { ReminderOptOut } from "./reminder-opt-out.entity.js";
import { membershipOfToken, setRemindersEnabled } from "./unsubscribe.js";

/** Whether e-mail is set up, each member's reminder preference, and the admins' view of failed mail. */

export interface ReminderPreferenceView {
  orgId: number;
  orgName: string;
  remindersEnabled: boolean;
}

export interface MailProblemView {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  /** Set when the sender gave up; null while it is still retrying. */
  failedAt: Date | null;
  nextAttemptAt: Date;
}

/** The most recent problems the panel lists. */
const PROBLEMS_SHOWN = 50;

export const mailRouter = router({
  /** Pages that would send mail say whether it is set up, so nobody waits for a mail that never comes. */
  status: publicProcedure
    .meta({ rest: { method: "GET", path: "/mail/status" } })
    .query(({ ctx }) => ({ emailEnabled: ctx.config.mail !== null })),

  preferences: signedInProcedure
    .meta({ rest: { method: "GET", path: "/mail/preferences" } })
    .query(async ({ ctx }): Promise<ReminderPreferenceView[]> => {
      const memberships = await membershipsOf(ctx.em, ctx.user);
      const off = new Set(
        (
          await ctx.em.find(
            ReminderOptOut,
            { membership: { $in: memberships.map((membership) => membership.id) } },
            { fields: ["membership"] },
          )
        ).map((row) => row.membership.id),
      );
      return memberships.map((membership) => ({
        orgId: membership.organization.id,
        orgName: membership.organization.name,
        remindersEnabled: !off.has(membership.id),
      }));
    }),

  /** One's own reminders in one organization one belongs to; any other is "not found". */
  setPreference: signedInProcedure
    .meta({ rest: { method: "POST", path: "/mail/preferences" } })
    .input(reminderPreferenceInput)
    .mutation(async ({ ctx, input }): Promise<ReminderPreferenceView> => {
      const membership = await membershipOf(ctx.em, ctx.user, input.orgId);
      await setRemindersEnabled(
        ctx.em,
        { id: membership.id, organizationId: membership.organization.id },
        input.remindersEnabled,
      );
      return {
        orgId: membership.organization.id,
        orgName: membership.organization.name,
        remindersEnabled: input.remindersEnabled,
      };
    }),

  /** The link in a reminder: the signed token is the permission, so it works without signing in. */
  unsubscribe: publicProcedure
    .meta({ rest: { method: "POST", path: "/mail/unsubscribe" } })
    .input(unsubscribeInput)
    .mutation(async ({ ctx, input }) => {
      const membershipId = await membershipOfToken(ctx.em, input.token);
      const membership =
        membershipId === null ? null : await ctx.em.findOne(Membership, membershipId, { populate: ["organization"] });
      if (!membership) throw fail.notFound(MAIL_MESSAGES.unsubscribeInvalid);
      await setRemindersEnabled(ctx.em, { id: membership.id, organizationId: membership.organization.id }, false);
      return { orgName: membership.organization.name };
    }),

  /** Mail of the organization that failed: given up, or still being retried after an error. */
  problems: permittedProcedure("mail.viewProblems")
    .meta({ rest: { method: "GET", path: "/mail/problems" } })
    .query(async ({ ctx }): Promise<MailProblemView[]> => {
      const rows = await ctx.em.find(
        OutboxMail,
        {
          organization: ctx.organization.id,
          sentAt: null,
          $or: [{ failedAt: { $ne: null } }, { lastError: { $ne: null } }],
        },
        { orderBy: { id: "desc" }, limit: PROBLEMS_SHOWN },
      );
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        recipient: row.recipient,
        subject: row.subject,
        attempts: row.attempts,
        lastError: row.lastError,
        failedAt: row.failedAt,
        nextAttemptAt: row.nextAttemptAt,
      }));
    }),
});
