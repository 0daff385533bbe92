import type { EntityManager } from "@mikro-orm/core";
import { inScope, placeholders, readRow, readRows } from "#server/platform/db/rows.js";
import { dateFromRow, joinedText } from "#server/platform/db/sql-dialect.js";
import { DEFAULT_RECERTIFY_DAYS_BEFORE } from "#shared/course-texts.js";
import type { CourseStatus } from "./course.entity.js";

/**
 * Courses, their tags and outlines as plain rows (decision 0150): courses/list, get and structure,
 * users/completions. Every query is in the request's organization (inScope); the presenters map the rows.
 */

/** The fields of a course that its views show: a Course entity has them too. */
export interface CourseFields {
  id: number;
  title: string;
  description: string | null;
  status: CourseStatus;
  createdAt: Date;
  required: boolean;
  dueDate: string | null;
  dueDays: number | null;
  /** Null: not a certification (docs/decisions/0310-certificates-derived-from-completion.md). */
  certification: CertificationFields | null;
  version: number;
}

export interface CertificationFields {
  /** Null: the certificate never expires. */
  validityMonths: number | null;
  recertifyDaysBefore: number;
}

export interface CourseRecord {
  id: number;
  title: string;
  description: string | null;
  status: CourseStatus;
  created_at: unknown;
  required: boolean | number;
  due_date: string | null;
  due_days: number | null;
  certified: boolean | number;
  validity_months: number | null;
  recertify_days_before: number | null;
  version: number;
}

export const COURSE_COLUMNS =
  "c.id, c.title, c.description, c.status, c.created_at, c.required, c.due_date, c.due_days, c.certified, c.validity_months, c.recertify_days_before, c.version";

export function courseFromRecord(row: CourseRecord): CourseFields {
  return {
    id: Number(row.id),
    title: row.title,
    description: row.description,
    status: row.status,
    createdAt: dateFromRow(row.created_at) ?? new Date(0),
    // SQLite keeps booleans as 0 and 1.
    required: Boolean(row.required),
    dueDate: row.due_date,
    dueDays: row.due_days === null ? null : Number(row.due_days),
    certification: row.certified
      ? {
          validityMonths: row.validity_months === null ? null : Number(row.validity_months),
          recertifyDaysBefore: Number(row.recertify_days_before ?? DEFAULT_RECERTIFY_DAYS_BEFORE),
        }
      : null,
    version: Number(row.version),
  };
}

/** One course of the organization, read with `columns` and named by `fromRecord`; undefined when there is none. */
async function courseRowById<Row, Course>(
  em: EntityManager,
  courseId: number,
  columns: string,
  fromRecord: (row: Row) => Course,
): Promise<Course | undefined> {
  const row = await readRow<Row>(em, `select ${columns} from courses c where ${inScope("c")} and c.id = ?`, [courseId]);
  return row && fromRecord(row);
}

export function courseById(em: EntityManager, courseId: number): Promise<CourseFields | undefined> {
  return courseRowById(em, courseId, COURSE_COLUMNS, courseFromRecord);
}

/** A course with the ids of its tags, as the course views read it (courses/list, get, and a write's answer). */
export interface TaggedCourse extends CourseFields {
  /** Unordered; none for a course without tags. */
  tagIds: number[];
}

/**
 * The course's tag ids as one text per course, "3,10,17" (null without tags), by a correlated subquery
 * on the links' unique index. Read as a row per link instead, the links of a 50-course list were 150
 * rows and the second-dearest statement of courses/list (decision 0237).
 */
function taggedCourseColumns(em: EntityManager): string {
  return `${COURSE_COLUMNS}, (select ${joinedText(em, "cast(ct.tag_id as text)", ",")} from course_tags ct
    where ct.organization_id = c.organization_id and ct.course_id = c.id) as tag_ids`;
}

type TaggedCourseRecord = CourseRecord & { tag_ids: string | null };

function taggedCourseFromRecord(row: TaggedCourseRecord): TaggedCourse {
  const course = courseFromRecord(row) as TaggedCourse;
  course.tagIds = row.tag_ids === null ? [] : row.tag_ids.split(",").map(Number);
  return course;
}

/** courseById with the course's tag ids. */
export function taggedCourseById(em: EntityManager, courseId: number): Promise<TaggedCourse | undefined> {
  return courseRowById(em, courseId, taggedCourseColumns(em), taggedCourseFromRecord);
}

/** Where a page of the newest-first list continues: after this course. */
interface CourseListPosition {
  createdAt: number | string;
  id: number;
}

export interface CourseListQuery {
  status?: CourseStatus;
  /** Only these courses (a search's or a tag filter's matches). */
  ids?: readonly number[];
  /** At most this many; all when absent. */
  limit?: number;
  after?: CourseListPosition;
}

/** Newest first (then by id, so that courses created in the same millisecond keep one order), with their tag ids. */
export async function courseList(em: EntityManager, query: CourseListQuery): Promise<TaggedCourse[]> {
  const where = [inScope("c")];
  const params: unknown[] = [];
  if (query.status) {
    where.push("c.status = ?");
    params.push(query.status);
  }
  if (query.ids) {
    if (query.ids.length === 0) return [];
    where.push(`c.id in (${placeholders(query.ids)})`);
    params.push(...query.ids);
  }
  if (query.after) {
    where.push("(c.created_at < ? or (c.created_at = ? and c.id < ?))");
    params.push(query.after.createdAt, query.after.createdAt, query.after.id);
  }
  const limit = query.limit === undefined ? "" : ` limit ${Math.trunc(query.limit)}`;
  const rows = await readRows<TaggedCourseRecord>(
    em,
    `select ${taggedCourseColumns(em)} from courses c where ${where.join(" and ")} order by c.created_at desc, c.id desc${limit}`,
    params,
  );
  return rows.map(taggedCourseFromRecord);
}

/** The courses with any of these tags. */
export async function courseIdsTagged(em: EntityManager, tagIds: readonly number[]): Promise<number[]> {
  const rows = await readRows<{ course_id: number }>(
    em,
    `select distinct course_id from course_tags where ${inScope()} and tag_id in (${placeholders(tagIds)})`,
    tagIds,
  );
  return rows.map((row) => Number(row.course_id));
}

export interface OutlineRow {
  moduleId: number;
  moduleTitle: string;
  moduleDescription: string | null;
  moduleOrder: number;
  moduleVersion: number;
  /** Null for a module without lessons. */
  lessonId: number | null;
  lessonTitle: string | null;
  lessonOrder: number | null;
  lessonVersion: number | null;
  completed: boolean;
}

// Lessons are joined by organization and module: PostgreSQL has no index on module_id alone, only
// lessons_org_module_order_idx, and without the organization it scanned every lesson (decision 0213).
const OUTLINE = `select m.id as module_id, m.title as module_title, m.description as module_description,
    m.order_index as module_order, m.version as module_version,
    l.id as lesson_id, l.title as lesson_title, l.order_index as lesson_order, l.version as lesson_version,
    cp.id as completion_id
  from modules m
  left join lessons l on l.organization_id = m.organization_id and l.module_id = m.id
  left join completions cp on cp.organization_id = m.organization_id and cp.user_id = ? and cp.lesson_id = l.id
  where ${inScope("m")} and m.course_id = ?
  order by m.order_index, m.id, l.order_index, l.id`;

/**
 * A course's modules and lessons in outline order, each lesson with whether the user completed it: one
 * query (modules left-joined to their lessons and the user's completions). After a write (`refresh`), the
 * entity manager's pending changes are flushed first, so the rows read are them.
 */
export async function outlineRows(
  em: EntityManager,
  courseId: number,
  userId: number,
  options: { refresh?: boolean } = {},
): Promise<OutlineRow[]> {
  if (options.refresh) await em.flush();
  const rows = await readRows<{
    module_id: number;
    module_title: string;
    module_description: string | null;
    module_order: number;
    module_version: number;
    lesson_id: number | null;
    lesson_title: string | null;
    lesson_order: number | null;
    lesson_version: number | null;
    completion_id: number | null;
  }>(em, OUTLINE, [userId, courseId]);
  const orNull = (value: number | null) => (value === null ? null : Number(value));
  return rows.map((row) => ({
    moduleId: Number(row.module_id),
    moduleTitle: row.module_title,
    moduleDescription: row.module_description,
    moduleOrder: Number(row.module_order),
    moduleVersion: Number(row.module_version),
    lessonId: orNull(row.lesson_id),
    lessonTitle: row.lesson_title,
    lessonOrder: orNull(row.lesson_order),
    lessonVersion: orNull(row.lesson_version),
    completed: row.completion_id !== null,
  }));
}

const COMPLETED_LESSONS = `select lesson_id from completions where ${inScope()} and user_id = ? order by lesson_id`;

/** The lessons the user completed in the organization, by lesson id. */
export async function completedLessonIds(em: EntityManager, userId: number): Promise<number[]> {
  const rows = await readRows<{ lesson_id: number }>(em, COMPLETED_LESSONS, [userId]);
  return rows.map((row) => Number(row.lesson_id));
}
