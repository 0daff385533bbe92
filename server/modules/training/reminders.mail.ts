import type { SqlEntityManager } from "@mikro-orm/knex";
import { unsubscribeToken } from "#server/modules/mail/index.js";
import { memberRows, type Organization } from "#server/modules/organizations/index.js";
import { inScope, readRows } from "#server/platform/db/rows.js";
import { scopeToOrganization } from "#server/platform/db/tenant-scope.js";
import type { MailSettings } from "#server/platform/http/config.js";
import { queueMail } from "#server/platform/mail/outbox.js";
import { type MailBlock, mailDay, renderMail } from "#server/platform/mail/templates.js";
import { DAY_MS } from "#shared/constants.js";
import { type DueCourse, type MemberDue, openDeadlines } from "./training-due.js";

/** The daily reminder names required training due within this many days, and anything overdue. */
const REMINDER_WINDOW_DAYS = 3;

/** The memberships that unsubscribed from reminders (plain rows, decision 0150). */
export async function optedOut(em: SqlEntityManager): Promise<Set<number>> {
  const rows = await readRows<{ membership_id: number }>(
    em,
    `select membership_id from reminder_opt_outs where ${inScope()}`,
  );
  return new Set(rows.map((row) => Number(row.membership_id)));
}

/** Who gets today's reminder: open deadlines within REMINDER_WINDOW_DAYS or passed, not unsubscribed. */
async function membersToRemind(em: SqlEntityManager, now: Date): Promise<MemberDue[]> {
  const off = await optedOut(em);
  const horizon = now.getTime() + REMINDER_WINDOW_DAYS * DAY_MS;
  // Where every member stands with the required courses that have deadlines (the rules of "My training").
  return (await openDeadlines(em, await memberRows(em), now))
    .filter((entry) => !off.has(entry.member.membershipId))
    .map((entry) => ({ ...entry, courses: entry.courses.filter((course) => course.dueAt.getTime() <= horizon) }))
    .filter((entry) => entry.courses.length > 0);
}

const describeDue = (course: DueCourse) =>
  `${course.title}: ${course.overdue ? "overdue since" : "due"} ${mailDay(course.dueAt)}`;

interface BatchContext {
  em: SqlEntityManager;
  mail: MailSettings;
  now: Date;
  /** The key of unsubscribe links (unsubscribe.ts), read once per batch. */
  key: Buffer;
}

/** The line under every reminder: why it came, and the link that stops them. */
export function unsubscribeBlock(context: BatchContext, organization: Organization, membershipId: number): MailBlock {
  return {
    small: `You get these e-mails as a member of ${organization.name}.`,
    link: {
      label: "Stop training reminders",
      url: `${context.mail.publicUrl}/unsubscribe?token=${unsubscribeToken(context.key, membershipId)}`,
    },
  };
}

/**
 * Queues one organization's daily reminders. The batch's entity manager goes from one organization to the
 * next: scoped to this one first, so that every read that follows is in it.
 */
export async function queueReminders(context: BatchContext, organization: Organization): Promise<number> {
  scopeToOrganization(context.em, organization.id);
  const due = await membersToRemind(context.em, context.now);
  for (const { member, courses } of due) {
    const overdue = courses.some((course) => course.overdue);
    const mail = renderMail({
      subject: overdue ? `Overdue training at ${organization.name}` : `Training due soon at ${organization.name}`,
      from: organization.name,
      blocks: [
        { paragraph: `Hello ${member.name},` },
        { paragraph: `This required training at ${organization.name} is waiting for you:` },
        { list: courses.map(describeDue) },
        { button: { label: "Open my training", url: `${context.mail.publicUrl}/${organization.slug}/dashboard` } },
        unsubscribeBlock(context, organization, member.membershipId),
      ],
    });
    queueMail(context.em, { ...mail, kind: "reminder", recipient: member.email, organization }, context.now);
  }
  return due.length;
}

/**
 * Queues one organization's weekly summary of who is overdue, to its admins and managers; none when nobody
 * is. Scoped to the organization first, as queueReminders is.
 */
export async function queueSummaries(context: BatchContext, organization: Organization): Promise<number> {
  scopeToOrganization(context.em, organization.id);
  // One read of the members serves both the deadlines and the recipients.
  const members = await memberRows(context.em);
  const deadlines = await openDeadlines(context.em, members, context.now);
  const overdue = deadlines
    .map((entry) => ({ ...entry, courses: entry.courses.filter((course) => course.overdue) }))
    .filter((entry) => entry.courses.length > 0)
    .sort((a, b) => a.member.name.localeCompare(b.member.name));
  if (overdue.length === 0) return 0;
  const off = await optedOut(context.em);
  const recipients = members.filter(
    (member) => (member.role === "admin" || member.role === "manager") && !off.has(member.membershipId),
  );
  const people = overdue.length === 1 ? "1 person has" : `${overdue.length} people have`;
  for (const recipient of recipients) {
    const mail = renderMail({
      subject: `Weekly training summary for ${organization.name}: ${people} overdue training`,
      from: organization.name,
      blocks: [
        { paragraph: `Hello ${recipient.name},` },
        { paragraph: `At ${organization.name}, ${people} required training past its deadline:` },
        {
          list: overdue.map(
            ({ member, courses }) => `${member.name} (${member.email}): ${courses.map(describeDue).join("; ")}`,
          ),
        },
        { button: { label: "Open the reports", url: `${context.mail.publicUrl}/${organization.slug}/reports` } },
        unsubscribeBlock(context, organization, recipient.membershipId),
      ],
    });
    queueMail(context.em, { ...mail, kind: "summary", recipient: recipient.email, organization }, context.now);
  }
  return recipients.length;
}

export type { BatchContext };
