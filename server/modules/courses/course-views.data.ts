import type { EntityManager } from "@mikro-orm/core";
import type { MembershipRecord } from "#server/modules/identity/index.js";
import { courseViewParts, type ViewerTraining } from "./course-view-parts.js";
import { type OutlineRow, outlineRows, type TaggedCourse } from "./courses.data.js";

/** Courses as courses.presenter.ts shows them to the viewer: with their training status of each. */
export interface CoursesForViewer {
  courses: readonly TaggedCourse[];
  /** The tags the courses name, and what each asks of the viewer (training's part, course-view-parts.ts). */
  training: ViewerTraining;
  /** courses/get's outline of its one course, as the viewer sees it. */
  outline?: OutlineRow[];
}

const NO_TRAINING: ViewerTraining = { tags: [], of: () => ({ assignedToMe: false, dueAt: null }) };

/**
 * Courses (plain rows, read again after a write) with what they ask of the viewer: one query however many
 * (the tags they name and the viewer's own rows, read by the training module's part), none for no course.
 */
export async function coursesForViewer(
  em: EntityManager,
  courses: readonly TaggedCourse[],
  viewer: MembershipRecord,
): Promise<CoursesForViewer> {
  if (courses.length === 0) return { courses, training: NO_TRAINING };
  return { courses, training: await courseViewParts.one.viewerTrainingOf(em, courses, viewer) };
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
