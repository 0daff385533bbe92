import type { SqlEntityManager } from "@mikro-orm/knex";
import { embedUrlFor } from "./content.js";
import type { CourseStatus } from "./entities/course.js";
import { Completion, type Course, CourseModule, CourseTag, Lesson } from "./entities/index.js";
import { type TagView, tagView } from "./routers/tags.js";

/**
 * The course area's responses (spec §3, §7), built explicitly from entities, and the loaders behind
 * them. Each loader answers for any number of courses, modules or lessons in a fixed number of
 * queries: the screens that show them never cost a query per row.
 */

export interface LessonOutlineView {
  id: number;
  title: string;
  orderIndex: number;
  isCompleted: boolean;
}

export interface ModuleOutlineView {
  id: number;
  title: string;
  description: string | null;
  orderIndex: number;
  lessons: LessonOutlineView[];
}

export interface CourseView {
  id: number;
  title: string;
  description: string | null;
  status: CourseStatus;
  tags: TagView[];
  createdAt: Date;
  /** Present where the caller needs the course's content too (courses/get). */
  modules?: ModuleOutlineView[];
}

/** What module writes answer with. */
export interface ModuleView {
  id: number;
  courseId: number;
  title: string;
  description: string | null;
  orderIndex: number;
}

/** What lesson writes answer with. */
export interface LessonView {
  id: number;
  moduleId: number;
  title: string;
  content: string | null;
  videoUrl: string | null;
  embedUrl: string | null;
  orderIndex: number;
}

/** Departments before roles, then by name: the order of the tags page's tree. */
function compareTags(a: TagView, b: TagView): number {
  if (a.type !== b.type) return a.type === "department" ? -1 : 1;
  return a.name.localeCompare(b.name, undefined, { sensitivity: "base" }) || a.id - b.id;
}

/** The tags of many courses in one query. */
export async function tagsOfCourses(em: SqlEntityManager, courseIds: number[]): Promise<Map<number, TagView[]>> {
  const byCourse = new Map<number, TagView[]>(courseIds.map((id) => [id, []]));
  if (courseIds.length === 0) return byCourse;
  const links = await em.find(CourseTag, { course: { $in: courseIds } }, { populate: ["tag"] });
  for (const link of links) byCourse.get(link.course.id)?.push(tagView(link.tag));
  for (const tags of byCourse.values()) tags.sort(compareTags);
  return byCourse;
}

export function courseView(course: Course, tags: TagView[], modules?: ModuleOutlineView[]): CourseView {
  return {
    id: course.id,
    title: course.title,
    description: course.description,
    status: course.status,
    tags,
    createdAt: course.createdAt,
    ...(modules ? { modules } : {}),
  };
}

export async function courseViews(em: SqlEntityManager, courses: Course[]): Promise<CourseView[]> {
  const tags = await tagsOfCourses(
    em,
    courses.map((course) => course.id),
  );
  return courses.map((course) => courseView(course, tags.get(course.id) ?? []));
}

export function moduleView(module: CourseModule): ModuleView {
  return {
    id: module.id,
    courseId: module.course.id,
    title: module.title,
    description: module.description,
    orderIndex: module.orderIndex,
  };
}

export function lessonView(lesson: Lesson): LessonView {
  return {
    id: lesson.id,
    moduleId: lesson.module.id,
    title: lesson.title,
    content: lesson.content,
    videoUrl: lesson.videoUrl,
    embedUrl: embedUrlFor(lesson.videoUrl),
    orderIndex: lesson.orderIndex,
  };
}

/** Which of these lessons the user has completed, in one query. */
export async function completedAmong(em: SqlEntityManager, userId: number, lessonIds: number[]): Promise<Set<number>> {
  if (lessonIds.length === 0) return new Set();
  const completions = await em.find(Completion, { user: userId, lesson: { $in: lessonIds } }, { fields: ["lesson"] });
  return new Set(completions.map((completion) => completion.lesson.id));
}

export interface CourseOutline {
  /** Modules in course order. */
  modules: CourseModule[];
  /** Lessons in course order: by module position, then by lesson position. */
  lessons: OutlineLesson[];
}

/** A lesson as the outline loads it: without its content, which may be long. */
export type OutlineLesson = Pick<Lesson, "id" | "title" | "orderIndex" | "module">;

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
    { fields: ["title", "orderIndex", "module"], orderBy: { orderIndex: "asc", id: "asc" }, refresh },
  );
  const position = new Map(modules.map((module, index) => [module.id, index]));
  // A stable sort keeps each module's lessons in the order the query gave them.
  const lessons: OutlineLesson[] = [...found].sort(
    (a, b) => (position.get(a.module.id) ?? 0) - (position.get(b.module.id) ?? 0),
  );
  return { modules, lessons };
}

/** `courses/structure` (and the modules of `courses/get`): three queries however big the course is. */
export async function courseStructure(
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
      isCompleted: done.has(lesson.id),
    });
  }
  return modules.map((module) => ({
    id: module.id,
    title: module.title,
    description: module.description,
    orderIndex: module.orderIndex,
    lessons: byModule.get(module.id) ?? [],
  }));
}
