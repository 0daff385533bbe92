import { trpc } from "#client/lib/trpc.js";

/** Document control's reads (docs/decisions/0390-course-drafts.md), and what a draft save or a publication makes stale. */

export function courseRevisionsQuery(courseId: number) {
  return trpc.revisions.list.queryOptions({ courseId }, { staleTime: 0 });
}

export function revisionQuery(id: number) {
  return trpc.revisions.get.queryOptions({ id }, { staleTime: 0 });
}

/** The editor's starting point: always fetched afresh, like the lesson itself (decision 0056). */
export function lessonDraftQuery(lessonId: number) {
  return trpc.revisions.lessonDraft.queryOptions({ lessonId }, { staleTime: 0 });
}

export function revisionReaders() {
  return [trpc.revisions.pathKey()];
}
