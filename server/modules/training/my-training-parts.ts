import type { SqlEntityManager } from "@mikro-orm/knex";
import type { MembershipRecord } from "#server/modules/identity/index.js";
import { Hooks } from "#server/platform/api/hooks.js";
import type { Config } from "#server/platform/http/config.js";
import type { CertificateStatus } from "#shared/schemas/certificates.js";

/**
 * The part of "My training" another module fills (docs/decisions/0290-module-hooks.md): a certification's
 * standing, from the certifications module, registered by server/router.ts. It runs before My training
 * reads the viewer's completions, because it may start the viewer's next cycle of a certification (their
 * progress on it starts over, docs/decisions/0310-certificates-derived-from-completion.md).
 */

/** The viewer's certificate of a course, and the deadline it sets when it is due again. */
export interface CourseCertification {
  status: CertificateStatus;
  expiresAt: Date | null;
  /** The course is the viewer's again, required by this moment (its expiry), while the window is open. */
  renewalDueAt: Date | null;
}

export interface MyTrainingParts {
  /** By course id: the viewer's current certificate of each certification course they hold one of. */
  certificationsOf(
    scope: { em: SqlEntityManager; config: Pick<Config, "databaseUrl"> },
    viewer: MembershipRecord,
    now: Date,
  ): Promise<Map<number, CourseCertification>>;
}

export const myTrainingParts = new Hooks<MyTrainingParts>("myTrainingParts");

/** Every registered part's answer in one map (none registered: no certifications). */
export async function certificationsOfViewer(
  scope: { em: SqlEntityManager; config: Pick<Config, "databaseUrl"> },
  viewer: MembershipRecord,
  now: Date,
): Promise<Map<number, CourseCertification>> {
  const merged = new Map<number, CourseCertification>();
  for (const part of myTrainingParts.all) {
    for (const [courseId, certification] of await part.certificationsOf(scope, viewer, now)) {
      merged.set(courseId, certification);
    }
  }
  return merged;
}
