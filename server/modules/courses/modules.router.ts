import { router } from "#server/platform/api/trpc.js";
import { permittedProcedure } from "#server/platform/api/trpc-org.js";
import { createOwned } from "#server/platform/db/tenant-scope.js";
import { fail } from "#server/platform/http/errors.js";
import { LIMITS } from "#shared/constants.js";
import {
  COURSE_MESSAGES,
  createModuleInput,
  moduleIdInput,
  reorderModulesInput,
  updateModuleInput,
} from "#shared/schemas/courses.js";
import { contentRemoved, contentWritten } from "./content-hooks.js";
import { CourseModule } from "./course.entity.js";
import { lockCourse, lockModule, lockModuleCourse } from "./course-access.js";
import { idsInSubmittedOrder, matchesExpectedOrder, sameIdSet } from "./course-order.rules.js";
import { outlineRows } from "./courses.data.js";
import { presentCourseStructure } from "./courses.presenter.js";
import { presentModule } from "./modules.presenter.js";
import { assertCurrentVersion, countVersion, setChangedFields } from "./versions.rules.js";

/**
 * Modules of a course (docs/SPEC.md §7 "Lesson and module content"). Their `orderIndex` is always 0..n-1 within
 * the course; every change to it runs with the course locked (docs/decisions/0004-ordering.md).
 */
const editProcedure = permittedProcedure("courses.edit");

export const modulesRouter = router({
  /** Appends: the new module comes last. */
  create: editProcedure
    .meta({ rest: { method: "POST", path: "/modules/create" } })
    .input(createModuleInput)
    .mutation(async ({ ctx, input }) => {
      const course = await lockCourse(ctx, input.courseId);
      const count = await ctx.em.count(CourseModule, { course: course.id });
      // A reorder names every module of the course, and names at most this many (decision 0261).
      if (count >= LIMITS.modulesPerCourseMax) throw fail.badRequest(COURSE_MESSAGES.modulesTooMany);
      const module = createOwned(ctx, CourseModule, {
        course,
        title: input.title,
        description: input.description ?? null,
        orderIndex: count,
      });
      await ctx.em.flush();
      await contentWritten(ctx, { moduleIds: [module.id] });
      return presentModule(module);
    }),

  update: editProcedure
    .meta({ rest: { method: "POST", path: "/modules/update" } })
    .input(updateModuleInput)
    .mutation(async ({ ctx, input }) => {
      const module = await lockModule(ctx, input.id);
      assertCurrentVersion(module, input.version, COURSE_MESSAGES.moduleChanged);
      countVersion(module, setChangedFields(module, { title: input.title, description: input.description }));
      await ctx.em.flush();
      await contentWritten(ctx, { moduleIds: [module.id] });
      return presentModule(module);
    }),

  /** Its lessons and their completions go with it (foreign keys cascade); the rest close up. */
  delete: editProcedure
    .meta({ rest: { method: "POST", path: "/modules/delete" } })
    .input(moduleIdInput)
    .mutation(async ({ ctx, input }) => {
      const { course, module } = await lockModuleCourse(ctx, input.id);
      await ctx.em.nativeDelete(CourseModule, { id: module.id });
      await contentRemoved(ctx, [course.id]);
      const remaining = await ctx.em.find(
        CourseModule,
        { course: course.id },
        { orderBy: { orderIndex: "asc", id: "asc" }, refresh: true },
      );
      remaining.forEach((each, index) => {
        each.orderIndex = index;
      });
      return { message: "Module deleted." };
    }),

  /**
   * The list must name exactly the course's modules as they are now; a list from before someone added
   * or deleted one is refused whole. Answers with the course structure as it now stands.
   */
  reorder: editProcedure
    .meta({ rest: { method: "POST", path: "/modules/reorder" } })
    .input(reorderModulesInput)
    .mutation(async ({ ctx, input }) => {
      const course = await lockCourse(ctx, input.courseId);
      const modules = await ctx.em.find(CourseModule, { course: course.id }, { refresh: true });
      const order = idsInSubmittedOrder(input.modules);
      const currentIds = [...modules].sort((a, b) => a.orderIndex - b.orderIndex).map((each) => each.id);
      if (!sameIdSet(order, currentIds) || !matchesExpectedOrder(currentIds, input.expectedOrder)) {
        throw fail.conflict(COURSE_MESSAGES.modulesStale);
      }
      const byId = new Map(modules.map((each) => [each.id, each]));
      order.forEach((id, index) => {
        const module = byId.get(id);
        if (module) module.orderIndex = index;
      });
      await ctx.em.flush();
      return presentCourseStructure(await outlineRows(ctx.em, course.id, ctx.user.id, { refresh: true }));
    }),
});
