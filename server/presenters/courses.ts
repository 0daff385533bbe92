import type { SqlEntityManager } from "@mikro-orm/knex";
import { completedAmong, loadCourseOutline } from "#server/course-outline.js";
import type { CourseStatus } from "#server/entities/course.js";
import { type Course, CourseTag } from "#server/entities/index.js";
import { compareTags, presentTag, type TagView } from "./tags.js";

/**
 * A course as its card, form and detail page show it (courses/list, get, create, update; docs/SPEC.md §3, §7),
 * and its structure (courses/structure, and the answer of every reorder). Each answers for any number
 * of courses, modules or lessons in a fixed number of queries.
 */

export interface LessonOutlineView {
  id: number;
  title: string;
  orderIndex: number;
  /** What lessons/update takes to refuse a stale save (server/versions.ts). */
  version: number;
  isCompleted: boolean;
}

export interface ModuleOutlineView {
  id: number;
  title: string;
  description: string | null;
  orderIndex: number;
  version: number;
  lessons: LessonOutlineView[];
}

export interface CourseView {
  id: number;
  title: string;
  description: string | null;
  status: CourseStatus;
  tags: TagView[];
  createdAt: Date;
  version: number;
  /** Present where the caller needs the course's content too (courses/get). */
  modules?: ModuleOutlineView[];
}

/** The tags of many courses in one query. */
async function tagsOfCourses(em: SqlEntityManager, courseIds: number[]): Promise<Map<number, TagView[]>> {
  const byCourse = new Map<number, TagView[]>(courseIds.map((id) => [id, []]));
  if (courseIds.length === 0) return byCourse;
  const links = await em.find(CourseTag, { course: { $in: courseIds } }, { populate: ["tag"] });
  for (const link of links) byCourse.get(link.course.id)?.push(presentTag(link.tag));
  for (const tags of byCourse.values()) tags.sort(compareTags);
  return byCourse;
}

function courseView(course: Course, tags: TagView[], modules?: ModuleOutlineView[]): CourseView {
  return {
    id: course.id,
    title: course.title,
    description: course.description,
    status: course.status,
    tags,
    createdAt: course.createdAt,
    version: course.version,
    ...(modules ? { modules } : {}),
  };
}

/** Courses with their tags: two queries however many. */
export async function presentCourses(em: SqlEntityManager, courses: Course[]): Promise<CourseView[]> {
  const tags = await tagsOfCourses(
    em,
    courses.map((course) => course.id),
  );
  return courses.map((course) => courseView(course, tags.get(course.id) ?? []));
}

/** One course with its tags; with `withStructureFor` a user id, also its modules and lessons as that user sees them. */
export async function presentCourse(
  em: SqlEntityManager,
  course: Course,
  options: { withStructureFor?: number } = {},
): Promise<CourseView> {
  const tags = (await tagsOfCourses(em, [course.id])).get(course.id) ?? [];
  const userId = options.withStructureFor;
  return courseView(
    course,
    tags,
    userId === undefined ? undefined : await presentCourseStructure(em, course.id, userId),
  );
}

/** The modules and lessons of a course, each lesson marked if the user completed it: three queries. */
export async function presentCourseStructure(
  em: SqlEntityManager,
  courseId: number,
  userId: number,
  options: { refresh?: boolean } = {},
): Promise<ModuleOutlineView[]> {
  const { modules, lessons } = await loadCourseOutline(em, courseId, options);
  const done = await completedAmong(
    em,
    userId,
    lessons.map((lesson) => lesson.id),
  );
  const byModule = new Map<number, LessonOutlineView[]>(modules.map((module) => [module.id, []]));
  for (const lesson of lessons) {
    byModule.get(lesson.module.id)?.push({
      id: lesson.id,
      title: lesson.title,
      orderIndex: lesson.orderIndex,
      version: lesson.version,
      isCompleted: done.has(lesson.id),
    });
  }
  return modules.map((module) => ({
    id: module.id,
    title: module.title,
    description: module.description,
    orderIndex: module.orderIndex,
    version: module.version,
    lessons: byModule.get(module.id) ?? [],
  }));
}
