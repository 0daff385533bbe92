import type { FilterQuery } from "@mikro-orm/core";
import type { SqlEntityManager } from "@mikro-orm/knex";
import { canSeeDrafts, findCourse, findVisibleCourse } from "#server/course-access.js";
import { Course, CourseTag, Tag } from "#server/entities/index.js";
import { fail } from "#server/errors.js";
import { presentCourse, presentCourseStructure, presentCourses } from "#server/presenters/courses.js";
import { courseIdsMatching } from "#server/search.js";
import { refreshSearchIndex } from "#server/search-index.js";
import { router } from "#server/trpc.js";
import { createOwned, memberProcedure, permittedProcedure } from "#server/trpc-org.js";
import {
  COURSE_MESSAGES,
  courseIdInput,
  courseStructureInput,
  createCourseInput,
  listCoursesInput,
  updateCourseInput,
} from "#shared/schemas/courses.js";

/** The tags a course form names, all of this organization (the tenant filter hides any other's). */
async function tagsNamed(em: SqlEntityManager, tagIds: number[]): Promise<Tag[]> {
  if (tagIds.length === 0) return [];
  const tags = await em.find(Tag, { id: { $in: tagIds } });
  if (tags.length !== tagIds.length) throw fail.notFound(COURSE_MESSAGES.tagNotFound);
  return tags;
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
        // The full-text engine of the search endpoint, over course titles and descriptions.
        const matching = await courseIdsMatching(ctx, input.search);
        if (matching.length === 0) return [];
        conditions.push({ id: { $in: matching } });
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
      await refreshSearchIndex(ctx.em, { courseIds: [course.id] });
      return presentCourse(ctx.em, course);
    }),

  update: permittedProcedure("courses.edit")
    .meta({ rest: { method: "POST", path: "/courses/update" } })
    .input(updateCourseInput)
    .mutation(async ({ ctx, input }) => {
      const course = await findCourse(ctx, input.id);
      if (input.title !== undefined) course.title = input.title;
      if (input.description !== undefined) course.description = input.description;
      if (input.status !== undefined) course.status = input.status;
      if (input.tagIds !== undefined) {
        const wanted = await tagsNamed(ctx.em, input.tagIds);
        const wantedIds = new Set(wanted.map((tag) => tag.id));
        const links = await ctx.em.find(CourseTag, { course: course.id });
        const kept = new Set<number>();
        for (const link of links) {
          if (wantedIds.has(link.tag.id)) kept.add(link.tag.id);
          else ctx.em.remove(link);
        }
        for (const tag of wanted) {
          if (!kept.has(tag.id)) createOwned(ctx, CourseTag, { course, tag });
        }
      }
      await ctx.em.flush();
      await refreshSearchIndex(ctx.em, { courseIds: [course.id] });
      return presentCourse(ctx.em, course);
    }),

  /** The database cascades to its tags, modules, lessons and their completions. */
  delete: permittedProcedure("courses.delete")
    .meta({ rest: { method: "POST", path: "/courses/delete" } })
    .input(courseIdInput)
    .mutation(async ({ ctx, input }) => {
      const course = await findCourse(ctx, input.id);
      await ctx.em.nativeDelete(Course, { id: course.id });
      return { message: "Course deleted." };
    }),
});
