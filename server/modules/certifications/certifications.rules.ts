import { randomBytes } from "node:crypto";
import { DAY_MS } from "#shared/constants.js";
import type { CertificateStatus } from "#shared/schemas/certificates.js";

/**
 * When a certificate expires, where it stands, and when its next cycle opens
 * (docs/decisions/0310-certificates-derived-from-completion.md): pure functions of plain values, so the
 * lists, the verification page, the reminders and a test with a fake clock all judge alike.
 */

/** What the rules need of a certificate. */
export interface CertificateDates {
  issuedAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/**
 * The end (UTC) of the calendar day `months` months after `issuedAt`'s day; a day that month lacks is its
 * last (31 January + 1 month: 28 or 29 February). Null for a certificate valid for good.
 */
export function expiryOf(issuedAt: Date, months: number | null): Date | null {
  if (months === null) return null;
  const year = issuedAt.getUTCFullYear();
  const month = issuedAt.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(issuedAt.getUTCDate(), lastDay);
  return new Date(Date.UTC(year, month, day) + DAY_MS - 1);
}

/** The moment the recertification window opens: `daysBefore` days before the expiry day ends. */
export function renewalOpensAt(expiresAt: Date, daysBefore: number): Date {
  return new Date(expiresAt.getTime() - daysBefore * DAY_MS);
}

/** Revoked wins; then expired (strictly after the expiry moment); then expiring within the window; else valid. */
export function certificateStatus(
  certificate: CertificateDates,
  recertifyDaysBefore: number,
  now: Date,
): CertificateStatus {
  if (certificate.revokedAt !== null) return "revoked";
  if (certificate.expiresAt === null) return "valid";
  if (now > certificate.expiresAt) return "expired";
  return now >= renewalOpensAt(certificate.expiresAt, recertifyDaysBefore) ? "expiring" : "valid";
}

/** The number printed on a course's certificate: readable, unique per course, holder and cycle. */
export function certificateNumber(courseId: number, userId: number, cycle: number): string {
  return `TW-${courseId}-${userId}-${cycle}`;
}

/** The verification page's code: 144 random bits, base64url (no padding). */
export function newVerificationCode(): string {
  return randomBytes(18).toString("base64url");
}

/** certificates/list's filters beyond holder and course. */
export interface CertificateListFilter {
  status?: CertificateStatus;
  /** Expires within this many days of `now`, and has not yet. */
  withinDays?: number;
  /** The holder has this department or job role (a department counts for its roles). */
  tagId?: number;
}

/** Whether a certificate, in `status` at `now`, with its holder's tags, passes the list's filter. */
export function passesListFilter(
  filter: CertificateListFilter,
  certificate: { expiresAt: Date | null; status: CertificateStatus },
  holderReach: ReadonlySet<number> | undefined,
  now: Date,
): boolean {
  if (filter.status !== undefined && certificate.status !== filter.status) return false;
  if (filter.tagId !== undefined && !holderReach?.has(filter.tagId)) return false;
  if (filter.withinDays === undefined) return true;
  const { expiresAt } = certificate;
  return (
    certificate.status !== "revoked" &&
    expiresAt !== null &&
    expiresAt >= now &&
    expiresAt.getTime() <= now.getTime() + filter.withinDays * DAY_MS
  );
}

/** What the public verification page says: a certificate expiring soon is still valid. */
export type PublicStatus = "valid" | "expired" | "revoked";

export const publicStatusOf = (status: CertificateStatus): PublicStatus => (status === "expiring" ? "valid" : status);

/** The days before a certificate's expiry day that its holder is reminded on, and the day itself (0). */
export const REMINDER_DAYS = [30, 7, 1, 0] as const;

const startOfUtcDay = (date: Date) => Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());

/** Calendar days (UTC) from `now`'s day to the expiry day: 0 on the day itself, negative after it. */
export function daysToExpiryDay(expiresAt: Date, now: Date): number {
  return Math.round((startOfUtcDay(expiresAt) - startOfUtcDay(now)) / DAY_MS);
}
