import type { z } from "zod";
import { createOwned } from "#server/platform/db/tenant-scope.js";
import { fail } from "#server/platform/http/errors.js";
import { LIMITS } from "#shared/constants.js";
import {
  COURSE_MESSAGES,
  type createModuleInput,
  type reorderModulesInput,
  type updateModuleInput,
} from "#shared/schemas/courses.js";
import { type CourseWriteScope, contentRemoved, contentWritten } from "./content-hooks.js";
import { CourseModule } from "./course.entity.js";
import { type CourseContext, lockCourse, lockModule, lockModuleCourse } from "./course-access.js";
import { idsInSubmittedOrder, matchesExpectedOrder, sameIdSet } from "./course-order.rules.js";
import { type OutlineRow, outlineRows } from "./courses.data.js";
import { assertCurrentVersion, countVersion, setChangedFields } from "./versions.rules.js";

/**
 * The module writes (modules/create, update, delete, reorder), each in the mutation's transaction. Their
 * `orderIndex` is always 0..n-1 within the course; every change to it runs with the course locked
 * (docs/decisions/0004-ordering.md).
 */

/** What a module write is given by the procedure builders. */
type ModuleWriteContext = CourseContext & CourseWriteScope;

/** Appends: the new module comes last. */
export async function createModule(
  ctx: ModuleWriteContext,
  input: z.output<typeof createModuleInput>,
): Promise<CourseModule> {
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
  return module;
}

export async function updateModule(
  ctx: ModuleWriteContext,
  input: z.output<typeof updateModuleInput>,
): Promise<CourseModule> {
  const module = await lockModule(ctx, input.id);
  assertCurrentVersion(module, input.version, COURSE_MESSAGES.moduleChanged);
  countVersion(module, setChangedFields(module, { title: input.title, description: input.description }));
  await ctx.em.flush();
  await contentWritten(ctx, { moduleIds: [module.id] });
  return module;
}

/** Its lessons and their completions go with it (foreign keys cascade); the rest close up. */
export async function deleteModule(ctx: ModuleWriteContext, id: number): Promise<{ message: string }> {
  const { course, module } = await lockModuleCourse(ctx, id);
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
}

/**
 * The list must name exactly the course's modules as they are now; a list from before someone added or
 * deleted one is refused whole. Answers with the rows of the course structure as it now stands.
 */
export async function reorderModules(
  ctx: ModuleWriteContext,
  input: z.output<typeof reorderModulesInput>,
): Promise<OutlineRow[]> {
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
  return outlineRows(ctx.em, course.id, ctx.user.id, { refresh: true });
}
