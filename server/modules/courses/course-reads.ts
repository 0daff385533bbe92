import type { z } from "zod";
import type { MembershipRecord } from "#server/modules/identity/index.js";
import { plainJson } from "#server/platform/api/wire-format.js";
import { dateParam } from "#server/platform/db/sql-dialect.js";
import { fail } from "#server/platform/http/errors.js";
import type { ContentLanguage } from "#shared/content-languages.js";
import { readCourseCursor } from "#shared/course-cursor.js";
import { COURSE_MESSAGES, type courseStructureInput, type listCoursesInput } from "#shared/schemas/courses.js";
import { courseSearch } from "./content-hooks.js";
import { type CourseViewAnswer, contentTranslations } from "./content-translations.js";
import { assertCourseVisible, type CourseContext, canSeeDrafts } from "./course-access.js";
import { courseForViewer, coursesForViewer } from "./course-views.data.js";
import {
  type CourseFields,
  courseById,
  courseIdsTagged,
  courseList,
  outlineRows,
  taggedCourseById,
} from "./courses.data.js";
import { presentCourse, presentCourseStructure, presentCourses } from "./courses.presenter.js";
import { listedStatus, narrowedToTagged } from "./courses.rules.js";

/**
 * The course views' reads (courses/list, courses/get, courses/structure): each its queries as plain rows
 * (decision 0150) and their answer, in one function so that the hot paths await nothing more than before.
 */

/** What the course views are given by the procedure builders. */
interface CourseReadContext extends CourseContext {
  user: { id: number };
  membership: MembershipRecord;
}

/** A course a read answers about, as a plain row: "not found" outside the organization or a learner's draft. */
function visibleCourseRow<Row extends CourseFields>(ctx: CourseContext, course: Row | undefined): Row {
  if (!course) throw fail.notFound(COURSE_MESSAGES.courseNotFound);
  assertCourseVisible(course, ctx.role);
  return course;
}

/**
 * courses/list: newest first; a course matches the tag filter when it has any of the tags. Three queries at
 * most (tagged course ids, the courses with their tag ids, the tags with the caller's audience).
 */
export async function courseListing(ctx: CourseReadContext, input: z.output<typeof listCoursesInput>) {
  const status = listedStatus(canSeeDrafts(ctx.role), input.status);
  if (status === null) return [];
  let ids: number[] | undefined;
  if (input.search) {
    // The full-text engine of the search endpoint, over course titles and descriptions.
    ids = await courseSearch.one.courseIdsMatching(ctx, input.search);
  }
  if (input.tagIds.length > 0) {
    ids = narrowedToTagged(ids, new Set(await courseIdsTagged(ctx.em, input.tagIds)));
  }
  const after = input.cursor ? readCourseCursor(input.cursor) : null;
  const courses = await courseList(ctx.em, {
    status,
    ids,
    limit: input.limit,
    after: after ? { createdAt: dateParam(ctx.config, after.createdAt), id: after.id } : undefined,
  });
  return presentCourses(await coursesForViewer(ctx.em, courses, ctx.membership));
}

/**
 * courses/get: the course with its modules and lessons, and which of them the caller completed; with a
 * language, in it where current translations exist (the translations module's part, decision 0410).
 */
export async function courseView(
  ctx: CourseReadContext,
  id: number,
  language?: ContentLanguage,
): Promise<CourseViewAnswer> {
  const course = visibleCourseRow(ctx, await taggedCourseById(ctx.em, id));
  const view = presentCourse(await courseForViewer(ctx.em, course, ctx.membership, { withStructure: true }));
  return language ? contentTranslations.one.courseIn(ctx.em, view, language) : view;
}

/** courses/structure: the outline alone. */
export async function courseStructure(ctx: CourseReadContext, input: z.output<typeof courseStructureInput>) {
  const course = visibleCourseRow(ctx, await courseById(ctx.em, input.courseId));
  return plainJson(presentCourseStructure(await outlineRows(ctx.em, course.id, ctx.user.id)));
}
