/**
 * Paging through courses/list (decision 0151): the list is newest first, so a page ends at a course and the
 * next page starts after it. The cursor names that course by its creation time and id ("<ms>.<id>"),
 * which the client reads off the last course of a page: the answer stays a plain list of courses.
 */

import { ID_MAX } from "./constants.js";

/** The most courses one page holds. */
export const COURSE_PAGE_MAX = 100;
/** What the course list screen asks for per page. */
export const COURSE_PAGE_SIZE = 24;

export interface CourseCursor {
  createdAt: Date;
  id: number;
}

const CURSOR_PATTERN = /^(\d{1,15})\.([1-9]\d{0,9})$/;

export function courseCursorOf(course: { createdAt: Date; id: number }): string {
  return `${course.createdAt.getTime()}.${course.id}`;
}

/** The position a cursor names, or null when it is not one courseCursorOf makes. */
export function readCourseCursor(cursor: string): CourseCursor | null {
  const match = CURSOR_PATTERN.exec(cursor);
  if (!match) return null;
  const id = Number(match[2]);
  if (id > ID_MAX) return null;
  return { createdAt: new Date(Number(match[1])), id };
}

/** The cursor of the page after this one, or undefined when this page was the last (it was not full). */
export function nextCourseCursor(page: readonly { createdAt: Date; id: number }[], limit: number): string | undefined {
  const last = page.at(-1);
  return page.length < limit || !last ? undefined : courseCursorOf(last);
}
