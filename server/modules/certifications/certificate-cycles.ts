import type { SqlEntityManager } from "@mikro-orm/knex";
import { recountCourseProgress } from "#server/modules/progress/index.js";
import { inScope, readRows, scopedOrganizationId, writeRows } from "#server/platform/db/rows.js";
import { dateFromRow, dateParamOf } from "#server/platform/db/sql-dialect.js";
import { scopeToOrganization } from "#server/platform/db/tenant-scope.js";
import type { Config } from "#server/platform/http/config.js";
import { DEFAULT_RECERTIFY_DAYS_BEFORE } from "#shared/course-texts.js";
import { materializeCertificates } from "./certifications.data.js";
import { renewalOpensAt } from "./certifications.rules.js";

/**
 * A certification's cycles (docs/decisions/0310-certificates-derived-from-completion.md). When the
 * recertification window of a holder's current certificate opens (or it is revoked), the next cycle
 * opens: the completions that earned it move to certificate_completions, kept as its evidence, and the
 * course's progress is counted again, so the holder starts over while the certificate stays valid until it
 * expires. Done when first needed (a read of certificates or of "My training", the daily batch), once:
 * the update that marks the certificate wins for one caller alone.
 */

export interface CycleScope {
  em: SqlEntityManager;
  config: Pick<Config, "databaseUrl">;
}

/** Marks the certificate's next cycle open; 0 when another request did first. */
const MARK_OPENED = `update certificates set renewal_opened_at = ?
  where ${inScope()} and id = ? and renewal_opened_at is null`;

const KEEP_EVIDENCE = `insert into certificate_completions (organization_id, certificate_id, lesson_id, completed_at)
  select c.organization_id, ?, c.lesson_id, c.completed_at
  from completions c join lessons l on l.id = c.lesson_id join modules m on m.id = l.module_id
  where ${inScope("c")} and c.user_id = ? and m.course_id = ?
  on conflict (certificate_id, lesson_id) do nothing`;

const RELEASE_COMPLETIONS = `delete from completions where ${inScope()} and user_id = ?
  and lesson_id in (select l.id from lessons l join modules m on m.id = l.module_id where m.course_id = ?)`;

/** The next cycle of this certificate's holder and course, in the caller's transaction. */
export async function openNextCycle(
  scope: CycleScope,
  certificate: { id: number; userId: number; courseId: number },
  now: Date,
): Promise<boolean> {
  const { em } = scope;
  if ((await writeRows(em, MARK_OPENED, [dateParamOf(em, now), certificate.id])) === 0) return false;
  await writeRows(em, KEEP_EVIDENCE, [certificate.id, certificate.userId, certificate.courseId]);
  await writeRows(em, RELEASE_COMPLETIONS, [certificate.userId, certificate.courseId]);
  await recountCourseProgress(scope, [certificate.courseId]);
  return true;
}

interface CurrentRecord {
  id: number;
  user_id: number;
  course_id: number;
  expires_at: unknown;
  recertify_days_before: number | null;
}

/** Current certificates of courses that are still certifications, with an expiry: the ones that can renew. */
const CURRENT_EXPIRING = `select k.id, k.user_id, k.course_id, k.expires_at, c.recertify_days_before
  from certificates k join courses c on c.id = k.course_id
  where ${inScope("k")} and k.renewal_opened_at is null and k.expires_at is not null and k.user_id is not null
    and c.certified = true`;

/** Opens every next cycle whose window has begun at `now` (all holders', or one user's); how many it opened. */
async function openDueCycles(scope: CycleScope, now: Date, userId?: number): Promise<number> {
  const rows = await readRows<CurrentRecord>(
    scope.em,
    userId === undefined ? CURRENT_EXPIRING : `${CURRENT_EXPIRING} and k.user_id = ?`,
    userId === undefined ? [] : [userId],
  );
  const due = rows.filter((row) => {
    const expiresAt = dateFromRow(row.expires_at);
    const days = Number(row.recertify_days_before ?? DEFAULT_RECERTIFY_DAYS_BEFORE);
    return expiresAt !== null && now >= renewalOpensAt(expiresAt, days);
  });
  if (due.length === 0) return 0;
  const organizationId = scopedOrganizationId(scope.em);
  let opened = 0;
  // One transaction for all of them: a read that needs them open sees every one or none.
  await scope.em.transactional(async (tx) => {
    scopeToOrganization(tx, organizationId);
    for (const row of due) {
      const certificate = { id: Number(row.id), userId: Number(row.user_id), courseId: Number(row.course_id) };
      if (await openNextCycle({ em: tx, config: scope.config }, certificate, now)) opened += 1;
    }
  });
  return opened;
}

/**
 * Brings the certificates up to `now` before a read: issues what completions earned, then opens the
 * cycles whose window has begun (all holders', or one user's).
 */
export async function settleCertificates(scope: CycleScope, now: Date, userId?: number): Promise<void> {
  await materializeCertificates(scope.em, now, userId);
  await openDueCycles(scope, now, userId);
}
