import type { EntityManager } from "@mikro-orm/core";
import type { MembershipRecord } from "#server/modules/identity/index.js";
import type { TagView } from "#server/modules/tags/index.js";
import { Hooks } from "#server/platform/api/hooks.js";
import type { TaggedCourse } from "./courses.data.js";

/**
 * The part of the course views (courses/list, get, and a course write's answer) that another module fills
 * (docs/DESIGN.md §3, docs/decisions/0290-module-hooks.md): the viewer's training status of the courses,
 * the training module's, registered by server/router.ts. The views name its shape; training answers with
 * it. One call where the views read training's rows before: no query or await added on the hot paths.
 */

/** What a course asks of the viewer (docs/SPEC.md §3). */
export interface ViewerCourseTraining {
  /** The viewer is in the course's audience. */
  assignedToMe: boolean;
  /** The viewer's own deadline: null when not required, none is set, or not assigned. */
  dueAt: Date | null;
}

/** The viewer's training status of some courses, and the tags those courses name. */
export interface ViewerTraining {
  /**
   * The tags the courses name that are the organization's, unordered. They come with the viewer's rows,
   * in one statement: a statement's fixed cost is most of what each costs (decision 0243).
   */
  tags: TagView[];
  /** Each course's status for the viewer, by course id. */
  of(courseId: number): ViewerCourseTraining;
}

export interface CourseViewParts {
  /** At least one course; one query however many (the tags they name and the viewer's own rows). */
  viewerTrainingOf(
    em: EntityManager,
    courses: readonly TaggedCourse[],
    viewer: MembershipRecord,
  ): Promise<ViewerTraining>;
}

export const courseViewParts = new Hooks<CourseViewParts>("courseViewParts");
