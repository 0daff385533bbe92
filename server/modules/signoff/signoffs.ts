import { createHash } from "node:crypto";
import type { SqlEntityManager } from "@mikro-orm/knex";
import { Completion, type Lesson, type LessonBefore } from "#server/modules/courses/index.js";
import { managedUser, type SignedInUser } from "#server/modules/identity/index.js";
import { recountLessonCourseProgress } from "#server/modules/progress/index.js";
import { createOwned, type OrganizationScope } from "#server/platform/db/tenant-scope.js";
import type { Config } from "#server/platform/http/config.js";
import { fail } from "#server/platform/http/errors.js";
import { SIGNOFF_MESSAGES, type SignoffChange, type SignoffStatus } from "#shared/schemas/signoffs.js";
import { LessonVersion, Signature } from "./signoff.entity.js";

/**
 * Sign-off lessons (docs/SPEC.md §7, docs/decisions/0100-signoff-records.md, 0101-signoff-progress.md).
 * A signature counts while no material change came after the version it signed. Progress reads
 * completions only: signing writes the lesson's completion, a material change removes the lesson's
 * completions (the signatures stay, outdated), so every progress figure means "signed at the current
 * version" for sign-off lessons without knowing about them.
 */

export interface SignoffScope extends OrganizationScope {
  em: SqlEntityManager;
  config: Pick<Config, "databaseUrl">;
  user: SignedInUser;
}

/** What a signature names: SHA-256 of the title and content exactly as stored. */
function contentHashOf(title: string, content: string | null): string {
  return createHash("sha256")
    .update(JSON.stringify([title, content ?? ""]))
    .digest("hex");
}

export interface SignoffChangeRequest {
  change?: SignoffChange;
  changeSummary?: string;
}

/** The version a save records once its fields are set, or null when it records none. */
export interface RecordedChange {
  change: SignoffChange;
  summary: string | null;
}

/** Turning sign-off on is material: what was read before without signing has to be signed now. */
const SIGNOFF_TURNED_ON = "Sign-off required";

/**
 * Which version a lessons/update records (decision 0102): none for a lesson without sign-off; material
 * when sign-off is turned on or the author says so (even with no text changed since the last autosave:
 * that is how the editor publishes a material change); minor for any other change of title or content.
 */
export function recordedChangeOf(before: LessonBefore, lesson: Lesson, request: SignoffChangeRequest) {
  if (!lesson.requiresSignoff) {
    if (request.change === "material") throw fail.badRequest(SIGNOFF_MESSAGES.materialNeedsSignoff);
    return null;
  }
  const summary = request.changeSummary ?? null;
  if (!before.requiresSignoff) return { change: "material", summary: summary ?? SIGNOFF_TURNED_ON } as RecordedChange;
  if (request.change === "material") return { change: "material", summary } as RecordedChange;
  const textChanged = before.title !== lesson.title || before.content !== lesson.content;
  return textChanged ? ({ change: "minor", summary } as RecordedChange) : null;
}

/**
 * Stores the lesson as it now stands as a version (its `version` already counted). A material version
 * takes the lesson's completions away: each member completes it again by signing this version.
 */
export async function recordLessonVersion(
  scope: SignoffScope,
  lesson: Lesson,
  recorded: RecordedChange,
): Promise<LessonVersion> {
  const row = createVersionRow(scope, lesson, recorded);
  if (recorded.change === "material") {
    await scope.em.nativeDelete(Completion, { lesson: lesson.id });
    await recountLessonCourseProgress(scope, lesson.id);
  }
  return row;
}

/** The version row of the lesson as it now stands, unflushed; touches nothing else. */
export function createVersionRow(scope: SignoffScope, lesson: Lesson, recorded: RecordedChange): LessonVersion {
  return createOwned(scope, LessonVersion, {
    lesson,
    version: lesson.version,
    change: recorded.change,
    summary: recorded.summary,
    author: managedUser(scope.em, scope.user),
    authorName: scope.user.name,
    title: lesson.title,
    content: lesson.content,
    contentHash: contentHashOf(lesson.title, lesson.content),
  });
}

/** The version of the text the lesson shows at `version`: the latest saved at or before it. */
export async function versionShownAt(em: SqlEntityManager, lessonId: number, version: number) {
  return em.findOne(
    LessonVersion,
    { lesson: lessonId, version: { $lte: version } },
    { orderBy: { version: "desc", id: "desc" } },
  );
}

/** Per lesson, the edit version of its latest material change: signatures older than it are outdated. */
export async function materialVersions(em: SqlEntityManager, lessonIds: readonly number[]) {
  const latest = new Map<number, number>();
  if (lessonIds.length === 0) return latest;
  const rows = await em.find(
    LessonVersion,
    { lesson: { $in: [...lessonIds] }, change: "material" },
    { fields: ["lesson", "version"] },
  );
  for (const row of rows) {
    const lessonId = row.lesson?.id;
    if (lessonId !== undefined) latest.set(lessonId, Math.max(latest.get(lessonId) ?? 0, row.version));
  }
  return latest;
}

/** Per lesson, the user's latest signature (highest version signed). */
export async function latestSignatures(em: SqlEntityManager, userId: number, lessonIds: readonly number[]) {
  const latest = new Map<number, Signature>();
  if (lessonIds.length === 0) return latest;
  const rows = await em.find(Signature, { user: userId, lesson: { $in: [...lessonIds] } });
  for (const row of rows) {
    const lessonId = row.lesson?.id;
    if (lessonId === undefined) continue;
    const known = latest.get(lessonId);
    if (!known || row.version > known.version) latest.set(lessonId, row);
  }
  return latest;
}

export function signoffStatusOf(materialVersion: number, signedVersion: number | null): SignoffStatus {
  if (signedVersion === null) return "unsigned";
  return signedVersion >= materialVersion ? "signed" : "outdated";
}

const USER_AGENT_MAX = 512;

/** The request's user agent as stored: printable characters only, at most the column's length. */
export function storedUserAgent(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header.join(" ") : (header ?? "");
  return value.replace(/[^\x20-\x7e\u00a0-\uffff]/g, "").slice(0, USER_AGENT_MAX);
}
