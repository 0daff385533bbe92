import { courseReaders } from "#client/features/courses/queries.js";
import { trpc } from "#client/lib/trpc.js";

/** The sign-off area's reads (docs/SPEC.md §7), and what a signature or a new version makes stale. */

export function lessonSignoffQuery(lessonId: number) {
  return trpc.lessons.signoff.queryOptions({ lessonId });
}

export function mySignoffsQuery(courseId?: number) {
  return trpc.signoffs.mine.queryOptions(courseId === undefined ? {} : { courseId });
}

export function lessonVersionsQuery(lessonId: number) {
  return trpc.lessons.versions.queryOptions({ lessonId }, { staleTime: 0 });
}

export function lessonVersionQuery(lessonId: number, version: number) {
  return trpc.lessons.version.queryOptions({ lessonId, version });
}

export function signoffReportQuery(lessonId: number) {
  return trpc.reports.signoffs.queryOptions({ lessonId }, { staleTime: 0 });
}

/** A signature or a version changes progress, standings and reports. */
export function signoffReaders() {
  return [
    trpc.signoffs.pathKey(),
    trpc.lessons.signoff.pathKey(),
    trpc.lessons.versions.pathKey(),
    trpc.lessons.version.pathKey(),
    ...courseReaders(),
  ];
}

/** The sign-off report's CSV, as its REST path serves it. */
export function signoffCsvPath(lessonId: number): string {
  return `/_api/reports/signoffs?${new URLSearchParams({ lessonId: String(lessonId), format: "csv" })}`;
}
