import type { SqlEntityManager } from "@mikro-orm/knex";
import { Assignment, type Course, CourseTag, type Membership, MemberTag } from "./entities/index.js";
import { countFromRow, dateFromRow } from "./sql-dialect.js";
import type { AudienceCourse, AudienceMember, CourseProgress, TagLink } from "./training-rules.js";

/**
 * The rows the training rules (server/training-rules.ts) run on, each kind in one query however many
 * members or courses: "My training", the course views and the reports load through here and never ask
 * per member or per course. Every query runs on the request's entity manager (its tenant filter keeps it
 * to the organization); the two aggregates name the organization themselves.
 */

export function audienceOf(course: Course, tagIds: ReadonlySet<number>): AudienceCourse {
  return {
    status: course.status,
    tagIds,
    required: course.required,
    dueDate: course.dueDate,
    dueDays: course.dueDays,
  };
}

/** The tags of these courses: their audiences. */
export async function courseAudiences(
  em: SqlEntityManager,
  courses: readonly Course[],
): Promise<Map<number, AudienceCourse>> {
  const tagIds = new Map<number, Set<number>>(courses.map((course) => [course.id, new Set()]));
  if (courses.length > 0) {
    const links = await em.find(
      CourseTag,
      { course: { $in: courses.map((course) => course.id) } },
      { fields: ["course", "tag"] },
    );
    for (const link of links) tagIds.get(link.course.id)?.add(link.tag.id);
  }
  return new Map(courses.map((course) => [course.id, audienceOf(course, tagIds.get(course.id) ?? new Set())]));
}

/** Members as the rules see them, by membership id: when they joined, and their tags with since when. */
export async function audienceMembers(
  em: SqlEntityManager,
  memberships: readonly Membership[],
): Promise<Map<number, AudienceMember>> {
  const tags = new Map<number, TagLink[]>(memberships.map((membership) => [membership.id, []]));
  if (memberships.length > 0) {
    // One organization's members are all of its links: asking for the whole organization's avoids a list
    // of thousands of ids in the query.
    const where = memberships.length === 1 ? { membership: memberships[0]?.id } : {};
    const links = await em.find(MemberTag, where, { populate: ["tag"] });
    for (const link of links) {
      tags.get(link.membership.id)?.push({
        tagId: link.tag.id,
        parentId: link.tag.parent?.id ?? null,
        linkedAt: link.createdAt ?? link.membership.createdAt,
      });
    }
  }
  return new Map(
    memberships.map((membership) => [
      membership.id,
      { joinedOrganizationAt: membership.createdAt, tags: tags.get(membership.id) ?? [] },
    ]),
  );
}

/** Named assignments as "course id → membership id → assigned at". */
export type AssignmentTimes = Map<number, Map<number, Date>>;

export async function assignmentTimes(
  em: SqlEntityManager,
  where: { course?: number; membership?: number },
): Promise<AssignmentTimes> {
  const rows = await em.find(Assignment, where, { fields: ["course", "membership", "createdAt"] });
  const times: AssignmentTimes = new Map();
  for (const row of rows) {
    const byMember = times.get(row.course.id) ?? new Map<number, Date>();
    byMember.set(row.membership.id, row.createdAt);
    times.set(row.course.id, byMember);
  }
  return times;
}

/** `?, ?, ?` for a list bound as parameters. */
export const placeholders = (values: readonly unknown[]) => values.map(() => "?").join(", ");

/** How many lessons each course has now. */
export async function lessonTotals(em: SqlEntityManager, courseIds: readonly number[]): Promise<Map<number, number>> {
  const totals = new Map<number, number>(courseIds.map((id) => [id, 0]));
  if (courseIds.length === 0) return totals;
  const rows = await em.execute<{ course_id: number; total: unknown }[]>(
    `select m.course_id, count(l.id) as total from lessons l join modules m on m.id = l.module_id
     where m.course_id in (${placeholders(courseIds)}) group by m.course_id`,
    [...courseIds],
  );
  for (const row of rows) totals.set(Number(row.course_id), countFromRow(row.total));
  return totals;
}

/** Progress key of one member in one course. */
export const progressKey = (userId: number, courseId: number) => `${userId}:${courseId}`;

/**
 * Every member's completions of the current lessons of these courses, counted per member and course in
 * one aggregate (a completion of a lesson since deleted is gone with it). `userId` narrows it to one person.
 */
export async function completionCounts(
  em: SqlEntityManager,
  organizationId: number,
  courseIds: readonly number[],
  userId?: number,
): Promise<Map<string, { completed: number; lastCompletedAt: Date | null }>> {
  const counts = new Map<string, { completed: number; lastCompletedAt: Date | null }>();
  if (courseIds.length === 0) return counts;
  const rows = await em.execute<{ user_id: number; course_id: number; completed: unknown; last_at: unknown }[]>(
    `select c.user_id, m.course_id, count(c.id) as completed, max(c.completed_at) as last_at
     from completions c join lessons l on l.id = c.lesson_id join modules m on m.id = l.module_id
     where c.organization_id = ?${userId === undefined ? "" : " and c.user_id = ?"}
       and m.course_id in (${placeholders(courseIds)})
     group by c.user_id, m.course_id`,
    [organizationId, ...(userId === undefined ? [] : [userId]), ...courseIds],
  );
  for (const row of rows) {
    counts.set(progressKey(Number(row.user_id), Number(row.course_id)), {
      completed: countFromRow(row.completed),
      lastCompletedAt: dateFromRow(row.last_at),
    });
  }
  return counts;
}

/** A member's progress in a course from the two aggregates above. */
export function progressFrom(
  totals: ReadonlyMap<number, number>,
  counts: ReadonlyMap<string, { completed: number; lastCompletedAt: Date | null }>,
  userId: number,
  courseId: number,
): CourseProgress {
  const done = counts.get(progressKey(userId, courseId));
  return {
    completedLessons: done?.completed ?? 0,
    totalLessons: totals.get(courseId) ?? 0,
    lastCompletedAt: done?.lastCompletedAt ?? null,
  };
}
