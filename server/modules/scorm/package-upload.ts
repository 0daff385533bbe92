import { type CourseContext, lockLesson } from "#server/modules/courses/index.js";
import { managedUser, type SignedInUser } from "#server/modules/identity/index.js";
import { createOwned, type OrganizationScope } from "#server/platform/db/tenant-scope.js";
import type { Config } from "#server/platform/http/config.js";
import { fail } from "#server/platform/http/errors.js";
import { SCORM_MESSAGES, type ScormPackageView } from "#shared/schemas/scorm.js";
import { type PackageManifest, readManifest } from "./manifest.rules.js";
import { assertPackageRoom } from "./package-storage.js";
import { unpackPackage } from "./package-zip.rules.js";
import { ScormFile, ScormPackage } from "./scorm.entity.js";
import { contentTypeOf } from "./scorm-files.rules.js";

/**
 * scorm/upload (docs/decisions/0330-scorm-packages-in-the-database.md): the ZIP is read and checked before
 * the write begins (package-zip.rules.ts, manifest.rules.ts); the write then locks the lesson's course
 * (the one lock order, decision 0253) and replaces the lesson's package, or adds it.
 */

/** A package read whole from its ZIP: its files by path and what its manifest says. */
export interface UnpackedPackage {
  files: Map<string, Uint8Array>;
  manifest: PackageManifest;
}

const MANIFEST = "imsmanifest.xml";

/** The ZIP's files and manifest, or the refusal that says what is wrong with it. */
export function readPackage(zip: Uint8Array): UnpackedPackage {
  const files = unpackPackage(zip);
  const manifestBytes = files.get(MANIFEST);
  if (!manifestBytes) throw fail.badRequest(SCORM_MESSAGES.noManifest);
  const manifest = readManifest(new TextDecoder().decode(manifestBytes), new Set(files.keys()));
  return { files, manifest };
}

type UploadContext = CourseContext &
  OrganizationScope & {
    user: SignedInUser;
    organization: { id: number };
    config: Pick<Config, "databaseUrl" | "scormStorageBytes">;
  };

export async function storePackage(
  ctx: UploadContext,
  lessonId: number,
  unpacked: UnpackedPackage,
): Promise<ScormPackageView> {
  const lesson = await lockLesson(ctx, lessonId);
  const { manifest, files } = unpacked;
  const size = [...files.values()].reduce((sum, bytes) => sum + bytes.length, 0);
  // After the lesson's lock: the package it replaces is the one that stays until this one is written.
  await assertPackageRoom(ctx, lesson.id, size);
  const fields = {
    scormVersion: manifest.version,
    title: manifest.title,
    scos: JSON.stringify(manifest.scos),
    size,
    uploadedBy: managedUser(ctx.em, ctx.user),
  };
  let stored = await ctx.em.findOne(ScormPackage, { lesson: lesson.id });
  if (stored) {
    // A new version: the old files go, attempts keep the version they played.
    await ctx.em.nativeDelete(ScormFile, { package: stored.id });
    Object.assign(stored, fields, { version: stored.version + 1 });
  } else {
    stored = createOwned(ctx, ScormPackage, { lesson, ...fields });
  }
  for (const [path, bytes] of files) {
    createOwned(ctx, ScormFile, {
      package: stored,
      path,
      contentType: contentTypeOf(path),
      bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    });
  }
  await ctx.em.flush();
  return { version: manifest.version, title: manifest.title, scoCount: manifest.scos.length };
}
