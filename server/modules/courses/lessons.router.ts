import { memberProcedure, permittedProcedure } from "#server/platform/api/trpc-org.js";
import {
  createLessonInput,
  lessonIdInput,
  lessonReadInput,
  reorderLessonsInput,
  updateLessonInput,
} from "#shared/schemas/courses.js";
import { contentSaveProcedure } from "./content-save-procedure.js";
import { presentCourseStructure } from "./courses.presenter.js";
import { lessonPage } from "./lesson-page.js";
import { createLesson, deleteLesson, reorderLessons, updateLesson } from "./lesson-writes.js";
import { presentLesson } from "./lessons.presenter.js";

/**
 * Lessons (docs/SPEC.md §7): reading them is for every member who may see the course; writing
 * them needs "courses.edit". Their `orderIndex` is 0..n-1 within the module, changed only with the
 * course locked (docs/decisions/0004-ordering.md).
 */
const editProcedure = permittedProcedure("courses.edit");

/**
 * The lessons area's procedures; the app's router adds lessons/complete (progress) and the sign-off
 * module's beside them (server/router.ts).
 */
export const lessonProcedures = {
  /**
   * The lesson with its place in the course: Previous and Next run across module boundaries. With
   * `language`, in that language where a current translation exists (decision 0410).
   */
  get: memberProcedure
    .meta({ rest: { method: "GET", path: "/lessons/get" } })
    .input(lessonReadInput)
    .query(({ ctx, input }) => lessonPage(ctx, input.id, input.language)),

  /** Appends to the module. Markdown is rendered and all content sanitized before it is stored. */
  create: contentSaveProcedure(createLessonInput)
    .meta({ rest: { method: "POST", path: "/lessons/create" } })
    .mutation(async ({ ctx, input }) => presentLesson(await createLesson(ctx, input))),

  update: contentSaveProcedure(updateLessonInput)
    .meta({ rest: { method: "POST", path: "/lessons/update" } })
    .mutation(async ({ ctx, input }) => presentLesson(await updateLesson(ctx, input))),

  /** Its completions go with it; its signatures and versions stay (decision 0100); the module's other lessons close up. */
  delete: editProcedure
    .meta({ rest: { method: "POST", path: "/lessons/delete" } })
    .input(lessonIdInput)
    .mutation(({ ctx, input }) => deleteLesson(ctx, input.id)),

  /**
   * Names the target module's lessons in their new order: all it has now, plus any lessons of other
   * modules of the course, which move into it (their old modules close up). One transaction; a stale
   * list is refused whole. Answers with the course structure as it now stands.
   */
  reorder: editProcedure
    .meta({ rest: { method: "POST", path: "/lessons/reorder" } })
    .input(reorderLessonsInput)
    .mutation(async ({ ctx, input }) => presentCourseStructure(await reorderLessons(ctx, input))),
};
