import { router } from "#server/platform/api/trpc.js";
import { permittedProcedure } from "#server/platform/api/trpc-org.js";
import { createModuleInput, moduleIdInput, reorderModulesInput, updateModuleInput } from "#shared/schemas/courses.js";
import { presentCourseStructure } from "./courses.presenter.js";
import { createModule, deleteModule, reorderModules, updateModule } from "./module-writes.js";
import { presentModule } from "./modules.presenter.js";

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
    .mutation(async ({ ctx, input }) => presentModule(await createModule(ctx, input))),

  update: editProcedure
    .meta({ rest: { method: "POST", path: "/modules/update" } })
    .input(updateModuleInput)
    .mutation(async ({ ctx, input }) => presentModule(await updateModule(ctx, input))),

  /** Its lessons and their completions go with it (foreign keys cascade); the rest close up. */
  delete: editProcedure
    .meta({ rest: { method: "POST", path: "/modules/delete" } })
    .input(moduleIdInput)
    .mutation(({ ctx, input }) => deleteModule(ctx, input.id)),

  /**
   * The list must name exactly the course's modules as they are now; a list from before someone added
   * or deleted one is refused whole. Answers with the course structure as it now stands.
   */
  reorder: editProcedure
    .meta({ rest: { method: "POST", path: "/modules/reorder" } })
    .input(reorderModulesInput)
    .mutation(async ({ ctx, input }) => presentCourseStructure(await reorderModules(ctx, input))),
});
