import { router } from "#server/platform/api/trpc.js";
import { memberProcedure, permittedProcedure } from "#server/platform/api/trpc-org.js";
import {
  courseIdInput,
  courseReadInput,
  courseStructureInput,
  createCourseInput,
  listCoursesInput,
  updateCourseInput,
} from "#shared/schemas/courses.js";
import { courseListing, courseStructure, courseView } from "./course-reads.js";
import { copyCourse, createCourse, deleteCourse, updateCourse } from "./course-writes.js";
import { presentCourse } from "./courses.presenter.js";

export const coursesRouter = router({
  /**
   * Newest first; a course matches the tag filter when it has any of the tags. Three queries at most
   * (tagged course ids, the courses with their tag ids, the tags with the caller's audience), as plain rows (decision
   * 0150). With `limit`, one page; `cursor` (shared/course-cursor.ts) continues after a page's last course.
   */
  list: memberProcedure
    .meta({ rest: { method: "GET", path: "/courses/list" } })
    .input(listCoursesInput)
    .query(({ ctx, input }) => courseListing(ctx, input)),

  /**
   * The course with its modules and lessons, and which of them the caller completed. With `language`, its
   * title, description and lesson titles in that language where current translations exist (decision 0410).
   */
  get: memberProcedure
    .meta({ rest: { method: "GET", path: "/courses/get" } })
    .input(courseReadInput)
    .query(({ ctx, input }) => courseView(ctx, input.id, input.language)),

  structure: memberProcedure
    .meta({ rest: { method: "GET", path: "/courses/structure" } })
    .input(courseStructureInput)
    .query(({ ctx, input }) => courseStructure(ctx, input)),

  create: permittedProcedure("courses.create")
    .meta({ rest: { method: "POST", path: "/courses/create" } })
    .input(createCourseInput)
    .mutation(async ({ ctx, input }) => presentCourse(await createCourse(ctx, input))),

  update: permittedProcedure("courses.edit")
    .meta({ rest: { method: "POST", path: "/courses/update" } })
    .input(updateCourseInput)
    .mutation(async ({ ctx, input }) => presentCourse(await updateCourse(ctx, input))),

  /** A draft "<title> (copy)" with copies of its tags, modules, lessons and images (server/modules/courses/course-copy.ts). */
  duplicate: permittedProcedure("courses.create")
    .meta({ rest: { method: "POST", path: "/courses/duplicate" } })
    .input(courseIdInput)
    .mutation(async ({ ctx, input }) => presentCourse(await copyCourse(ctx, input.id))),

  /** The database cascades to its tags, modules, lessons, images and their completions. */
  delete: permittedProcedure("courses.delete")
    .meta({ rest: { method: "POST", path: "/courses/delete" } })
    .input(courseIdInput)
    .mutation(({ ctx, input }) => deleteCourse(ctx, input.id)),
});
