import type { SqlEntityManager } from "@mikro-orm/knex";
import type { CourseFields } from "#server/modules/courses/index.js";
import type { MembershipRecord } from "#server/modules/identity/index.js";
import { inScope, placeholders, readRows } from "#server/platform/db/rows.js";
import { dateFromRow } from "#server/platform/db/sql-dialect.js";
import type { Config } from "#server/platform/http/config.js";
import { type CourseCertification, certificationsOfViewer } from "./my-training-parts.js";
import { courseAudiences } from "./training.data.js";
import { viewerRow } from "./training.rules.js";
import { coursesOfMember, type MemberCourse } from "./training-due.js";
import { audienceCandidates, memberAudience } from "./training-reads.data.js";

/** What "My training" (training/mine) is made of. */
export interface MyTrainingRows {
  /** The published courses of the viewer's audience, each with the viewer's deadline. */
  courses: MemberCourse<CourseFields>[];
  /** Their lessons in outline order, by course. */
  lessonOrder: Map<number, number[]>;
  /** When the viewer completed each of those lessons they completed. */
  completedAt: Map<number, Date>;
  /** The viewer's certificates of certification courses, by course (my-training-parts.ts). */
  certifications: Map<number, CourseCertification>;
}

/**
 * The caller's training: the published courses of their audience with their progress. Five plain-row
 * queries, each bounded by the caller's own rows and courses (audienceCandidates finds the courses from the
 * member's tags and assignments), so a member of a large organization costs what one of a small one does.
 */
export async function myTrainingRows(
  scope: { em: SqlEntityManager; config: Pick<Config, "databaseUrl"> },
  viewer: MembershipRecord,
  now: Date,
): Promise<MyTrainingRows> {
  const { em } = scope;
  // First: it may start a certification's next cycle, which moves the viewer's completions of it aside.
  const certifications = await certificationsOfViewer(scope, viewer, now);
  const candidates = await audienceCandidates(em, viewer.id);
  const { members, assigned } = await memberAudience(em, viewerRow(viewer));
  const rows = { audiences: await courseAudiences(em, candidates), members, assigned };
  const courses = coursesOfMember(rows, viewer.id, candidates);
  const ids = courses.map(({ course }) => course.id);
  const lessonOrder = await lessonsInOrder(em, ids);
  return { courses, lessonOrder, completedAt: await completionTimes(em, viewer, ids), certifications };
}

/** The lessons of these courses in outline order (module position, then lesson position), by course. */
async function lessonsInOrder(em: SqlEntityManager, courseIds: readonly number[]): Promise<Map<number, number[]>> {
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
