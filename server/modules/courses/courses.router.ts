import type { EntityManager } from "@mikro-orm/core";
import { Tag } from "#server/modules/tags/index.js";
import { router } from "#server/platform/api/trpc.js";
import { memberProcedure, permittedProcedure } from "#server/platform/api/trpc-org.js";
import { plainJson } from "#server/platform/api/wire-format.js";
import { dateParam } from "#server/platform/db/sql-dialect.js";
import { createOwned, type OrganizationScope } from "#server/platform/db/tenant-scope.js";
import { fail } from "#server/platform/http/errors.js";
import { readCourseCursor } from "#shared/course-cursor.js";
import {
  COURSE_MESSAGES,
  courseIdInput,
  courseStructureInput,
  createCourseInput,
  listCoursesInput,
  updateCourseInput,
} from "#shared/schemas/courses.js";
import { contentWritten, courseCopied, courseSearch } from "./content-hooks.js";
import { Course, CourseTag } from "./course.entity.js";
import { assertCourseVisible, type CourseContext, canSeeDrafts, findCourse, lockCourse } from "./course-access.js";
import { duplicateCourse } from "./course-copy.js";
import { courseForViewer, coursesForViewer } from "./course-views.data.js";
import {
  type CourseFields,
  courseById,
  courseIdsTagged,
  courseList,
  outlineRows,
  type TaggedCourse,
  taggedCourseById,
} from "./courses.data.js";
import { presentCourse, presentCourseStructure, presentCourses } from "./courses.presenter.js";
import { assertCurrentVersion, countVersion, setChangedFields } from "./versions.rules.js";

/** A course a read answers about, as a plain row: "not found" outside the organization or a learner's draft. */
function visibleCourseRow<Row extends CourseFields>(ctx: CourseContext, course: Row | undefined): Row {
  if (!course) throw fail.notFound(COURSE_MESSAGES.courseNotFound);
  assertCourseVisible(course, ctx.role);
  return course;
}

/** A course just written, read back as the course views read it (its flushed row and tags). */
async function writtenCourse(scope: OrganizationScope, courseId: number): Promise<TaggedCourse> {
  const course = await taggedCourseById(scope.em, courseId);
  if (!course) throw new Error(`Course ${courseId} was written but cannot be read back`);
  return course;
}

/** The tags a course form names, all of this organization (the tenant filter hides any other's). */
async function tagsNamed(em: EntityManager, tagIds: number[]): Promise<Tag[]> {
  if (tagIds.length === 0) return [];
  const tags = await em.find(Tag, { id: { $in: tagIds } });
  if (tags.length !== tagIds.length) throw fail.notFound(COURSE_MESSAGES.tagNotFound);
  return tags;
}

/**
 * The course's deadline fields from a create or update (docs/SPEC.md §3): a field left out keeps its value;
 * setting one kind of deadline clears the other; a course that is not required keeps none. True when
 * that changed any of them (an edit version counts it).
 */
function applyDueFields(
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

/** Gives the course exactly these tags; true when that changed its set. */
async function replaceCourseTags(scope: OrganizationScope, course: Course, tagIds: number[]): Promise<boolean> {
  const wanted = await tagsNamed(scope.em, tagIds);
  const wantedIds = new Set(wanted.map((tag) => tag.id));
  const links = await scope.em.find(CourseTag, { course: course.id });
  const kept = new Set<number>();
  for (const link of links) {
    if (wantedIds.has(link.tag.id)) kept.add(link.tag.id);
    else scope.em.remove(link);
  }
  const added = wanted.filter((tag) => !kept.has(tag.id));
  for (const tag of added) createOwned(scope, CourseTag, { course, tag });
  return added.length > 0 || kept.size < links.length;
}

export const coursesRouter = router({
  /**
   * Newest first; a course matches the tag filter when it has any of the tags. Three queries at most
   * (tagged course ids, the courses with their tag ids, the tags with the caller's audience), as plain rows (decision
   * 0150). With `limit`, one page; `cursor` (shared/course-cursor.ts) continues after a page's last course.
   */
  list: memberProcedure
    .meta({ rest: { method: "GET", path: "/courses/list" } })
    .input(listCoursesInput)
    .query(async ({ ctx, input }) => {
      let status = input.status;
      if (!canSeeDrafts(ctx.role)) {
        // Learners see published courses only; asking for drafts finds none.
        if (input.status === "draft") return [];
        status = "published";
      }
      let ids: number[] | undefined;
      if (input.search) {
        // The full-text engine of the search endpoint, over course titles and descriptions.
        ids = await courseSearch.one.courseIdsMatching(ctx, input.search);
      }
      if (input.tagIds.length > 0) {
        const tagged = new Set(await courseIdsTagged(ctx.em, input.tagIds));
        ids = ids ? ids.filter((id) => tagged.has(id)) : [...tagged];
      }
      const after = input.cursor ? readCourseCursor(input.cursor) : null;
      const courses = await courseList(ctx.em, {
        status,
        ids,
        limit: input.limit,
        after: after ? { createdAt: dateParam(ctx.config, after.createdAt), id: after.id } : undefined,
      });
      return presentCourses(await coursesForViewer(ctx.em, courses, ctx.membership));
    }),

  /** The course with its modules and lessons, and which of them the caller completed. */
  get: memberProcedure
    .meta({ rest: { method: "GET", path: "/courses/get" } })
    .input(courseIdInput)
    .query(async ({ ctx, input }) => {
      const course = visibleCourseRow(ctx, await taggedCourseById(ctx.em, input.id));
      return presentCourse(await courseForViewer(ctx.em, course, ctx.membership, { withStructure: true }));
    }),

  structure: memberProcedure
    .meta({ rest: { method: "GET", path: "/courses/structure" } })
    .input(courseStructureInput)
    .query(async ({ ctx, input }) => {
      const course = visibleCourseRow(ctx, await courseById(ctx.em, input.courseId));
      return plainJson(presentCourseStructure(await outlineRows(ctx.em, course.id, ctx.user.id)));
    }),

  create: permittedProcedure("courses.create")
    .meta({ rest: { method: "POST", path: "/courses/create" } })
    .input(createCourseInput)
    .mutation(async ({ ctx, input }) => {
      const tags = await tagsNamed(ctx.em, input.tagIds);
      const course = createOwned(ctx, Course, {
        title: input.title,
        description: input.description ?? null,
        status: input.status,
      });
      applyDueFields(course, input);
      for (const tag of tags) createOwned(ctx, CourseTag, { course, tag });
      await ctx.em.flush();
      await contentWritten(ctx, { courseIds: [course.id] });
      return presentCourse(await courseForViewer(ctx.em, await writtenCourse(ctx, course.id), ctx.membership));
    }),

  update: permittedProcedure("courses.edit")
    .meta({ rest: { method: "POST", path: "/courses/update" } })
    .input(updateCourseInput)
    .mutation(async ({ ctx, input }) => {
      const course = await lockCourse(ctx, input.id);
      assertCurrentVersion(course, input.version, COURSE_MESSAGES.courseChanged);
      const fieldsChanged = setChangedFields(course, {
        title: input.title,
        description: input.description,
        status: input.status,
      });
      const dueChanged = applyDueFields(course, input);
      const tagsChanged = input.tagIds !== undefined && (await replaceCourseTags(ctx, course, input.tagIds));
      countVersion(course, fieldsChanged || dueChanged || tagsChanged);
      await ctx.em.flush();
      await contentWritten(ctx, { courseIds: [course.id] });
      return presentCourse(await courseForViewer(ctx.em, await writtenCourse(ctx, course.id), ctx.membership));
    }),

  /** A draft "<title> (copy)" with copies of its tags, modules, lessons and images (server/modules/courses/course-copy.ts). */
  duplicate: permittedProcedure("courses.create")
    .meta({ rest: { method: "POST", path: "/courses/duplicate" } })
    .input(courseIdInput)
    .mutation(async ({ ctx, input }) => {
      // Locked as for a reorder: the copy is of one state of the course, never half of a move.
      const source = await lockCourse(ctx, input.id);
      const copy = await duplicateCourse(ctx, source);
      await courseCopied(ctx, copy);
      return presentCourse(await courseForViewer(ctx.em, await writtenCourse(ctx, copy.id), ctx.membership));
    }),

  /** The database cascades to its tags, modules, lessons, images and their completions. */
  delete: permittedProcedure("courses.delete")
    .meta({ rest: { method: "POST", path: "/courses/delete" } })
    .input(courseIdInput)
    .mutation(async ({ ctx, input }) => {
      const course = await findCourse(ctx, input.id);
      await ctx.em.nativeDelete(Course, { id: course.id });
      return { message: "Course deleted." };
    }),
});
