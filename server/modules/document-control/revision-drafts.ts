import type { SqlEntityManager } from "@mikro-orm/knex";
import {
  type Course,
  type CourseWriteScope,
  Lesson,
  type LessonDraftStore,
  type SavedLesson,
} from "#server/modules/courses/index.js";
import { managedUser } from "#server/modules/identity/index.js";
import { createOwned } from "#server/platform/db/tenant-scope.js";
import { fail } from "#server/platform/http/errors.js";
import { COURSE_MESSAGES } from "#shared/schemas/courses.js";
import { REVISION_MESSAGES } from "#shared/schemas/revisions.js";
import { approvalRequired } from "./document-control-settings.js";
import { CourseRevision, type DraftLessonText } from "./revision.entity.js";
import { BASELINE_REASON, courseContentHash, savedDraftEntry, textOf } from "./revisions.rules.js";

/**
 * A published course's draft revision (docs/decisions/0390-course-drafts.md): the editor's saves of its
 * lessons land here, and learners keep reading the live lessons until it is published.
 */

export function currentDraft(em: SqlEntityManager, courseId: number): Promise<CourseRevision | null> {
  return em.findOne(CourseRevision, { course: courseId, state: "draft" }, { refresh: true });
}

/** The course's lessons in reading order, as learners see them now. */
export function liveLessons(em: SqlEntityManager, courseId: number): Promise<Lesson[]> {
  return em.find(
    Lesson,
    { module: { course: courseId } },
    { orderBy: { module: { orderIndex: "asc", id: "asc" }, orderIndex: "asc", id: "asc" }, refresh: true },
  );
}

/** The highest version number the course has published, 0 when none. */
export async function lastNumber(em: SqlEntityManager, courseId: number): Promise<number> {
  const latest = await em.findOne(
    CourseRevision,
    { course: courseId, state: "published", number: { $ne: null } },
    { orderBy: { number: "desc" }, fields: ["number"] },
  );
  return latest?.number ?? 0;
}

/**
 * The course's draft, begun when missing. A course published before document control gets its version 1
 * recorded then: the text in force at that moment, so the draft's publication is version 2.
 */
async function draftOf(scope: CourseWriteScope, course: Course): Promise<CourseRevision> {
  const found = await currentDraft(scope.em, course.id);
  if (found) return found;
  const author = managedUser(scope.em, scope.user);
  if ((await lastNumber(scope.em, course.id)) === 0) {
    createOwned(scope, CourseRevision, {
      course,
      state: "published",
      number: 1,
      reason: BASELINE_REASON,
      lessons: {},
      author,
      authorName: scope.user.name,
      publishedAt: new Date(),
      contentHash: courseContentHash(await liveLessons(scope.em, course.id)),
    });
  }
  return createOwned(scope, CourseRevision, {
    course,
    state: "draft",
    lessons: {},
    author,
    authorName: scope.user.name,
  });
}

/** lessons/update's drafts (courses' `lessonDrafts`, registered by server/router.ts). */
export const documentControlDrafts: LessonDraftStore = {
  async takesDraft(scope, course, requested) {
    if (requested) return course.status === "published" || (await currentDraft(scope.em, course.id)) !== null;
    return course.status === "published" && (await approvalRequired(scope.em));
  },

  async savedToDraft(scope, course, lesson, fields) {
    // What is in review is what the approver reads: it changes only once approved or sent back.
    if (await scope.em.count(CourseRevision, { course: course.id, state: "in_review" })) {
      throw fail.conflict(REVISION_MESSAGES.inReview);
    }
    const draft = await draftOf(scope, course);
    const entry: DraftLessonText = draft.lessons[lesson.id] ?? { ...textOf(lesson), version: lesson.version };
    if (fields.version !== undefined && fields.version !== entry.version) {
      throw fail.conflict(COURSE_MESSAGES.lessonChanged);
    }
    const saved = savedDraftEntry(entry, fields);
    // A new object, so the ORM sees the JSON column change.
    draft.lessons = { ...draft.lessons, [lesson.id]: saved };
    await scope.em.flush();
    return draftAnswer(lesson, saved);
  },
};

function draftAnswer(lesson: Lesson, entry: DraftLessonText): SavedLesson {
  return {
    id: lesson.id,
    module: { id: lesson.module.id },
    orderIndex: lesson.orderIndex,
    requiresSignoff: lesson.requiresSignoff,
    title: entry.title,
    content: entry.content,
    videoUrl: entry.videoUrl,
    version: entry.version,
  };
}
