import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { progressReaders } from "#client/features/training/queries.js";
import { needsConnection } from "#client/lib/errors.js";
import { trpc } from "#client/lib/trpc.js";
import { FRESHNESS } from "#shared/constants.js";
import { COURSE_PAGE_SIZE, nextCourseCursor } from "#shared/course-cursor.js";
import type { CourseStatusValue } from "#shared/schemas/courses.js";

/**
 * The course area's reads, all with the spec's content freshness (§9: course lists, details, structure,
 * completions and the tag list stay fresh for 5 minutes), and the one place that knows which cached
 * answers a write makes stale.
 */

/** A 404 answer (or a 400 for an id that cannot exist): the record is not there, retrying will not help. */
export function isNotFound(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const data: unknown = error.data;
  if (typeof data !== "object" || data === null || !("code" in data)) return false;
  return data.code === "NOT_FOUND" || data.code === "BAD_REQUEST";
}

/**
 * Retry network trouble and server errors twice, never a "not found" or "not allowed", nor a read that needs
 * a connection the device does not have (decision 0293).
 */
function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  if (needsConnection(error)) return false;
  if (error instanceof TRPCClientError) {
    const data: unknown = error.data;
    const status = typeof data === "object" && data !== null && "httpStatus" in data ? data.httpStatus : undefined;
    if (typeof status === "number" && status >= 400 && status < 500) return false;
  }
  return failureCount < 2;
}

/** A route parameter as a record id, or null when it cannot be one (e.g. /courses/abc). */
export function parseId(param: string): number | null {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The course list's filters (docs/SPEC.md §7 courses/list); what is left out does not filter. */
export interface CourseListFilters {
  search?: string;
  status?: CourseStatusValue;
  tagId?: number;
}

/** Only the filters in use go into the input, so the unfiltered list has one cache key everywhere. */
function courseListInput({ search, status, tagId }: CourseListFilters) {
  return {
    ...(search ? { search } : {}),
    ...(status ? { status } : {}),
    ...(tagId ? { tagIds: [tagId] } : {}),
  };
}

/** Every course that matches: for the screens that count or tabulate all of them (dashboard, reports). */
export function courseListQuery(filters: CourseListFilters = {}) {
  return trpc.courses.list.queryOptions(courseListInput(filters), {
    staleTime: FRESHNESS.contentMs,
    // While a new search runs, the previous results stay on screen instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

/**
 * The course list screen's pages (decisions 0151 and 0162): COURSE_PAGE_SIZE at a time, each continuing
 * after the last course of the one before; a page that is not full was the last.
 */
export function coursePagesQuery(filters: CourseListFilters = {}) {
  return trpc.courses.list.infiniteQueryOptions(
    { ...courseListInput(filters), limit: COURSE_PAGE_SIZE },
    {
      staleTime: FRESHNESS.contentMs,
      initialCursor: undefined,
      getNextPageParam: (page) => nextCourseCursor(page, COURSE_PAGE_SIZE),
      // While a new search runs, the previous results stay on screen instead of flashing skeletons.
      placeholderData: keepPreviousData,
    },
  );
}

export function courseQuery(id: number) {
  return trpc.courses.get.queryOptions({ id }, { staleTime: FRESHNESS.contentMs, retry: retryUnlessRefused });
}

export function courseStructureQuery(courseId: number) {
  return trpc.courses.structure.queryOptions(
    { courseId },
    { staleTime: FRESHNESS.contentMs, retry: retryUnlessRefused },
  );
}

export function lessonQuery(id: number) {
  return trpc.lessons.get.queryOptions({ id }, { staleTime: FRESHNESS.contentMs, retry: retryUnlessRefused });
}

export function useCoursePages(filters: CourseListFilters) {
  return useInfiniteQuery(coursePagesQuery(filters));
}

export function useCourse(id: number | null) {
  return useQuery({ ...courseQuery(id ?? 0), enabled: id !== null });
}

export function useCourseStructure(courseId: number | null) {
  return useQuery({ ...courseStructureQuery(courseId ?? 0), enabled: courseId !== null });
}

export function useLesson(id: number | null, options: { enabled?: boolean } = {}) {
  return useQuery({ ...lessonQuery(id ?? 0), enabled: id !== null && (options.enabled ?? true) });
}

/**
 * Everything a change to a course's content or a learner's progress shows up in: the list (tags,
 * status), the detail (modules, progress), the structure, lesson pages (titles, Previous/Next) and the
 * completions, and everyone's training and the reports. Stale queries that are on screen refetch at once; the rest when next shown.
 */
export function courseReaders() {
  return [trpc.courses.pathKey(), trpc.lessons.get.pathKey(), trpc.users.completions.pathKey(), ...progressReaders()];
}
