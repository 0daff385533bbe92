import type { SqlEntityManager } from "@mikro-orm/knex";
import type { Course } from "#server/modules/courses/index.js";
import { inScope, placeholders, readRows } from "#server/platform/db/rows.js";
import { countFromRow, dateFromRow, epochMillisText, joinedText } from "#server/platform/db/sql-dialect.js";
import type { AudienceCourse, AudienceMember, CourseProgress, TagLink } from "./training.rules.js";

/**
 * The rows the training rules (server/modules/training/training.rules.ts) run on, each kind in one query however many
 * members or courses: "My training", the course views, the reports and the reminders load through here
 * and never ask per member or per course. Every query is a plain-row read (decision 0150) in the
 * organization the entity manager is scoped to (inScope).
 */

/** What the rules and the reports need of a course: a Course entity or a plain row (modules/courses/courses.data.ts). */
export type TrainingCourse = Pick<Course, "id" | "title" | "status" | "required" | "dueDate" | "dueDays">;

export function audienceOf(
  course: Pick<Course, "status" | "required" | "dueDate" | "dueDays">,
  tagIds: ReadonlySet<number>,
): AudienceCourse {
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
  courses: readonly Omit<TrainingCourse, "title">[],
): Promise<Map<number, AudienceCourse>> {
  const tagIds = new Map<number, Set<number>>(courses.map((course) => [course.id, new Set()]));
  if (courses.length > 0) {
    const courseIds = courses.map((course) => course.id);
    const links = await readRows<{ course_id: number; tag_id: number }>(
      em,
      `select course_id, tag_id from course_tags where ${inScope()} and course_id in (${placeholders(courseIds)})`,
      courseIds,
    );
    for (const link of links) tagIds.get(Number(link.course_id))?.add(Number(link.tag_id));
  }
  return new Map(courses.map((course) => [course.id, audienceOf(course, tagIds.get(course.id) ?? new Set())]));
}

/**
 * Members as the rules see them, by membership id: when they joined, and their tags with since when.
 * With one member, only their links are read; with more, the organization's (they are all of its members).
 */
export async function audienceMembers(
  em: SqlEntityManager,
  members: readonly { membershipId: number; joinedAt: Date }[],
): Promise<Map<number, AudienceMember>> {
  const tags = new Map<number, TagLink[]>(members.map((member) => [member.membershipId, []]));
  const only = members.length === 1 ? members[0] : undefined;
  const joinedAt = new Map(members.map((member) => [member.membershipId, member.joinedAt]));
  if (members.length > 0) {
    const rows = await readRows<{
      membership_id: number;
      tag_id: number;
      parent_id: number | null;
      created_at: unknown;
    }>(
      em,
      `select mt.membership_id, mt.tag_id, t.parent_id, mt.created_at from member_tags mt join tags t on t.id = mt.tag_id
       where ${inScope("mt")}${only ? " and mt.membership_id = ?" : ""}`,
      only ? [only.membershipId] : [],
    );
    for (const row of rows) {
      const membershipId = Number(row.membership_id);
      tags.get(membershipId)?.push({
        tagId: Number(row.tag_id),
        parentId: row.parent_id === null ? null : Number(row.parent_id),
        // A link older than the column counts from the membership (decision 0040).
        linkedAt: dateFromRow(row.created_at) ?? joinedAt.get(membershipId) ?? new Date(0),
      });
    }
  }
  return new Map(
    members.map((member) => [
      member.membershipId,
      { joinedOrganizationAt: member.joinedAt, tags: tags.get(member.membershipId) ?? [] },
    ]),
  );
}

/** Named assignments as "course id → membership id → assigned at". */
export type AssignmentTimes = Map<number, Map<number, Date>>;

/** The organization's named assignments (of one course, or of one member). */
export async function assignmentTimes(
  em: SqlEntityManager,
  where: { course?: number; membership?: number },
): Promise<AssignmentTimes> {
  const rows = await readRows<{ course_id: number; membership_id: number; created_at: unknown }>(
    em,
    `select course_id, membership_id, created_at from assignments where ${inScope()}${
      where.course === undefined ? "" : " and course_id = ?"
    }${where.membership === undefined ? "" : " and membership_id = ?"}`,
    [where.course, where.membership].filter((id) => id !== undefined),
  );
  const times: AssignmentTimes = new Map();
  for (const row of rows) {
    const courseId = Number(row.course_id);
    const byMember = times.get(courseId) ?? new Map<number, Date>();
    byMember.set(Number(row.membership_id), dateFromRow(row.created_at) ?? new Date(0));
    times.set(courseId, byMember);
  }
  return times;
}

/** How many lessons each course has now. */
export async function lessonTotals(em: SqlEntityManager, courseIds: readonly number[]): Promise<Map<number, number>> {
  const totals = new Map<number, number>(courseIds.map((id) => [id, 0]));
  if (courseIds.length === 0) return totals;
  const rows = await readRows<{ course_id: number; total: unknown }>(
    em,
    `select m.course_id, count(l.id) as total
     from lessons l join modules m on m.id = l.module_id and m.organization_id = l.organization_id
     where ${inScope("m")} and m.course_id in (${placeholders(courseIds)}) group by m.course_id`,
    courseIds,
  );
  for (const row of rows) totals.set(Number(row.course_id), countFromRow(row.total));
  return totals;
}

/** Completions per course, then per member: nested so that reading a cell builds no key. */
export type CompletionCounts = Map<number, Map<number, { completed: number; lastCompletedAt: Date | null }>>;

/**
 * Every member's completions of the current lessons of these courses, per member and course: the rows of
 * the progress table (decision 0172), kept with every completion and lesson delete, so the reports read
 * one row per member and course instead of aggregating every completion. `userId` narrows it to one person.
 * The rows come as one text per course (decision 0215): a large organization has tens of thousands of
 * them, and the drivers' building of one JS object per row cost more than the query itself.
 */
export async function completionCounts(
  em: SqlEntityManager,
  courseIds: readonly number[],
  userId?: number,
): Promise<CompletionCounts> {
  const counts: CompletionCounts = new Map();
  if (courseIds.length === 0) return counts;
  const row = `user_id || ',' || completed_lessons || ',' || ${epochMillisText(em, "last_completed_at")}`;
  const rows = await readRows<{ course_id: number; progress: string }>(
    em,
    `select course_id, ${joinedText(em, row, ";")} as progress from course_progress
     where ${inScope()} and course_id in (${placeholders(courseIds)})${userId === undefined ? "" : " and user_id = ?"}
     group by course_id`,
    [...courseIds, ...(userId === undefined ? [] : [userId])],
  );
  for (const { course_id, progress } of rows) {
    const byUser: Map<number, { completed: number; lastCompletedAt: Date | null }> = new Map();
    counts.set(Number(course_id), byUser);
    // "user,completed,last at;…": three numbers per member, read without splitting into substrings' arrays.
    let at = 0;
    while (at < progress.length) {
      const userEnd = progress.indexOf(",", at);
      const completedEnd = progress.indexOf(",", userEnd + 1);
      const rowEnd = progress.indexOf(";", completedEnd + 1);
      const end = rowEnd === -1 ? progress.length : rowEnd;
      byUser.set(Number(progress.slice(at, userEnd)), {
        completed: Number(progress.slice(userEnd + 1, completedEnd)),
        lastCompletedAt: new Date(Number(progress.slice(completedEnd + 1, end))),
      });
      at = end + 1;
    }
  }
  return counts;
}

/** A member's progress in a course from the two aggregates above. */
export function progressFrom(
  totals: ReadonlyMap<number, number>,
  counts: CompletionCounts,
  userId: number,
  courseId: number,
): CourseProgress {
  const done = counts.get(courseId)?.get(userId);
  return {
    completedLessons: done?.completed ?? 0,
    totalLessons: totals.get(courseId) ?? 0,
    lastCompletedAt: done?.lastCompletedAt ?? null,
  };
}
