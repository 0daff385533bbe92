import type { SqlEntityManager } from "@mikro-orm/knex";
import { CourseModule, Lesson } from "./course.entity.js";

/**
 * The outline of a course (its modules and lessons in order), loaded for
 * any size of course in a fixed number of queries: the reorder procedures plan from it and the course
 * presenters show it.
 */

export interface CourseOutline {
  /** Modules in course order. */
  modules: CourseModule[];
  /** Lessons in course order: by module position, then by lesson position. */
  lessons: OutlineLesson[];
}

/** A lesson as the outline loads it: without its content, which may be long. */
type OutlineLesson = Pick<Lesson, "id" | "title" | "orderIndex" | "module" | "version">;

/**
 * The modules and lessons of a course in two queries, lessons without their (possibly long) content.
 * `refresh` re-reads rows the entity manager already holds: after a write, or after taking the lock.
 */
export async function loadCourseOutline(
  em: SqlEntityManager,
  courseId: number,
  options: { refresh?: boolean } = {},
): Promise<CourseOutline> {
  const refresh = options.refresh ?? false;
  const modules = await em.find(
    CourseModule,
    { course: courseId },
    { orderBy: { orderIndex: "asc", id: "asc" }, refresh },
  );
  if (modules.length === 0) return { modules, lessons: [] };
  const found = await em.find(
    Lesson,
    { module: { $in: modules.map((module) => module.id) } },
    { fields: ["title", "orderIndex", "module", "version"], orderBy: { orderIndex: "asc", id: "asc" }, refresh },
  );
  const position = new Map(modules.map((module, index) => [module.id, index]));
  // A stable sort keeps each module's lessons in the order the query gave them.
  const lessons: OutlineLesson[] = [...found].sort(
    (a, b) => (position.get(a.module.id) ?? 0) - (position.get(b.module.id) ?? 0),
  );
  return { modules, lessons };
}
