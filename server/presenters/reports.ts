import type { SqlEntityManager } from "@mikro-orm/knex";
import type { Course } from "#server/entities/index.js";
import {
  type AssignmentTimes,
  assignmentTimes,
  audienceMembers,
  completionCounts,
  courseAudiences,
  lessonTotals,
  type MemberRow,
  progressFrom,
} from "#server/training-data.js";
import {
  type AudienceCourse,
  type AudienceMember,
  completedAtOf,
  dueAtFor,
  joinedAudienceAt,
  trainingStatus,
} from "#server/training-rules.js";
import { progressPercent } from "#shared/progress.js";
import type { Role } from "#shared/roles.js";
import type { TrainingStatus } from "#shared/schemas/training.js";

/**
 * The progress reports (issue 11): who of an organization stands where with which course. Every report
 * loads its rows in a fixed number of queries (the members, their tags, the courses' tags, the named
 * assignments, the lesson totals and one aggregate of the completions) and applies the training rules
 * in memory, so 2,000 members × 200 courses cost the same six queries as a team of five.
 */

/** One member and one course: where the member stands. */
export interface ProgressCell {
  userId: number;
  courseId: number;
  /** The member is in the course's audience (by tag, by name, or because the course is for everyone). */
  assigned: boolean;
  status: TrainingStatus;
  percent: number;
  completedLessons: number;
  totalLessons: number;
  completedAt: Date | null;
  dueAt: Date | null;
}

/** Everything one report needs, loaded together. */
interface TrainingRows {
  members: Map<number, AudienceMember>;
  audiences: Map<number, AudienceCourse>;
  assigned: AssignmentTimes;
  totals: Map<number, number>;
  counts: Awaited<ReturnType<typeof completionCounts>>;
}

async function loadTrainingRows(
  em: SqlEntityManager,
  organizationId: number,
  memberships: readonly MemberRow[],
  courses: readonly Course[],
  assignmentsOf: { course?: number; membership?: number },
): Promise<TrainingRows> {
  const courseIds = courses.map((course) => course.id);
  const onlyUser = memberships.length === 1 ? memberships[0]?.userId : undefined;
  return {
    members: await audienceMembers(em, organizationId, memberships),
    audiences: await courseAudiences(em, courses),
    assigned: await assignmentTimes(em, assignmentsOf),
    totals: await lessonTotals(em, courseIds),
    counts: await completionCounts(em, organizationId, courseIds, onlyUser),
  };
}

/**
 * The cell of each member and course where the member is in the audience or has completed a lesson;
 * none where neither.
 */
function cellsOf(
  rows: TrainingRows,
  memberships: readonly MemberRow[],
  courses: readonly Course[],
  now: Date,
): ProgressCell[] {
  const cells: ProgressCell[] = [];
  for (const membership of memberships) {
    const member = rows.members.get(membership.membershipId);
    if (!member) continue;
    const { userId } = membership;
    for (const course of courses) {
      const audience = rows.audiences.get(course.id);
      if (!audience) continue;
      const joinedAt = joinedAudienceAt(audience, member, rows.assigned.get(course.id)?.get(membership.membershipId));
      const progress = progressFrom(rows.totals, rows.counts, userId, course.id);
      if (joinedAt === null && progress.completedLessons === 0) continue;
      const dueAt = dueAtFor(audience, joinedAt);
      cells.push({
        userId,
        courseId: course.id,
        assigned: joinedAt !== null,
        status: trainingStatus(progress, dueAt, now),
        percent: progressPercent(progress.completedLessons, progress.totalLessons),
        completedLessons: progress.completedLessons,
        totalLessons: progress.totalLessons,
        completedAt: completedAtOf(progress),
        dueAt,
      });
    }
  }
  return cells;
}

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: "base" });
const byTitle = (a: Course, b: Course) => a.title.localeCompare(b.title, undefined, { sensitivity: "base" });

export interface MatrixMember {
  userId: number;
  name: string;
  email: string;
  role: Role;
  /** Cells of this row in the member's audience, and how many of those are completed. */
  assignedCount: number;
  completedCount: number;
}

export interface MatrixCourse {
  courseId: number;
  title: string;
  required: boolean;
  assignedCount: number;
  completedCount: number;
}

export interface MatrixReport {
  members: MatrixMember[];
  courses: MatrixCourse[];
  cells: ProgressCell[];
}

function tally(cells: readonly ProgressCell[], keyOf: (cell: ProgressCell) => number) {
  const counts = new Map<number, { assignedCount: number; completedCount: number }>();
  for (const cell of cells) {
    const count = counts.get(keyOf(cell)) ?? { assignedCount: 0, completedCount: 0 };
    if (cell.assigned) {
      count.assignedCount += 1;
      if (cell.status === "completed") count.completedCount += 1;
    }
    counts.set(keyOf(cell), count);
  }
  return counts;
}

/**
 * Members (by name) × published courses (by title). With `status`, only cells of that status, and only
 * the members and courses that keep one.
 */
export async function presentMatrix(
  em: SqlEntityManager,
  organizationId: number,
  memberships: readonly MemberRow[],
  courses: readonly Course[],
  options: { status?: TrainingStatus; now: Date },
): Promise<MatrixReport> {
  const rows = await loadTrainingRows(em, organizationId, memberships, courses, {});
  const all = cellsOf(rows, memberships, courses, options.now);
  const cells = options.status ? all.filter((cell) => cell.status === options.status) : all;
  const byMember = tally(cells, (cell) => cell.userId);
  const byCourse = tally(cells, (cell) => cell.courseId);
  const kept = (counts: Map<number, unknown>, id: number) => options.status === undefined || counts.has(id);
  const none = { assignedCount: 0, completedCount: 0 };
  return {
    members: memberships
      .filter((membership) => kept(byMember, membership.userId))
      .map(({ userId, name, email, role }) => ({ userId, name, email, role, ...(byMember.get(userId) ?? none) }))
      .sort((a, b) => byName(a, b) || a.userId - b.userId),
    courses: [...courses]
      .filter((course) => kept(byCourse, course.id))
      .sort((a, b) => byTitle(a, b) || a.id - b.id)
      .map((course) => ({
        courseId: course.id,
        title: course.title,
        required: course.required,
        ...(byCourse.get(course.id) ?? none),
      })),
    cells,
  };
}

export interface CourseReport {
  course: { id: number; title: string; required: boolean; dueDate: string | null; dueDays: number | null };
  members: (Omit<ProgressCell, "courseId"> & { name: string; email: string })[];
}

/** Everyone of the course's audience, and anyone else who started it, by name. */
export async function presentCourseReport(
  em: SqlEntityManager,
  organizationId: number,
  memberships: readonly MemberRow[],
  course: Course,
  now: Date,
): Promise<CourseReport> {
  const rows = await loadTrainingRows(em, organizationId, memberships, [course], { course: course.id });
  const byUser = new Map(memberships.map((membership) => [membership.userId, membership]));
  const members = cellsOf(rows, memberships, [course], now).flatMap(({ courseId: _course, ...cell }) => {
    const membership = byUser.get(cell.userId);
    return membership ? [{ ...cell, name: membership.name, email: membership.email }] : [];
  });
  return {
    course: {
      id: course.id,
      title: course.title,
      required: course.required,
      dueDate: course.dueDate,
      dueDays: course.dueDays,
    },
    members: members.sort((a, b) => byName(a, b) || a.userId - b.userId),
  };
}

export interface MemberReportCourse extends Omit<ProgressCell, "userId"> {
  title: string;
  required: boolean;
}

/** Every published course for one member: those of their audience first, then by title. */
export async function presentMemberCourses(
  em: SqlEntityManager,
  organizationId: number,
  membership: MemberRow,
  courses: readonly Course[],
  now: Date,
): Promise<MemberReportCourse[]> {
  const rows = await loadTrainingRows(em, organizationId, [membership], courses, {
    membership: membership.membershipId,
  });
  const cells = new Map(cellsOf(rows, [membership], courses, now).map((cell) => [cell.courseId, cell]));
  return [...courses]
    .sort((a, b) => byTitle(a, b) || a.id - b.id)
    .map((course) => {
      const untouched = progressFrom(rows.totals, rows.counts, membership.userId, course.id);
      const { userId: _user, ...cell } = cells.get(course.id) ?? {
        userId: membership.userId,
        courseId: course.id,
        assigned: false,
        status: trainingStatus(untouched, null, now),
        percent: progressPercent(0, untouched.totalLessons),
        completedLessons: 0,
        totalLessons: untouched.totalLessons,
        completedAt: null,
        dueAt: null,
      };
      return { ...cell, title: course.title, required: course.required };
    })
    .sort((a, b) => Number(b.assigned) - Number(a.assigned));
}
