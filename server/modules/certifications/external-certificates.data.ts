import type { SqlEntityManager } from "@mikro-orm/knex";
import { inScope, readRow, readRows, writeRows, writeRowsReturning } from "#server/platform/db/rows.js";
import { dateFromRow, dateParamOf } from "#server/platform/db/sql-dialect.js";
import type { ExternalStatus, ScanType } from "#shared/schemas/external-certificates.js";
import { newVerificationCode } from "./certifications.rules.js";
import { externalExpiryOf, externalIssuedAtOf } from "./external-certificates.rules.js";

/**
 * Certificates earned elsewhere as plain rows, in the request's organization
 * (docs/decisions/0350-external-certificates.md): the records, and the certificate an approval issues.
 */

export interface ExternalRow {
  id: number;
  userId: number | null;
  holderName: string;
  title: string;
  issuer: string;
  number: string;
  issuedOn: string;
  expiresOn: string | null;
  courseId: number | null;
  courseTitle: string | null;
  scanType: ScanType;
  status: ExternalStatus;
  submittedByName: string | null;
  reviewedAt: Date | null;
  reviewNote: string | null;
  certificateId: number | null;
  createdAt: Date;
}

interface ExternalRecord {
  id: number;
  user_id: number | null;
  holder_name: string;
  title: string;
  issuer: string;
  number: string;
  issued_on: string;
  expires_on: string | null;
  course_id: number | null;
  course_title: string | null;
  scan_type: ScanType;
  status: ExternalStatus;
  submitted_by_name: string | null;
  reviewed_at: unknown;
  review_note: string | null;
  certificate_id: number | null;
  created_at: unknown;
}

const optionalNumber = (value: number | null) => (value === null ? null : Number(value));

const EXTERNAL_SELECT = `select x.id, x.user_id, x.holder_name, x.title, x.issuer, x.number, x.issued_on, x.expires_on,
    x.course_id, c.title as course_title, s.content_type as scan_type, x.status, sb.name as submitted_by_name,
    x.reviewed_at, x.review_note, x.certificate_id, x.created_at
  from external_certificates x
  join certificate_scans s on s.id = x.scan_id
  left join courses c on c.id = x.course_id
  left join users sb on sb.id = x.submitted_by_id`;

function externalFromRecord(row: ExternalRecord): ExternalRow {
  return {
    id: Number(row.id),
    userId: optionalNumber(row.user_id),
    holderName: row.holder_name,
    title: row.title,
    issuer: row.issuer,
    number: row.number,
    issuedOn: row.issued_on,
    expiresOn: row.expires_on,
    courseId: optionalNumber(row.course_id),
    courseTitle: row.course_title,
    scanType: row.scan_type,
    status: row.status,
    submittedByName: row.submitted_by_name,
    reviewedAt: dateFromRow(row.reviewed_at),
    reviewNote: row.review_note,
    certificateId: optionalNumber(row.certificate_id),
    createdAt: dateFromRow(row.created_at) ?? new Date(0),
  };
}

/** The organization's records (or one holder's), by status, newest first. */
export async function externalRows(
  em: SqlEntityManager,
  filter: { userId?: number; status?: ExternalStatus },
): Promise<ExternalRow[]> {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (filter.userId !== undefined) {
    clauses.push("x.user_id = ?");
    params.push(filter.userId);
  }
  if (filter.status !== undefined) {
    clauses.push("x.status = ?");
    params.push(filter.status);
  }
  const rows = await readRows<ExternalRecord>(
    em,
    `${EXTERNAL_SELECT} where ${inScope("x")}${clauses.map((clause) => ` and ${clause}`).join("")}
     order by x.created_at desc, x.id desc`,
    params,
  );
  return rows.map(externalFromRecord);
}

export async function externalById(em: SqlEntityManager, id: number): Promise<ExternalRow | undefined> {
  const row = await readRow<ExternalRecord>(em, `${EXTERNAL_SELECT} where ${inScope("x")} and x.id = ?`, [id]);
  return row && externalFromRecord(row);
}

/** A member of the organization by user id, with the name their certificate carries. */
export async function holderOf(em: SqlEntityManager, userId: number): Promise<{ name: string } | undefined> {
  return readRow<{ name: string }>(
    em,
    `select coalesce(ms.display_name, u.name) as name from memberships ms join users u on u.id = ms.user_id
     where ${inScope("ms")} and ms.user_id = ?`,
    [userId],
  );
}

/** A course of the organization and whether it is a certification. */
export async function courseCertified(em: SqlEntityManager, courseId: number): Promise<boolean | undefined> {
  const row = await readRow<{ certified: unknown }>(em, `select certified from courses where ${inScope()} and id = ?`, [
    courseId,
  ]);
  return row === undefined ? undefined : Boolean(row.certified);
}

/** A scan the caller uploaded that no record names yet: its id. */
export async function unusedScanId(em: SqlEntityManager, key: string, uploaderId: number): Promise<number | undefined> {
  const row = await readRow<{ id: number }>(
    em,
    `select s.id from certificate_scans s where ${inScope("s")} and s.key = ? and s.uploaded_by_id = ?
       and not exists (select 1 from external_certificates x where x.scan_id = s.id)`,
    [key, uploaderId],
  );
  return row && Number(row.id);
}

export interface NewExternal {
  userId: number;
  holderName: string;
  title: string;
  issuer: string;
  number: string;
  issuedOn: string;
  expiresOn: string | null;
  courseId: number | null;
  scanId: number;
  status: ExternalStatus;
  submittedById: number;
}

export async function insertExternal(em: SqlEntityManager, record: NewExternal, now: Date): Promise<number> {
  const [row] = await writeRowsReturning<{ id: number }>(
    em,
    `insert into external_certificates (organization_id, user_id, holder_name, title, issuer, number, issued_on,
       expires_on, course_id, scan_id, status, submitted_by_id, created_at)
     select s.organization_id, ?, ?, ?, ?, ?, ?, ?, ?, s.id, ?, ?, ? from certificate_scans s
     where ${inScope("s")} and s.id = ?
     returning id`,
    [
      record.userId,
      record.holderName,
      record.title,
      record.issuer,
      record.number,
      record.issuedOn,
      record.expiresOn,
      record.courseId,
      record.status,
      record.submittedById,
      dateParamOf(em, now),
      record.scanId,
    ],
  );
  return Number(row?.id);
}

/** Marks a pending record reviewed; 0 when it was reviewed meanwhile (the first review wins). */
export async function markReviewed(
  em: SqlEntityManager,
  review: { id: number; status: ExternalStatus; reviewerId: number; note: string | null },
  now: Date,
): Promise<number> {
  return writeRows(
    em,
    `update external_certificates set status = ?, reviewed_by_id = ?, reviewed_at = ?, review_note = ?
     where ${inScope()} and id = ? and status = 'pending'`,
    [review.status, review.reviewerId, dateParamOf(em, now), review.note, review.id],
  );
}

/**
 * The certificate an approved record issues: its dates as the card says, the issuer's number shown in its
 * place (certifications.data.ts), a number of its own that cannot collide with an issued one. Fulfilling a
 * course, it becomes the holder's current certificate of it: one still current is closed without moving
 * its completions, so the holder keeps them until this one's window opens.
 */
export async function issueExternalCertificate(em: SqlEntityManager, external: ExternalRow, now: Date): Promise<void> {
  const issuedAt = externalIssuedAtOf(external.issuedOn);
  const expiresAt = externalExpiryOf(external.expiresOn);
  let cycle = 1;
  if (external.courseId !== null && external.userId !== null) {
    const earlier = await readRow<{ count: unknown }>(
      em,
      `select count(*) as count from certificates where ${inScope()} and course_id = ? and user_id = ?`,
      [external.courseId, external.userId],
    );
    cycle = Number(earlier?.count ?? 0) + 1;
    await writeRows(
      em,
      `update certificates set renewal_opened_at = ?
       where ${inScope()} and course_id = ? and user_id = ? and renewal_opened_at is null`,
      [dateParamOf(em, now), external.courseId, external.userId],
    );
  }
  const [row] = await writeRowsReturning<{ id: number }>(
    em,
    `insert into certificates (organization_id, user_id, course_id, cycle, number, verification_code, title,
       holder_name, course_version, issued_at, expires_at, created_at)
     select x.organization_id, x.user_id, x.course_id, ?, ?, ?, x.title, x.holder_name, null, ?, ?, ?
     from external_certificates x where ${inScope("x")} and x.id = ?
     returning id`,
    [
      cycle,
      `EXT-${external.id}`,
      newVerificationCode(),
      dateParamOf(em, issuedAt),
      expiresAt === null ? null : dateParamOf(em, expiresAt),
      dateParamOf(em, now),
      external.id,
    ],
  );
  await writeRows(em, `update external_certificates set certificate_id = ? where ${inScope()} and id = ?`, [
    Number(row?.id),
    external.id,
  ]);
}

/** The scan of a record, with its bytes. */
export async function scanOf(
  em: SqlEntityManager,
  externalId: number,
): Promise<{ contentType: ScanType; bytes: Uint8Array; userId: number | null } | undefined> {
  const row = await readRow<{ content_type: ScanType; bytes: Uint8Array; user_id: number | null }>(
    em,
    `select s.content_type, s.bytes, x.user_id from external_certificates x join certificate_scans s on s.id = x.scan_id
     where ${inScope("x")} and x.id = ?`,
    [externalId],
  );
  return row && { contentType: row.content_type, bytes: row.bytes, userId: optionalNumber(row.user_id) };
}
