import type { Course, CourseStatus } from "./course.entity.js";

/**
 * The course list's filters and a course's deadline fields: rules on plain values, no query.
 */

/**
 * The status a course list may ask for: learners see published courses only. Null when the list finds
 * none whatever the rows (a learner asking for drafts).
 */
export function listedStatus(seesDrafts: boolean, asked: CourseStatus | undefined): CourseStatus | undefined | null {
  let status = asked;
  if (!seesDrafts) {
    // Learners see published courses only; asking for drafts finds none.
    if (asked === "draft") return null;
    status = "published";
  }
  return status;
}

/** The ids a list keeps once it is narrowed to the tagged courses (all of them when nothing narrowed it yet). */
export function narrowedToTagged(ids: number[] | undefined, tagged: ReadonlySet<number>): number[] {
  return ids ? ids.filter((id) => tagged.has(id)) : [...tagged];
}

/**
 * The course's deadline fields from a create or update (docs/SPEC.md §3): a field left out keeps its value;
 * setting one kind of deadline clears the other; a course that is not required keeps none. True when
 * that changed any of them (an edit version counts it).
 */
export function applyDueFields(
  course: Course,
  input: { required?: boolean; dueDate?: string | null; dueDays?: number | null },
): boolean {
  const before = [course.required, course.dueDate, course.dueDays];
  if (input.required !== undefined) course.required = input.required;
  if (input.dueDate !== undefined) course.dueDate = input.dueDate;
  if (input.dueDays !== undefined) course.dueDays = input.dueDays;
  if (input.dueDate != null) course.dueDays = null;
  if (input.dueDays != null) course.dueDate = null;
  if (!course.required) {
    course.dueDate = null;
    course.dueDays = null;
  }
  return [course.required, course.dueDate, course.dueDays].some((value, index) => value !== before[index]);
}

/**
 * The course's certification fields from a create or update (docs/decisions/0310-certificates-derived-from-completion.md):
 * left out keeps them, null makes it no certification. True when that changed them.
 */
export function applyCertificationFields(
  course: Course,
  certification: { validityMonths: number | null; recertifyDaysBefore: number } | null | undefined,
): boolean {
  if (certification === undefined) return false;
  const before = [course.certified, course.validityMonths, course.recertifyDaysBefore];
  course.certified = certification !== null;
  course.validityMonths = certification?.validityMonths ?? null;
  course.recertifyDaysBefore = certification?.recertifyDaysBefore ?? null;
  return [course.certified, course.validityMonths, course.recertifyDaysBefore].some(
    (value, index) => value !== before[index],
  );
}
