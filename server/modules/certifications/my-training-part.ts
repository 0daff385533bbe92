import type { CourseCertification, MyTrainingParts } from "#server/modules/training/index.js";
import { type CycleScope, settleCertificates } from "./certificate-cycles.js";
import { type CertificateRow, certificateRows } from "./certifications.data.js";
import { certificateStatus } from "./certifications.rules.js";

/**
 * A holder's latest certificate of each certification course, settled first (so a window that opened
 * starts the next cycle before anyone counts their completions). While its next cycle is open and it is
 * not revoked, the course is theirs again, due when it expires (decision 0312).
 */
export async function latestCertificates(
  scope: CycleScope,
  userId: number,
  now: Date,
): Promise<Map<number, CourseCertification>> {
  await settleCertificates(scope, now, userId);
  return latestBy(await certificateRows(scope.em, { userId }), (row) => row.courseId, now);
}

/**
 * Each holder's latest certificate of one course, by user id (the course report's column), settled first
 * for everyone.
 */
export async function courseCertificates(
  scope: CycleScope,
  courseId: number,
  now: Date,
): Promise<Map<number, CourseCertification>> {
  await settleCertificates(scope, now);
  return latestBy(await certificateRows(scope.em, { courseId }), (row) => row.userId, now);
}

/** The first row of each key, of rows newest first: its latest cycle, as a certification's standing. */
function latestBy(
  rows: readonly CertificateRow[],
  keyOf: (row: CertificateRow) => number | null,
  now: Date,
): Map<number, CourseCertification> {
  const latest = new Map<number, CourseCertification>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key === null || latest.has(key)) continue;
    const renewing = row.renewalOpenedAt !== null && row.revokedAt === null;
    latest.set(key, {
      status: certificateStatus(row, row.recertifyDaysBefore, now),
      expiresAt: row.expiresAt,
      renewalDueAt: renewing ? row.expiresAt : null,
    });
  }
  return latest;
}

/** My training's certifications (training's `myTrainingParts`): the viewer's latest certificates. */
export const certificationsMyTrainingPart: MyTrainingParts = {
  certificationsOf: (scope, viewer, now) => latestCertificates(scope, viewer.user.id, now),
};
