import type { SqlEntityManager } from "@mikro-orm/knex";
import { tagsOfMemberships, tagsWithIds } from "#server/modules/tags/index.js";
import { inScope, readRow, readRows, writeRows } from "#server/platform/db/rows.js";
import { dateFromRow, dateParamOf } from "#server/platform/db/sql-dialect.js";
import { DEFAULT_RECERTIFY_DAYS_BEFORE } from "#shared/course-texts.js";
import { certificateNumber, expiryOf, newVerificationCode } from "./certifications.rules.js";

/**
 * Certificates as plain rows (decision 0150), in the request's organization: the ones to materialize from
 * completed certification courses, and the ones issued (docs/decisions/0310-certificates-derived-from-completion.md).
 */

/** A certificate as the lists, the PDF and the rules read it. */
export interface CertificateRow {
  id: number;
  userId: number | null;
  courseId: number | null;
  cycle: number;
  number: string;
  verificationCode: string;
  title: string;
  holderName: string;
  courseVersion: number | null;
  issuedAt: Date;
  expiresAt: Date | null;
  renewalOpenedAt: Date | null;
  revokedAt: Date | null;
  revokedReason: string | null;
  /** The course's window before expiry (the default once the course is gone). */
  recertifyDaysBefore: number;
  /** The holder's membership, while they are a member. */
  membershipId: number | null;
  /** Who issued it when it was earned elsewhere (docs/decisions/0350-external-certificates.md); null: here. */
  issuer: string | null;
  /** Its record when earned elsewhere (the scan's key in certificates/scan). */
  externalId: number | null;
}

interface CertificateRecord {
  id: number;
  user_id: number | null;
  course_id: number | null;
  cycle: number;
  number: string;
  verification_code: string;
  title: string;
  holder_name: string;
  course_version: number | null;
  issued_at: unknown;
  expires_at: unknown;
  renewal_opened_at: unknown;
  revoked_at: unknown;
  revoked_reason: string | null;
  recertify_days_before: number | null;
  membership_id: number | null;
  issuer: string | null;
  external_id: number | null;
}

const optionalNumber = (value: number | null) => (value === null ? null : Number(value));

function certificateFromRecord(row: CertificateRecord): CertificateRow {
  return {
    id: Number(row.id),
    userId: optionalNumber(row.user_id),
    courseId: optionalNumber(row.course_id),
    cycle: Number(row.cycle),
    number: row.number,
    verificationCode: row.verification_code,
    title: row.title,
    holderName: row.holder_name,
    courseVersion: optionalNumber(row.course_version),
    issuedAt: dateFromRow(row.issued_at) ?? new Date(0),
    expiresAt: dateFromRow(row.expires_at),
    renewalOpenedAt: dateFromRow(row.renewal_opened_at),
    revokedAt: dateFromRow(row.revoked_at),
    revokedReason: row.revoked_reason,
    recertifyDaysBefore: Number(row.recertify_days_before ?? DEFAULT_RECERTIFY_DAYS_BEFORE),
    membershipId: optionalNumber(row.membership_id),
    issuer: row.issuer,
    externalId: optionalNumber(row.external_id),
  };
}

/**
 * The certificate's columns with its course's window, its holder's membership and, earned elsewhere, its
 * record (k, c, ms, x: the issuer's number, maybe none, in place of its own), and what a caller adds: more columns and
 * joins.
 */
export const certificateSelect = (moreColumns = "", moreJoins = "") =>
  `select k.id, k.user_id, k.course_id, k.cycle, case when x.id is null then k.number else x.number end as number,
    k.verification_code, k.title, k.holder_name,
    k.course_version, k.issued_at, k.expires_at, k.renewal_opened_at, k.revoked_at, k.revoked_reason,
    c.recertify_days_before, ms.id as membership_id, x.issuer, x.id as external_id${moreColumns}
  from certificates k
  left join courses c on c.id = k.course_id
  left join memberships ms on ms.user_id = k.user_id and ms.organization_id = k.organization_id
  left join external_certificates x on x.certificate_id = k.id${moreJoins}`;

const CERTIFICATE_SELECT = certificateSelect();

export { certificateFromRecord, type CertificateRecord };

/** What a list asks for: one holder, one course, or all. */
export interface CertificateFilter {
  userId?: number;
  courseId?: number;
}

/** The organization's certificates (every cycle), newest first. */
export async function certificateRows(em: SqlEntityManager, filter: CertificateFilter): Promise<CertificateRow[]> {
  const clauses: string[] = [];
  const params: number[] = [];
  if (filter.userId !== undefined) {
    clauses.push("k.user_id = ?");
    params.push(filter.userId);
  }
  if (filter.courseId !== undefined) {
    clauses.push("k.course_id = ?");
    params.push(filter.courseId);
  }
  const rows = await readRows<CertificateRecord>(
    em,
    `${CERTIFICATE_SELECT} where ${inScope("k")}${clauses.map((clause) => ` and ${clause}`).join("")}
     order by k.issued_at desc, k.id desc`,
    params,
  );
  return rows.map(certificateFromRecord);
}

export async function certificateById(em: SqlEntityManager, id: number): Promise<CertificateRow | undefined> {
  const row = await readRow<CertificateRecord>(em, `${CERTIFICATE_SELECT} where ${inScope("k")} and k.id = ?`, [id]);
  return row && certificateFromRecord(row);
}

/** A member's completion of a certification course that no certificate of the current cycle holds yet. */
interface UnissuedRecord {
  user_id: number;
  course_id: number;
  last_completed_at: unknown;
  title: string;
  version: number;
  validity_months: number | null;
  holder_name: string;
  earlier: unknown;
}

/**
 * Members whose every lesson of a certification course is completed (the course page's rule, on the
 * progress table) and who hold no certificate of its current cycle: a cycle is current until its next
 * opens (renewal_opened_at).
 */
const UNISSUED = `select p.user_id, p.course_id, p.last_completed_at, c.title, c.version, c.validity_months,
    coalesce(ms.display_name, u.name) as holder_name,
    (select count(*) from certificates e where e.course_id = p.course_id and e.user_id = p.user_id) as earlier
  from course_progress p
  join courses c on c.id = p.course_id
  join memberships ms on ms.user_id = p.user_id and ms.organization_id = p.organization_id
  join users u on u.id = p.user_id
  where ${inScope("p")} and c.certified = true
    and p.completed_lessons >= (select count(*) from lessons l join modules m on m.id = l.module_id
      where m.course_id = c.id)
    and not exists (select 1 from certificates k where k.course_id = p.course_id and k.user_id = p.user_id
      and k.renewal_opened_at is null)`;

/**
 * One certificate, from the member's progress row (which also names the organization); a second request
 * materializing the same one meanwhile inserts nothing (the unique key of course, holder and cycle).
 */
const INSERT_CERTIFICATE = `insert into certificates (organization_id, user_id, course_id, cycle, number,
    verification_code, title, holder_name, course_version, issued_at, expires_at, created_at)
  select p.organization_id, p.user_id, p.course_id, ?, ?, ?, ?, ?, ?, ?, ?, ?
  from course_progress p where ${inScope("p")} and p.course_id = ? and p.user_id = ?
  on conflict (course_id, user_id, cycle) do nothing`;

/**
 * Materializes the certificates that completions earned and no row holds yet (all members', or one
 * user's): the completion path stays as it is, and a certificate exists from the first read that needs it.
 */
export async function materializeCertificates(em: SqlEntityManager, now: Date, userId?: number): Promise<number> {
  const rows = await readRows<UnissuedRecord>(
    em,
    userId === undefined ? UNISSUED : `${UNISSUED} and p.user_id = ?`,
    userId === undefined ? [] : [userId],
  );
  let issued = 0;
  for (const row of rows) {
    const issuedAt = dateFromRow(row.last_completed_at) ?? now;
    const expiresAt = expiryOf(issuedAt, optionalNumber(row.validity_months));
    const [courseId, holderId, cycle] = [Number(row.course_id), Number(row.user_id), Number(row.earlier) + 1];
    issued += await writeRows(em, INSERT_CERTIFICATE, [
      cycle,
      certificateNumber(courseId, holderId, cycle),
      newVerificationCode(),
      row.title,
      row.holder_name,
      Number(row.version),
      dateParamOf(em, issuedAt),
      expiresAt === null ? null : dateParamOf(em, expiresAt),
      dateParamOf(em, now),
      courseId,
      holderId,
    ]);
  }
  return issued;
}

/** A holder's departments and job roles by name, and every tag that reaches them (a role's department too). */
export interface HolderTags {
  reach: ReadonlySet<number>;
  departments: string[];
  jobRoles: string[];
}

/** The holders' tags by membership: their own, and the department of each of their job roles. */
export async function holderTags(
  em: SqlEntityManager,
  rows: readonly CertificateRow[],
): Promise<Map<number, HolderTags>> {
  const ids = [...new Set(rows.flatMap((row) => (row.membershipId === null ? [] : [row.membershipId])))];
  const own = await tagsOfMemberships(em, ids);
  const known = new Map([...own.values()].flat().map((tag) => [tag.id, tag]));
  const parentIds = [...new Set([...known.values()].flatMap((tag) => (tag.parentId === null ? [] : [tag.parentId])))];
  for (const parent of await tagsWithIds(
    em,
    parentIds.filter((id) => !known.has(id)),
  ))
    known.set(parent.id, parent);
  const byMembership = new Map<number, HolderTags>();
  for (const [membershipId, tags] of own) {
    const reach = new Set<number>();
    const departments = new Set<string>();
    const jobRoles = new Set<string>();
    for (const tag of tags) {
      reach.add(tag.id);
      if (tag.type === "role") jobRoles.add(tag.name);
      else departments.add(tag.name);
      const parent = tag.parentId === null ? undefined : known.get(tag.parentId);
      if (parent) {
        reach.add(parent.id);
        departments.add(parent.name);
      }
    }
    byMembership.set(membershipId, { reach, departments: [...departments].sort(), jobRoles: [...jobRoles].sort() });
  }
  return byMembership;
}
