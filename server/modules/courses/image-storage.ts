import type { EntityManager } from "@mikro-orm/core";
import type { SqlEntityManager } from "@mikro-orm/knex";
import { inScope, readRow } from "#server/platform/db/rows.js";
import { countFromRow, takeTurn } from "#server/platform/db/sql-dialect.js";
import type { Config } from "#server/platform/http/config.js";
import { fail } from "#server/platform/http/errors.js";
import { ORGANIZATION_STORAGE_BYTES } from "#shared/constants.js";
import { UPLOAD_MESSAGES } from "#shared/schemas/uploads.js";

/**
 * An organization's images share one storage limit, ORGANIZATION_STORAGE_BYTES, across all its courses
 * (docs/decisions/0276-image-storage-per-organization.md). Each image row keeps its size, so the use is
 * one sum over the organization's rows, never a read of the images.
 */

/** Any number, as long as no other advisory lock of this database uses it: "imgs" in the first key. */
const IMAGE_STORAGE_LOCK = 0x696d6773;

/** The bytes of images the organization stores now (inside a write, read in its transaction). */
async function storageUsedBytes(em: EntityManager): Promise<number> {
  const row = await readRow<{ used: unknown }>(
    em,
    `select coalesce(sum(size), 0) as used from course_images where ${inScope()}`,
  );
  return countFromRow(row?.used);
}

/**
 * Refuses (413) adding `bytes` more when the organization's images would then take more than its limit.
 * On PostgreSQL an organization's uploads and copies take turns from here to their commit, so two at
 * once cannot both fit in the last of the room; SQLite runs one writer at a time anyway.
 */
export async function assertStorageRoom(
  ctx: { em: SqlEntityManager; config: Pick<Config, "databaseUrl">; organization: { id: number } },
  bytes: number,
): Promise<void> {
  await takeTurn(ctx, IMAGE_STORAGE_LOCK, ctx.organization.id);
  const used = await storageUsedBytes(ctx.em);
  if (used + bytes > ORGANIZATION_STORAGE_BYTES) throw fail.tooLarge(UPLOAD_MESSAGES.storageFull);
}

/** orgs/storage: what the settings page shows as "X MB of Y MB used". */
export interface StorageView {
  usedBytes: number;
  limitBytes: number;
}

/** orgs/storage's answer: the organization's images against its limit. */
export async function storageView(em: EntityManager): Promise<StorageView> {
  return {
    usedBytes: await storageUsedBytes(em),
    limitBytes: ORGANIZATION_STORAGE_BYTES,
  };
}
