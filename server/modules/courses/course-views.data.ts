import type { EntityManager } from "@mikro-orm/core";
import type { MembershipRecord } from "#server/modules/identity/index.js";
import { memberAudience, viewerRow } from "#server/modules/training/index.js";
import { type OutlineRow, outlineRows, type TaggedCourse } from "./courses.data.js";

// Apart from courses.data.ts, which training's reads import through the index: reading training from
// there would close a cycle in which training's statements are built before the course columns they name.

/** Courses as courses.presenter.ts shows them to `viewer`: with the viewer's own audience rows. */
export interface CoursesForViewer {
  courses: readonly TaggedCourse[];
  viewer: MembershipRecord;
  /** The viewer's tags and assignments, and the tags the courses name (training's memberAudience). */
  audience: Awaited<ReturnType<typeof memberAudience>>;
  /** courses/get's outline of its one course, as the viewer sees it. */
  outline?: OutlineRow[];
}

/**
 * Courses (plain rows, read again after a write) with what they ask of the viewer: one query however many
 * (the tags they name and the viewer's own rows), none for no course.
 */
export async function coursesForViewer(
  em: EntityManager,
  courses: readonly TaggedCourse[],
  viewer: MembershipRecord,
): Promise<CoursesForViewer> {
  if (courses.length === 0) return { courses, viewer, audience: { members: new Map(), assigned: new Map(), tags: [] } };
  const named = new Set<number>();
  for (const course of courses) for (const id of course.tagIds) named.add(id);
  return { courses, viewer, audience: await memberAudience(em, viewerRow(viewer), [...named]) };
}

/** One course for the viewer; with `withStructure`, also its outline (one query more). */
export async function courseForViewer(
  em: EntityManager,
  course: TaggedCourse,
  viewer: MembershipRecord,
  options: { withStructure?: boolean } = {},
): Promise<CoursesForViewer> {
  const rows = await coursesForViewer(em, [course], viewer);
  return options.withStructure ? { ...rows, outline: await outlineRows(em, course.id, viewer.user.id) } : rows;
}
