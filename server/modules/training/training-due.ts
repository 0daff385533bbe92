import type { SqlEntityManager } from "@mikro-orm/knex";
import type { MemberRow } from "#server/modules/organizations/index.js";
import {
  type AssignmentTimes,
  assignmentTimes,
  audienceMembers,
  completionCounts,
  courseAudiences,
  lessonTotals,
  progressFrom,
  type TrainingCourse,
} from "./training.data.js";
import {
  type AudienceCourse,
  type AudienceMember,
  dueAtFor,
  joinedAudienceAt,
  trainingStatus,
} from "./training.rules.js";
import { publishedCourses } from "./training-reads.data.js";

/**
 * Which courses each member must do and by when (decision 0040): the one place "My training" and the daily
 * reminder and weekly summary (server/modules/training/reminders.mail.ts) find a member's courses and deadlines, on plain
 * rows and the rules of server/modules/training/training.rules.ts.
 */

/** The audience side of the rules for some members and courses. */
export interface AudienceRows {
  audiences: Map<number, AudienceCourse>;
  members: Map<number, AudienceMember>;
  assigned: AssignmentTimes;
}

/** Three queries, however many members and courses (one member's own: memberAudience). */
async function loadAudienceRows(
  em: SqlEntityManager,
  members: readonly { membershipId: number; joinedAt: Date }[],
  courses: readonly TrainingCourse[],
): Promise<AudienceRows> {
  return {
    audiences: await courseAudiences(em, courses),
    members: await audienceMembers(em, members),
    assigned: await assignmentTimes(em, {}),
  };
}

/** A course of a member's audience and their deadline in it. */
export interface MemberCourse<C extends { id: number }> {
  course: C;
  dueAt: Date | null;
}

/** The courses among these that are in the member's audience, with the member's own deadline. */
export function coursesOfMember<C extends { id: number }>(
  rows: AudienceRows,
  membershipId: number,
  courses: readonly C[],
): MemberCourse<C>[] {
  const member = rows.members.get(membershipId);
  if (!member) return [];
  return courses.flatMap((course) => {
    const audience = rows.audiences.get(course.id);
    if (!audience) return [];
    const joinedAt = joinedAudienceAt(audience, member, rows.assigned.get(course.id)?.get(membershipId));
    return joinedAt === null ? [] : [{ course, dueAt: dueAtFor(audience, joinedAt) }];
  });
}

/** A member's required course that is not completed and has a deadline. */
export interface DueCourse {
  title: string;
  dueAt: Date;
  overdue: boolean;
}

export interface MemberDue {
  member: MemberRow;
  /** Nearest deadline first. */
  courses: DueCourse[];
}

/**
 * Every current member with an open deadline: their required courses not completed, due or overdue.
 * Only the published courses that can be due (required, with a date or a number of days) are read, and
 * the completions of those alone are counted: six queries for the whole organization.
 */
export async function openDeadlines(
  em: SqlEntityManager,
  members: readonly MemberRow[],
  now: Date,
): Promise<MemberDue[]> {
  const courses = await publishedCourses(em, { withDeadline: true });
  if (courses.length === 0 || members.length === 0) return [];
  const rows = await loadAudienceRows(em, members, courses);
  const courseIds = courses.map((course) => course.id);
  const totals = await lessonTotals(em, courseIds);
  const counts = await completionCounts(em, courseIds);
  return members.flatMap((member) => {
    const due = coursesOfMember(rows, member.membershipId, courses).flatMap(({ course, dueAt }) => {
      if (dueAt === null) return [];
      const status = trainingStatus(progressFrom(totals, counts, member.userId, course.id), dueAt, now);
      return status === "completed" ? [] : [{ title: course.title, dueAt, overdue: status === "overdue" }];
    });
    due.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
    return due.length > 0 ? [{ member, courses: due }] : [];
  });
}
