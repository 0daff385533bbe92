import type { SqlEntityManager } from "@mikro-orm/knex";
import { lockRowsForUpdate } from "#server/platform/db/sql-dialect.js";
import type { Config } from "#server/platform/http/config.js";
import { fail } from "#server/platform/http/errors.js";
import { can } from "#shared/permissions.js";
import type { Role } from "#shared/roles.js";
import { COURSE_MESSAGES } from "#shared/schemas/courses.js";
import { Course, CourseModule, Lesson } from "./course.entity.js";

/**
 * Finding courses, modules and lessons for the procedures of the course area. Every lookup runs on the
 * request's entity manager, whose tenant filter (memberProcedure) makes another organization's record
 * "not found"; these helpers add the one rule the filter cannot know: drafts are for content creators.
 */
export interface CourseContext {
  em: SqlEntityManager;
  config: Config;
  role: Role;
}

export function canSeeDrafts(role: Role): boolean {
  return can(role, "courses.viewDrafts");
}

/** A learner asking for a draft gets the same answer as for a course that does not exist. */
export function assertCourseVisible(course: Pick<Course, "status">, role: Role): void {
  if (course.status !== "published" && !canSeeDrafts(role)) throw fail.notFound(COURSE_MESSAGES.courseNotFound);
}

export async function findCourse(ctx: CourseContext, id: number): Promise<Course> {
  const course = await ctx.em.findOne(Course, { id });
  if (!course) throw fail.notFound(COURSE_MESSAGES.courseNotFound);
  return course;
}

export async function findVisibleCourse(ctx: CourseContext, id: number): Promise<Course> {
  const course = await findCourse(ctx, id);
  assertCourseVisible(course, ctx.role);
  return course;
}

/**
 * Every change to the modules or lessons of a course starts here, inside the mutation's transaction.
 * On PostgreSQL the course row is locked until commit, so two changes to one course's order run one
 * after the other and the second sees what the first wrote (its stale list is then refused). SQLite
 * runs one writer at a time anyway, and has no row locks.
 */
export async function lockCourse(ctx: CourseContext, id: number): Promise<Course> {
  const course = await ctx.em.findOne(Course, { id }, { ...lockRowsForUpdate(ctx.config), refresh: true });
  if (!course) throw fail.notFound(COURSE_MESSAGES.courseNotFound);
  return course;
}

/** The module, read again after its course was locked: what a concurrent change left, not a cached copy. */
export async function findModule(ctx: CourseContext, id: number): Promise<CourseModule> {
  const module = await ctx.em.findOne(CourseModule, { id }, { refresh: true });
  if (!module) throw fail.notFound(COURSE_MESSAGES.moduleNotFound);
  return module;
}

/** The course a module belongs to, locked (see lockCourse), and the module as it is after the lock. */
export async function lockModuleCourse(
  ctx: CourseContext,
  moduleId: number,
): Promise<{ course: Course; module: CourseModule }> {
  const course = await lockCourse(ctx, (await findModule(ctx, moduleId)).course.id);
  // A module never changes course, but it may have been deleted while we waited for the lock.
  return { course, module: await findModule(ctx, moduleId) };
}

/** The module, locked until the transaction ends (see lockCourse): an edit checks its version under it. */
export async function lockModule(ctx: CourseContext, id: number): Promise<CourseModule> {
  const module = await ctx.em.findOne(CourseModule, { id }, { ...lockRowsForUpdate(ctx.config), refresh: true });
  if (!module) throw fail.notFound(COURSE_MESSAGES.moduleNotFound);
  return module;
}

/** The lesson, locked until the transaction ends: an edit checks its version under it (server/modules/courses/versions.rules.ts). */
export async function lockLesson(ctx: CourseContext, id: number): Promise<Lesson> {
  const lesson = await ctx.em.findOne(Lesson, { id }, { ...lockRowsForUpdate(ctx.config), refresh: true });
  if (!lesson) throw fail.notFound(COURSE_MESSAGES.lessonNotFound);
  return lesson;
}

export async function findLesson(ctx: CourseContext, id: number): Promise<Lesson> {
  const lesson = await ctx.em.findOne(Lesson, { id }, { populate: ["module"], refresh: true });
  if (!lesson) throw fail.notFound(COURSE_MESSAGES.lessonNotFound);
  return lesson;
}

/**
 * The course of a lesson, locked, and the lesson as it is after the lock: a concurrent reorder may have
 * moved it to another module of the same course, or a delete removed it.
 */
export async function lockLessonCourse(
  ctx: CourseContext,
  lessonId: number,
): Promise<{ course: Course; lesson: Lesson }> {
  const course = await lockCourse(ctx, (await findLesson(ctx, lessonId)).module.course.id);
  return { course, lesson: await findLesson(ctx, lessonId) };
}
