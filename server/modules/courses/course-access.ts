import type { SqlEntityManager } from "@mikro-orm/knex";
import { lockCourseRow } from "#server/platform/db/sql-dialect.js";
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
 * Every write to a course's content (the course, its modules, lessons and knowledge checks, a signature)
 * starts by locking the course row, inside the mutation's transaction, and reads what it changes only
 * after that. On PostgreSQL two writes to one course then run one after the other, the second sees what
 * the first wrote (a stale list or version is refused), and they take their other row locks in one
 * order, course first (sql-dialect.ts lockCourseRow; docs/DESIGN.md §4). SQLite runs one writer at a
 * time anyway, and has no row locks.
 */
export async function lockCourse(ctx: CourseContext, id: number): Promise<Course> {
  await lockCourseRow(ctx, { courseId: id });
  return freshCourse(ctx, id);
}

/** The course as it is now (after its lock), not a cached copy. */
async function freshCourse(ctx: CourseContext, id: number): Promise<Course> {
  const course = await ctx.em.findOne(Course, { id }, { refresh: true });
  if (!course) throw fail.notFound(COURSE_MESSAGES.courseNotFound);
  return course;
}

/** The module, read again after its course was locked: what a concurrent change left, not a cached copy. */
async function findModule(ctx: CourseContext, id: number): Promise<CourseModule> {
  const module = await ctx.em.findOne(CourseModule, { id }, { refresh: true });
  if (!module) throw fail.notFound(COURSE_MESSAGES.moduleNotFound);
  return module;
}

/**
 * The module's course locked (see lockCourse), then the module as it is after the lock: it never changes
 * course, but it may have been deleted while we waited. An edit checks its version under the lock.
 */
export async function lockModule(ctx: CourseContext, id: number): Promise<CourseModule> {
  await lockCourseRow(ctx, { moduleId: id });
  return findModule(ctx, id);
}

/** lockModule, and the course it locked. */
export async function lockModuleCourse(
  ctx: CourseContext,
  moduleId: number,
): Promise<{ course: Course; module: CourseModule }> {
  const module = await lockModule(ctx, moduleId);
  return { course: await freshCourse(ctx, module.course.id), module };
}

/**
 * The lesson's course locked (see lockCourse), then the lesson as it is after the lock: a concurrent
 * reorder may have moved it to another module of the same course, or a delete removed it. An edit checks
 * its version under the lock (server/versions.ts).
 */
export async function lockLesson(ctx: CourseContext, id: number): Promise<Lesson> {
  await lockCourseRow(ctx, { lessonId: id });
  return findLesson(ctx, id);
}

export async function findLesson(ctx: CourseContext, id: number): Promise<Lesson> {
  const lesson = await ctx.em.findOne(Lesson, { id }, { populate: ["module"], refresh: true });
  if (!lesson) throw fail.notFound(COURSE_MESSAGES.lessonNotFound);
  return lesson;
}

/** lockLesson, and the course it locked. */
export async function lockLessonCourse(
  ctx: CourseContext,
  lessonId: number,
): Promise<{ course: Course; lesson: Lesson }> {
  const lesson = await lockLesson(ctx, lessonId);
  return { course: await freshCourse(ctx, lesson.module.course.id), lesson };
}
