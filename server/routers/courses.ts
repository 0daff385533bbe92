import type { EntityManager, FilterQuery } from "@mikro-orm/core";
import { canSeeDrafts, findCourse, findVisibleCourse, lockCourse } from "#server/course-access.js";
import { duplicateCourse } from "#server/course-copy.js";
import { Course, CourseTag, Tag } from "#server/entities/index.js";
import { fail } from "#server/errors.js";
import { presentCourse, presentCourseStructure, presentCourses } from "#server/presenters/courses.js";
import { containsText } from "#server/sql-dialect.js";
import { router } from "#server/trpc.js";
import { createOwned, memberProcedure, type OrganizationScope, permittedProcedure } from "#server/trpc-org.js";
import { assertCurrentVersion, countVersion, setChangedFields } from "#server/versions.js";
import {
  COURSE_MESSAGES,
  courseIdInput,
  courseStructureInput,
  createCourseInput,
  listCoursesInput,
  updateCourseInput,
} from "#shared/schemas/courses.js";

/** The tags a course form names, all of this organization (the tenant filter hides any other's). */
async function tagsNamed(em: EntityManager, tagIds: number[]): Promise<Tag[]> {
  if (tagIds.length === 0) return [];
  const tags = await em.find(Tag, { id: { $in: tagIds } });
  if (tags.length !== tagIds.length) throw fail.notFound(COURSE_MESSAGES.tagNotFound);
  return tags;
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
   * (tagged course ids, the courses, their tags), however many courses there are.
   */
  list: memberProcedure
    .meta({ rest: { method: "GET", path: "/courses/list" } })
    .input(listCoursesInput)
    .query(async ({ ctx, input }) => {
      const conditions: FilterQuery<Course>[] = [];
      if (!canSeeDrafts(ctx.role)) {
        // Learners see published courses only; asking for drafts finds none.
        if (input.status === "draft") return [];
        conditions.push({ status: "published" });
      } else if (input.status) {
        conditions.push({ status: input.status });
      }
      if (input.search) {
        conditions.push({
          $or: [containsText(ctx.config, "title", input.search), containsText(ctx.config, "description", input.search)],
        });
      }
      if (input.tagIds.length > 0) {
        const links = await ctx.em.find(CourseTag, { tag: { $in: input.tagIds } }, { fields: ["course"] });
        if (links.length === 0) return [];
        conditions.push({ id: { $in: [...new Set(links.map((link) => link.course.id))] } });
      }
      const courses = await ctx.em.find(Course, conditions.length > 0 ? { $and: conditions } : {}, {
        orderBy: { createdAt: "desc", id: "desc" },
      });
      return presentCourses(ctx.em, courses);
    }),

  /** The course with its modules and lessons, and which of them the caller completed. */
  get: memberProcedure
    .meta({ rest: { method: "GET", path: "/courses/get" } })
    .input(courseIdInput)
    .query(async ({ ctx, input }) => {
      const course = await findVisibleCourse(ctx, input.id);
      return presentCourse(ctx.em, course, { withStructureFor: ctx.user.id });
    }),

  structure: memberProcedure
    .meta({ rest: { method: "GET", path: "/courses/structure" } })
    .input(courseStructureInput)
    .query(async ({ ctx, input }) => {
      const course = await findVisibleCourse(ctx, input.courseId);
      return presentCourseStructure(ctx.em, course.id, ctx.user.id);
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
      for (const tag of tags) createOwned(ctx, CourseTag, { course, tag });
      await ctx.em.flush();
      return presentCourse(ctx.em, course);
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
      const tagsChanged = input.tagIds !== undefined && (await replaceCourseTags(ctx, course, input.tagIds));
      countVersion(course, fieldsChanged || tagsChanged);
      await ctx.em.flush();
      return presentCourse(ctx.em, course);
    }),

  /** A draft "<title> (copy)" with copies of its tags, modules, lessons and images (server/course-copy.ts). */
  duplicate: permittedProcedure("courses.create")
    .meta({ rest: { method: "POST", path: "/courses/duplicate" } })
    .input(courseIdInput)
    .mutation(async ({ ctx, input }) => {
      // Locked as for a reorder: the copy is of one state of the course, never half of a move.
      const source = await lockCourse(ctx, input.id);
      return presentCourse(ctx.em, await duplicateCourse(ctx, source));
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
