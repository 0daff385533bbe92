import { type MemberRow, memberRows, type Organization } from "#server/modules/organizations/index.js";
import {
  type BatchContext,
  type BatchKind,
  dailyPeriodOf,
  optedOut,
  unsubscribeBlock,
} from "#server/modules/training/index.js";
import { scopeToOrganization } from "#server/platform/db/tenant-scope.js";
import { queueMail } from "#server/platform/mail/outbox.js";
import { mailDay, renderMail } from "#server/platform/mail/templates.js";
import { type CertificateRow, certificateRows, materializeCertificates } from "./certifications.data.js";
import { daysToExpiryDay, REMINDER_DAYS } from "./certifications.rules.js";

/**
 * The certificate expiry reminders (decision 0312): a daily batch of training's scheduled mails
 * (mail-batches.ts, registered by server/router.ts), so it runs once a day across instances. A holder is
 * mailed 30, 7 and 1 days before their certificate's expiry day and on the day itself, about the latest
 * certificate of each course that is neither revoked nor valid for good, unless they turned reminders off.
 */

interface Expiring {
  title: string;
  expiresAt: Date;
  days: number;
}

const describe = ({ title, expiresAt, days }: Expiring) =>
  days === 0
    ? `${title}: expires today, ${mailDay(expiresAt)}`
    : `${title}: expires on ${mailDay(expiresAt)} (in ${days} ${days === 1 ? "day" : "days"})`;

/** Each member's certificates that reach a reminder day today, by member. */
function expiringByMember(rows: readonly CertificateRow[], members: Map<number, MemberRow>, now: Date) {
  const seen = new Set<string>();
  const due = new Map<MemberRow, Expiring[]>();
  // Newest first: the first of each holder and course is its latest cycle.
  for (const row of rows) {
    if (row.userId === null || row.courseId === null) continue;
    const key = `${row.userId}:${row.courseId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const member = members.get(row.userId);
    if (!member || row.revokedAt !== null || row.expiresAt === null) continue;
    const days = daysToExpiryDay(row.expiresAt, now);
    if (!(REMINDER_DAYS as readonly number[]).includes(days)) continue;
    due.set(member, [...(due.get(member) ?? []), { title: row.title, expiresAt: row.expiresAt, days }]);
  }
  return due;
}

/** One organization's reminders; scoped to it first, as training's batches are. */
async function queueExpiryReminders(context: BatchContext, organization: Organization): Promise<number> {
  scopeToOrganization(context.em, organization.id);
  // Certificates nobody has looked at yet are issued first, so their holders are reminded too.
  await materializeCertificates(context.em, context.now);
  const off = await optedOut(context.em);
  const members = new Map((await memberRows(context.em)).map((member) => [member.userId, member]));
  const due = expiringByMember(await certificateRows(context.em, {}), members, context.now);
  let queued = 0;
  for (const [member, certificates] of due) {
    if (off.has(member.membershipId)) continue;
    const today = certificates.some((certificate) => certificate.days === 0);
    const mail = renderMail({
      subject: today
        ? `Your certificate expires today at ${organization.name}`
        : `Your certificate expires soon at ${organization.name}`,
      from: organization.name,
      blocks: [
        { paragraph: `Hello ${member.name},` },
        {
          paragraph: `Your certificate at ${organization.name} needs renewing: complete its course again before it expires.`,
        },
        { list: certificates.map(describe) },
        { button: { label: "Open my training", url: `${context.mail.publicUrl}/${organization.slug}/dashboard` } },
        unsubscribeBlock(context, organization, member.membershipId),
      ],
    });
    queueMail(context.em, { ...mail, kind: "reminder", recipient: member.email, organization }, context.now);
    queued += 1;
  }
  return queued;
}

export const certificateExpiryBatch: BatchKind = {
  kind: "certificate-expiry-reminders",
  periodOf: dailyPeriodOf,
  queue: queueExpiryReminders,
};
