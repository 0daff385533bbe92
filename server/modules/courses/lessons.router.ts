import type { z } from "zod";
import { inTransaction } from "#server/platform/api/trpc.js";
import { memberProcedure, permittedBeforeTransaction, permittedProcedure } from "#server/platform/api/trpc-org.js";
import { plainJson } from "#server/platform/api/wire-format.js";
import { createOwned } from "#server/platform/db/tenant-scope.js";
import { fail } from "#server/platform/http/errors.js";
import { LIMITS } from "#shared/constants.js";
import {
  COURSE_MESSAGES,
  createLessonInput,
  lessonIdInput,
  reorderLessonsInput,
  updateLessonInput,
} from "#shared/schemas/courses.js";
import { contentRemoved, contentWritten, lessonBefore, lessonSaveWrites } from "./content-hooks.js";
import { Lesson } from "./course.entity.js";
import { assertCourseVisible, lockLesson, lockLessonCourse, lockModule, lockModuleCourse } from "./course-access.js";
import { matchesExpectedOrder, planLessonReorder } from "./course-order.rules.js";
import { loadCourseOutline } from "./course-outline.js";
import { outlineRows } from "./courses.data.js";
import { presentCourseStructure } from "./courses.presenter.js";
import { convertLessonContent } from "./lesson-content.js";
import { lessonPageParts } from "./lesson-page-parts.js";
import { lessonPageRow } from "./lessons.data.js";
import { presentLesson, presentLessonPage } from "./lessons.presenter.js";
import { assertCurrentVersion, countVersion, setChangedFields } from "./versions.rules.js";

/**
 * Lessons (docs/SPEC.md §7): reading them is for every member who may see the course; writing
 * them needs "courses.edit". Their `orderIndex` is 0..n-1 within the module, changed only with the
 * course locked (docs/decisions/0004-ordering.md).
 */
const editProcedure = permittedProcedure("courses.edit");

/**
 * Saving content: once the caller may edit, it is converted off the request thread
 * (server/modules/courses/lesson-content.ts), then the write's transaction begins. `ctx.content` is what to store.
 */
const contentSaveProcedure = <Schema extends z.ZodType<{ content?: string | null }>>(schema: Schema) =>
  permittedBeforeTransaction("courses.edit")
    .input(schema)
    .use(async ({ ctx, input, next }) =>
      next({
        ctx: { content: await convertLessonContent(ctx.req.server.lessonContent, ctx.organization.id, input.content) },
      }),
    )
    .use(inTransaction);

/**
 * The lessons area's procedures; the app's router adds lessons/complete (progress) and the sign-off
 * module's beside them (server/router.ts).
 */
export const lessonProcedures = {
  /** The lesson with its place in the course: Previous and Next run across module boundaries. */
  get: memberProcedure
    .meta({ rest: { method: "GET", path: "/lessons/get" } })
    .input(lessonIdInput)
    .query(async ({ ctx, input }) => {
      const page = await lessonPageRow(ctx.em, input.id, ctx.user.id);
      if (!page) throw fail.notFound(COURSE_MESSAGES.lessonNotFound);
      assertCourseVisible(page.course, ctx.role);
      // The check's part is the quizzes module's (decision 0290): its queries, none when the lesson has no check.
      return plainJson(
        presentLessonPage(page, await lessonPageParts.one.quizOf(ctx.em, page.id, ctx.user.id, page.quiz)),
      );
    }),

  /** Appends to the module. Markdown is rendered and all content sanitized before it is stored. */
  create: contentSaveProcedure(createLessonInput)
    .meta({ rest: { method: "POST", path: "/lessons/create" } })
    .mutation(async ({ ctx, input }) => {
      const module = await lockModule(ctx, input.moduleId);
      const count = await ctx.em.count(Lesson, { module: module.id });
      // A reorder names every lesson of the module, and names at most this many (decision 0261).
      if (count >= LIMITS.lessonsPerModuleMax) throw fail.badRequest(COURSE_MESSAGES.lessonsTooMany);
      const lesson = createOwned(ctx, Lesson, {
        module,
        title: input.title,
        content: ctx.content ?? null,
        videoUrl: input.videoUrl ?? null,
        orderIndex: count,
      });
      await ctx.em.flush();
      await contentWritten(ctx, { lessonIds: [lesson.id] });
      return presentLesson(lesson);
    }),

  update: contentSaveProcedure(updateLessonInput)
    .meta({ rest: { method: "POST", path: "/lessons/update" } })
    .mutation(async ({ ctx, input }) => {
      const lesson = await lockLesson(ctx, input.id);
      assertCurrentVersion(lesson, input.version, COURSE_MESSAGES.lessonChanged);
      const before = lessonBefore(lesson);
      const changed = setChangedFields(lesson, {
        title: input.title,
        content: ctx.content,
        videoUrl: input.videoUrl,
        requiresSignoff: input.requiresSignoff,
      });
      // A sign-off lesson's save records a version (signoff), which counts even when no field changed.
      const writes = lessonSaveWrites(ctx, lesson, before, input);
      countVersion(lesson, changed || writes.length > 0);
      for (const write of writes) await write();
      await ctx.em.flush();
      await contentWritten(ctx, { lessonIds: [lesson.id] });
      return presentLesson(lesson);
    }),

  /** Its completions go with it; its signatures and versions stay (decision 0100); the module's other lessons close up. */
  delete: editProcedure
    .meta({ rest: { method: "POST", path: "/lessons/delete" } })
    .input(lessonIdInput)
    .mutation(async ({ ctx, input }) => {
      const { course, lesson } = await lockLessonCourse(ctx, input.id);
      const moduleId = lesson.module.id;
      await ctx.em.nativeDelete(Lesson, { id: lesson.id });
      await contentRemoved(ctx, [course.id]);
      const remaining = await ctx.em.find(
        Lesson,
        { module: moduleId },
        { fields: ["orderIndex"], orderBy: { orderIndex: "asc", id: "asc" }, refresh: true },
      );
      remaining.forEach((each, index) => {
        each.orderIndex = index;
      });
      return { message: "Lesson deleted." };
    }),

  /**
   * Names the target module's lessons in their new order: all it has now, plus any lessons of other
   * modules of the course, which move into it (their old modules close up). One transaction; a stale
   * list is refused whole. Answers with the course structure as it now stands.
   */
  reorder: editProcedure
    .meta({ rest: { method: "POST", path: "/lessons/reorder" } })
    .input(reorderLessonsInput)
    .mutation(async ({ ctx, input }) => {
      const { course, module } = await lockModuleCourse(ctx, input.moduleId);
      const { lessons } = await loadCourseOutline(ctx.em, course.id, { refresh: true });
      const plan = planLessonReorder(
        module.id,
        lessons.map((lesson) => ({ id: lesson.id, moduleId: lesson.module.id })),
        input.lessons,
      );
      const currentTarget = lessons.filter((lesson) => lesson.module.id === module.id).map((lesson) => lesson.id);
      if (!plan || !matchesExpectedOrder(currentTarget, input.expectedOrder)) {
        throw fail.conflict(COURSE_MESSAGES.lessonsStale);
      }
      const byId = new Map(lessons.map((lesson) => [lesson.id, lesson]));
      plan.target.forEach((id, index) => {
        const lesson = byId.get(id);
        if (!lesson) return;
        lesson.module = module;
        lesson.orderIndex = index;
      });
      for (const ids of plan.sources.values()) {
        ids.forEach((id, index) => {
          const lesson = byId.get(id);
          if (lesson) lesson.orderIndex = index;
        });
      }
      await ctx.em.flush();
      return presentCourseStructure(await outlineRows(ctx.em, course.id, ctx.user.id, { refresh: true }));
    }),
};
