import type { CourseCertification, MyTrainingParts } from "#server/modules/training/index.js";
import { settleCertificates } from "./certificate-cycles.js";
import { certificateRows } from "./certifications.data.js";
import { certificateStatus } from "./certifications.rules.js";

/**
 * My training's certifications (training's `myTrainingParts`, docs/decisions/0310-certificates-derived-from-completion.md):
 * the viewer's certificates settled first (so a window that opened starts the next cycle before My
 * training counts their completions), then, per course, the latest one. While its next cycle is open
 * and it is not revoked, the course is theirs again, due when it expires.
 */
export const certificationsMyTrainingPart: MyTrainingParts = {
  async certificationsOf(scope, viewer, now) {
    const userId = viewer.user.id;
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
  },
};
