import type { EntityManager } from "@mikro-orm/core";
import type { SqlEntityManager } from "@mikro-orm/knex";
import { z } from "zod";
import { inScope, readRow } from "#server/platform/db/rows.js";
import { countFromRow, takeTurn } from "#server/platform/db/sql-dialect.js";
import type { Config } from "#server/platform/http/config.js";
import { fail } from "#server/platform/http/errors.js";
import { type ScormStorageView, scormStorageFullMessage } from "#shared/schemas/scorm.js";

/**
 * An organization's SCORM packages share one storage limit, SCORM_STORAGE_MB (docs/decisions/0362-scorm-storage-per-organization.md),
 * apart from the images' (decision 0276): packages are far larger, and an operator sizes them apart. Each
 * package keeps its unpacked size, so the use is one sum over the organization's packages.
 */

/** Any number, as long as no other advisory lock of this database uses it: "scor" in the first key. */
const PACKAGE_STORAGE_LOCK = 0x73636f72;

type StorageContext = { em: SqlEntityManager; config: Pick<Config, "databaseUrl" | "scormStorageBytes"> };

/** The bytes of the organization's packages, leaving out the one of `replacedLesson` (an upload replaces it). */
async function packagesUsedBytes(em: EntityManager, replacedLesson: number | null): Promise<number> {
  const row = await readRow<{ used: unknown }>(
    em,
    `select coalesce(sum(size), 0) as used from scorm_packages where ${inScope()} and lesson_id <> ?`,
    [replacedLesson ?? 0],
  );
  return countFromRow(row?.used);
}

/**
 * Refuses (413) a package of `bytes` for `lessonId` when the organization's packages would then take more
 * than the limit; the lesson's own package, which it replaces, does not count. On PostgreSQL an
 * organization's uploads take turns from here to their commit; SQLite runs one writer at a time anyway.
 */
export async function assertPackageRoom(
  ctx: StorageContext & { organization: { id: number } },
  lessonId: number,
  bytes: number,
): Promise<void> {
  await takeTurn(ctx, PACKAGE_STORAGE_LOCK, ctx.organization.id);
  const usedBytes = await packagesUsedBytes(ctx.em, lessonId);
  const limitBytes = ctx.config.scormStorageBytes;
  if (usedBytes + bytes > limitBytes) throw fail.tooLarge(scormStorageFullMessage({ usedBytes, limitBytes }, bytes));
}

/** ScormStorageView as a declared answer (the OpenAPI document, the contract test). */
export const packageStorageAnswer = z.object({ usedBytes: z.number().int(), limitBytes: z.number().int() });

/** scorm/storage: the organization's packages against the limit. */
export async function packageStorageView(ctx: StorageContext): Promise<ScormStorageView> {
  return { usedBytes: await packagesUsedBytes(ctx.em, null), limitBytes: ctx.config.scormStorageBytes };
}
