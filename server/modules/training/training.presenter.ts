import type { SqlEntityManager } from "@mikro-orm/knex";
import type { MembershipRecord } from "#server/modules/identity/index.js";
import { inScope, placeholders, readRows } from "#server/platform/db/rows.js";
import { dateFromRow } from "#server/platform/db/sql-dialect.js";
import type { TrainingStatus } from "#shared/schemas/training.js";
import { courseAudiences } from "./training.data.js";
import {
  type AudienceCourse,
  compareAssigned,
  compareTitles,
  completedAtOf,
  trainingStatus,
} from "./training.rules.js";
import { type AudienceRows, coursesOfMember } from "./training-due.js";
import { audienceCandidates, memberAudience } from "./training-reads.data.js";

/** The viewer as the rules see a member. */
export const viewerRow = (viewer: MembershipRecord) => ({ membershipId: viewer.id, joinedAt: viewer.createdAt });

/** One course of "My training" (training/mine, docs/SPEC.md §7). */
export interface TrainingItem {
  courseId: number;
  title: string;
  description: string | null;
  required: boolean;
  dueAt: Date | null;
  status: TrainingStatus;
  completedLessons: number;
  totalLessons: number;
  /** The first unfinished lesson in outline order; null when all are done or there are none. */
  nextLessonId: number | null;
  /** When the last lesson was completed, once all are. */
  completedAt: Date | null;
}

export interface MyTraining {
  /** Required courses: overdue first, then by deadline (none last), then by title. */
  assigned: TrainingItem[];
  /** Optional courses of the caller's audience, by title. */
  optional: TrainingItem[];
}

/**
 * What each course asks of the viewer: in their audience or not, and their own deadline, from the
 * viewer's rows (memberAudience) whatever the number of courses.
 */
export function viewerDeadlines(
  viewerRows: Pick<AudienceRows, "members" | "assigned">,
  viewer: MembershipRecord,
  courses: readonly { id: number; audience: AudienceCourse }[],
): (courseId: number) => { assignedToMe: boolean; dueAt: Date | null } {
  const mine = new Map<number, { assignedToMe: boolean; dueAt: Date | null }>();
  const rows = { ...viewerRows, audiences: new Map(courses.map(({ id, audience }) => [id, audience])) };
  for (const { course, dueAt } of coursesOfMember(rows, viewer.id, courses))
    mine.set(course.id, { assignedToMe: true, dueAt });
  return (courseId) => mine.get(courseId) ?? { assignedToMe: false, dueAt: null };
}

/** The lessons of these courses in outline order (module position, then lesson position), by course. */
async function lessonOrder(em: SqlEntityManager, courseIds: readonly number[]): Promise<Map<number, number[]>> {
  const order = new Map<number, number[]>(courseIds.map((id) => [id, []]));
  if (courseIds.length === 0) return order;
  const rows = await readRows<{ id: number; course_id: number }>(
    em,
    `select l.id, m.course_id
     from lessons l join modules m on m.id = l.module_id and m.organization_id = l.organization_id
     where ${inScope("m")} and m.course_id in (${placeholders(courseIds)})
     order by m.course_id, m.order_index, m.id, l.order_index, l.id`,
    courseIds,
  );
  for (const row of rows) order.get(Number(row.course_id))?.push(Number(row.id));
  return order;
}

/**
 * The caller's training: the published courses of their audience with their progress. Five plain-row
 * queries, each bounded by the caller's own rows and courses (audienceCandidates finds the courses from the
 * member's tags and assignments), so a member of a large organization costs what one of a small one does.
 */
export async function presentMyTraining(
  em: SqlEntityManager,
  viewer: MembershipRecord,
  now: Date,
): Promise<MyTraining> {
  const candidates = await audienceCandidates(em, viewer.id);
  const { members, assigned } = await memberAudience(em, viewerRow(viewer));
  const rows = { audiences: await courseAudiences(em, candidates), members, assigned };
  const mineCourses = coursesOfMember(rows, viewer.id, candidates);
  const ids = mineCourses.map(({ course }) => course.id);
  const order = await lessonOrder(em, ids);
  const done = await completionTimes(em, viewer, ids);
  const items = mineCourses.map(({ course, dueAt }): TrainingItem => {
    const lessons = order.get(course.id) ?? [];
    const times = lessons.flatMap((lessonId) => done.get(lessonId) ?? []);
    const progress = {
      completedLessons: times.length,
      totalLessons: lessons.length,
      lastCompletedAt: times.reduce<Date | null>((last, time) => (last === null || time > last ? time : last), null),
    };
    return {
      courseId: course.id,
      title: course.title,
      description: course.description,
      required: course.required,
      dueAt,
      status: trainingStatus(progress, dueAt, now),
      completedLessons: progress.completedLessons,
      totalLessons: progress.totalLessons,
      nextLessonId: lessons.find((lessonId) => !done.has(lessonId)) ?? null,
      completedAt: completedAtOf(progress),
    };
  });
  return {
    assigned: items.filter((item) => item.required).sort(compareAssigned),
    optional: items.filter((item) => !item.required).sort(compareTitles),
  };
}

/** When the caller completed each lesson of these courses they completed. */
async function completionTimes(
  em: SqlEntityManager,
  viewer: MembershipRecord,
  courseIds: readonly number[],
): Promise<Map<number, Date>> {
  if (courseIds.length === 0) return new Map();
  const rows = await readRows<{ lesson_id: number; completed_at: unknown }>(
    em,
    `select c.lesson_id, c.completed_at from completions c
     join lessons l on l.id = c.lesson_id join modules m on m.id = l.module_id
     where ${inScope("c")} and c.user_id = ? and m.course_id in (${placeholders(courseIds)})`,
    [viewer.user.id, ...courseIds],
  );
  return new Map(rows.map((row) => [Number(row.lesson_id), dateFromRow(row.completed_at) ?? new Date(0)]));
}
