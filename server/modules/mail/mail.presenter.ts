import { z } from "zod";
import type { MembershipRecord } from "#server/modules/identity/index.js";
import { dateAnswer } from "#server/platform/api/wire-format.js";
import type { OutboxMail } from "#server/platform/mail/outbox.entity.js";
import type { ReminderPreferenceRows } from "./mail.data.js";

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

export function presentReminderPreference(membership: MembershipRecord, enabled: boolean): ReminderPreferenceView {
  return { orgId: membership.organization.id, orgName: membership.organization.name, remindersEnabled: enabled };
}

/** mail/preferences: one per organization the person belongs to. */
export function presentReminderPreferences({ memberships, off }: ReminderPreferenceRows): ReminderPreferenceView[] {
  return memberships.map((membership) => presentReminderPreference(membership, !off.has(membership.id)));
}

/** MailProblemView as a declared answer (the OpenAPI document, the contract test). */
export const mailProblemsAnswer = z.array(
  z.object({
    id: z.number().int(),
    kind: z.string(),
    recipient: z.string(),
    subject: z.string(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    failedAt: dateAnswer().nullable(),
    nextAttemptAt: dateAnswer(),
  }),
);

export function presentMailProblems(rows: readonly OutboxMail[]): MailProblemView[] {
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
}
