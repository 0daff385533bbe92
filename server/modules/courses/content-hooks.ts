import type { SqlEntityManager } from "@mikro-orm/knex";
import type { z } from "zod";
import { Hooks } from "#server/platform/api/hooks.js";
import type { SignedInUser } from "#server/platform/api/session.js";
import type { OrganizationScope } from "#server/platform/db/tenant-scope.js";
import type { Config } from "#server/platform/http/config.js";
import type { Role } from "#shared/roles.js";
import type { updateLessonInput } from "#shared/schemas/courses.js";
import type { Course, Lesson } from "./course.entity.js";

/**
 * What the modules above courses do inside a course write (docs/DESIGN.md §3): the search index follows
 * the content, progress counts again when lessons go, a lesson's sign-off versions follow its saves, and a
 * duplicated course takes its knowledge checks and sign-off versions along. Each such module exports its
 * CourseContentHook and server/router.ts registers it; courses imports none of them. Every hook runs with
 * the write's own entity manager, in its transaction, where the write's statements ran before.
 */

/** The write a hook acts in: the procedure's transaction, the request's organization and the caller. */
export interface CourseWriteScope extends OrganizationScope {
  em: SqlEntityManager;
  config: Pick<Config, "databaseUrl">;
  user: SignedInUser;
}

/** The content a write created or changed, by id. */
export interface ContentChange {
  courseIds?: number[];
  moduleIds?: number[];
  lessonIds?: number[];
}

/** A lesson's text and sign-off flag as they were before a save set its fields. */
export interface LessonBefore {
  title: string;
  content: string | null;
  requiresSignoff: boolean;
}

/** What lessons/update says about the change besides its fields (material or minor, and why). */
export type LessonSaveRequest = Pick<z.infer<typeof updateLessonInput>, "change" | "changeSummary">;

export interface CourseContentHook {
  /** Courses, modules or lessons were created or changed, and flushed. */
  written?(scope: CourseWriteScope, change: ContentChange): Promise<void>;
  /** Lessons or modules of these courses were deleted. */
  removed?(scope: CourseWriteScope, courseIds: readonly number[]): Promise<void>;
  /**
   * lessons/update, its fields set, its version not yet counted: the write to make once it is (which
   * counts a version even when no field changed), or null. It may refuse the save by throwing.
   */
  lessonSaved?(
    scope: CourseWriteScope,
    lesson: Lesson,
    before: LessonBefore,
    request: LessonSaveRequest,
  ): (() => Promise<void>) | null;
  /** courses/duplicate: the copies are created, not flushed; `lessonCopies` maps each source lesson's id to its copy. */
  copying?(scope: CourseWriteScope, source: Course, lessonCopies: ReadonlyMap<number, Lesson>): Promise<void>;
  /** courses/duplicate: the copy is flushed, with its modules and lessons. */
  copied?(scope: CourseWriteScope, copy: Course): Promise<void>;
}

export const courseContentHooks = new Hooks<CourseContentHook>("courseContentHooks");

/** The courses courses/list's search text matches: the search module's engine, registered as the one. */
export interface CourseSearch {
  courseIdsMatching(
    scope: { em: SqlEntityManager; config: Pick<Config, "databaseUrl">; role: Role },
    text: string,
  ): Promise<number[]>;
}

export const courseSearch = new Hooks<CourseSearch>("courseSearch");

/** Runs every `written` hook: after a write's flush (lessons/restore-version is one, in signoff). */
export async function contentWritten(scope: CourseWriteScope, change: ContentChange): Promise<void> {
  for (const hook of courseContentHooks.all) await hook.written?.(scope, change);
}

export async function contentRemoved(scope: CourseWriteScope, courseIds: readonly number[]): Promise<void> {
  for (const hook of courseContentHooks.all) await hook.removed?.(scope, courseIds);
}

export function lessonBefore(lesson: Lesson): LessonBefore {
  return { title: lesson.title, content: lesson.content, requiresSignoff: lesson.requiresSignoff };
}

/** The writes the hooks ask of a lessons/update, in their order; none when the save records nothing more. */
export function lessonSaveWrites(
  scope: CourseWriteScope,
  lesson: Lesson,
  before: LessonBefore,
  request: LessonSaveRequest,
): (() => Promise<void>)[] {
  return courseContentHooks.all.flatMap((hook) => hook.lessonSaved?.(scope, lesson, before, request) ?? []);
}

export async function courseCopying(
  scope: CourseWriteScope,
  source: Course,
  lessonCopies: ReadonlyMap<number, Lesson>,
): Promise<void> {
  for (const hook of courseContentHooks.all) await hook.copying?.(scope, source, lessonCopies);
}

export async function courseCopied(scope: CourseWriteScope, copy: Course): Promise<void> {
  for (const hook of courseContentHooks.all) await hook.copied?.(scope, copy);
}
