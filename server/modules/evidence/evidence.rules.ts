import type { EntityManager } from "@mikro-orm/core";
import { inScope, readRows } from "#server/platform/db/rows.js";
import { fail } from "#server/platform/http/errors.js";
import { EVIDENCE_MESSAGES } from "#shared/schemas/evidence.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days in UTC: from the first day's start to the end of the last. */
export function dayRange(from: string | undefined, to: string | undefined): { fromAt?: Date; beforeAt?: Date } {
  return {
    fromAt: from === undefined ? undefined : new Date(`${from}T00:00:00Z`),
    beforeAt: to === undefined ? undefined : new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS),
  };
}

/**
 * A person or course the filters name must appear in this organization's log: another organization's
 * (or one never trained) is "not found", as everywhere else, rather than an empty page.
 */
export async function assertNamedInLog(em: EntityManager, filter: { userId?: number; courseId?: number }) {
  if (filter.userId !== undefined) {
    const rows = await readRows(
      em,
      `select 1 from evidence_entries where ${inScope()} and (subject_user_id = ? or actor_id = ?) limit 1`,
      [filter.userId, filter.userId],
    );
    if (rows.length === 0) throw fail.notFound(EVIDENCE_MESSAGES.personNotFound);
  }
  if (filter.courseId !== undefined) {
    const rows = await readRows(em, `select 1 from evidence_entries where ${inScope()} and course_id = ? limit 1`, [
      filter.courseId,
    ]);
    if (rows.length === 0) throw fail.notFound(EVIDENCE_MESSAGES.courseNotFound);
  }
}
