import { csvExport, csvFilename } from "#server/platform/http/csv.js";
import { CERTIFICATE_STATUS_LABELS, type CertificateStatus } from "#shared/schemas/certificates.js";
import type { CertificateRow, HolderTags } from "./certifications.data.js";
import { certificateStatus } from "./certifications.rules.js";

/** Certificates as the API answers them (docs/decisions/0310-certificates-derived-from-completion.md). */

export interface CertificateView {
  id: number;
  number: string;
  /** The certification's name as issued. */
  title: string;
  /** Null once the course is deleted. */
  courseId: number | null;
  userId: number | null;
  holderName: string;
  cycle: number;
  courseVersion: number | null;
  issuedAt: Date;
  /** Null: valid for good. */
  expiresAt: Date | null;
  status: CertificateStatus;
  revokedAt: Date | null;
  revokedReason: string | null;
  /** The verification page is /verify/<code>: the holder's to share (none vouches for one earned elsewhere). */
  verificationCode: string;
  /** Earned elsewhere (docs/decisions/0350-external-certificates.md): who issued it, and its record's id. */
  issuer: string | null;
  externalId: number | null;
}

export interface HeldCertificateView extends CertificateView {
  /** The holder's departments and job roles (the certifications view's grouping and filter). */
  departments: string[];
  jobRoles: string[];
}

export function presentCertificate(row: CertificateRow, now: Date): CertificateView {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    courseId: row.courseId,
    userId: row.userId,
    holderName: row.holderName,
    cycle: row.cycle,
    courseVersion: row.courseVersion,
    issuedAt: row.issuedAt,
    expiresAt: row.expiresAt,
    status: certificateStatus(row, row.recertifyDaysBefore, now),
    revokedAt: row.revokedAt,
    revokedReason: row.revokedReason,
    verificationCode: row.verificationCode,
    issuer: row.issuer,
    externalId: row.externalId,
  };
}

export const presentCertificates = (rows: readonly CertificateRow[], now: Date): CertificateView[] =>
  rows.map((row) => presentCertificate(row, now));

/** The organization's certificates with their holders' departments and job roles. */
export function presentHeldCertificates(
  rows: readonly CertificateRow[],
  tagsByMembership: ReadonlyMap<number, HolderTags>,
  now: Date,
): HeldCertificateView[] {
  return rows.map((row) => {
    const tags = row.membershipId === null ? undefined : tagsByMembership.get(row.membershipId);
    return { ...presentCertificate(row, now), departments: tags?.departments ?? [], jobRoles: tags?.jobRoles ?? [] };
  });
}

const day = (date: Date | null) => (date === null ? "" : date.toISOString().slice(0, 10));

/** certificates/list as a CSV file (`format=csv`): the rows the certifications view shows. */
export const certificateListCsv = csvExport<HeldCertificateView[]>((certificates) => ({
  filename: csvFilename("certificates"),
  rows: [
    [
      "Holder",
      "Certification",
      "Number",
      "Status",
      "Issued",
      "Expires",
      "Departments",
      "Job roles",
      "Revoked reason",
      "Issued by",
    ],
    ...certificates.map((certificate) => [
      certificate.holderName,
      certificate.title,
      certificate.number,
      CERTIFICATE_STATUS_LABELS[certificate.status],
      day(certificate.issuedAt),
      day(certificate.expiresAt),
      certificate.departments.join("; "),
      certificate.jobRoles.join("; "),
      certificate.revokedReason ?? "",
      certificate.issuer ?? "",
    ]),
  ],
}));
