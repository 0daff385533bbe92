import type { CourseCertification, MyTrainingParts } from "#server/modules/training/index.js";
import { type CycleScope, settleCertificates } from "./certificate-cycles.js";
import { certificateRows } from "./certifications.data.js";
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
  const latest = new Map<number, CourseCertification>();
  // Newest first: the first of each course is its latest cycle.
  for (const row of await certificateRows(scope.em, { userId })) {
    if (row.courseId === null || latest.has(row.courseId)) continue;
    const renewing = row.renewalOpenedAt !== null && row.revokedAt === null;
    latest.set(row.courseId, {
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
