import { compareTags, type TagView } from "#server/modules/tags/index.js";
import type { CourseStatus } from "./course.entity.js";
import type { ViewerCourseTraining } from "./course-view-parts.js";
import type { CoursesForViewer } from "./course-views.data.js";
import type { CertificationFields, CourseFields, OutlineRow, TaggedCourse } from "./courses.data.js";

/**
 * A course as its card, form and detail page show it (courses/list, get, create, update; docs/SPEC.md §3, §7),
 * and its structure (courses/structure, and the answer of every reorder), from the rows of
 * server/modules/courses/courses.data.ts.
 */

interface LessonOutlineView {
  id: number;
  title: string;
  orderIndex: number;
  /** What lessons/update takes to refuse a stale save (server/modules/courses/versions.rules.ts). */
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
  /** Required of its audience (docs/SPEC.md §3), and the deadline it sets (a date, or days after joining). */
  required: boolean;
  dueDate: string | null;
  dueDays: number | null;
  /** Null: not a certification (docs/decisions/0310-certificates-derived-from-completion.md). */
  certification: CertificationFields | null;
  /** The caller is in the course's audience. */
  assignedToMe: boolean;
  /** The caller's own deadline: null when not required, none is set, or not assigned. */
  dueAt: Date | null;
  version: number;
  /** Present where the caller needs the course's content too (courses/get). */
  modules?: ModuleOutlineView[];
}

/**
 * Each course's tags in the order its card shows them, from the tags they name (read once for all of
 * them). Every course gets its own objects (an answer holding one object twice is written differently by
 * superjson, server/platform/fast/superjson-fast.ts). The tags are sorted once and each course's by their rank:
 * compareTags is a total order, so that is the order sorting each course's own tags gave.
 */
function tagsOfCourses(courses: readonly TaggedCourse[], named: TagView[]): Map<number, TagView[]> {
  const tags = [...named].sort(compareTags);
  const rankOf = new Map<number, number>();
  for (const [rank, tag] of tags.entries()) rankOf.set(tag.id, rank);
  const byCourse = new Map<number, TagView[]>();
  for (const course of courses) {
    const ranks: number[] = [];
    for (const id of course.tagIds) {
      const rank = rankOf.get(id);
      if (rank !== undefined) ranks.push(rank);
    }
    ranks.sort((a, b) => a - b);
    byCourse.set(
      course.id,
      ranks.map((rank) => ({ ...(tags[rank] as TagView) })),
    );
  }
  return byCourse;
}

function courseView(
  course: CourseFields,
  tags: TagView[],
  mine: ViewerCourseTraining,
  modules?: ModuleOutlineView[],
): CourseView {
  return {
    id: course.id,
    title: course.title,
    description: course.description,
    status: course.status,
    tags,
    createdAt: course.createdAt,
    required: course.required,
    dueDate: course.dueDate,
    dueDays: course.dueDays,
    certification: course.certification,
    assignedToMe: mine.assignedToMe,
    dueAt: mine.dueAt,
    version: course.version,
    ...(modules ? { modules } : {}),
  };
}

/** Courses with their tags and what they ask of the viewer (coursesForViewer's rows). */
export function presentCourses({ courses, training }: CoursesForViewer): CourseView[] {
  if (courses.length === 0) return [];
  const tags = tagsOfCourses(courses, training.tags);
  return courses.map((course) => courseView(course, tags.get(course.id) ?? [], training.of(course.id)));
}

/** One course as presentCourses shows it; with its outline (courseForViewer's `withStructure`), also its modules and lessons. */
export function presentCourse(rows: CoursesForViewer): CourseView {
  const [view] = presentCourses(rows);
  if (!view) throw new Error("presentCourses returned no view for its course");
  if (!rows.outline) return view;
  return { ...view, modules: presentCourseStructure(rows.outline) };
}

/** The modules and lessons of a course, each lesson marked if the user completed it. */
export function presentCourseStructure(outline: readonly OutlineRow[]): ModuleOutlineView[] {
  const modules: ModuleOutlineView[] = [];
  for (const row of outline) {
    let module = modules.at(-1);
    if (module?.id !== row.moduleId) {
      module = {
        id: row.moduleId,
        title: row.moduleTitle,
        description: row.moduleDescription,
        orderIndex: row.moduleOrder,
        version: row.moduleVersion,
        lessons: [],
      };
      modules.push(module);
    }
    if (row.lessonId !== null) {
      module.lessons.push({
        id: row.lessonId,
        title: row.lessonTitle ?? "",
        orderIndex: row.lessonOrder ?? 0,
        version: row.lessonVersion ?? 1,
        isCompleted: row.completed,
      });
    }
  }
  return modules;
}
