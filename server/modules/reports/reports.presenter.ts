import { z } from "zod";
import type { MemberRow } from "#server/modules/organizations/index.js";
import { compareTags } from "#server/modules/tags/index.js";
import {
  type CourseCertification,
  cellsOf,
  type ProgressCell,
  progressFrom,
  type TrainingCourse,
  type TrainingRows,
  trainingStatus,
  visitCells,
} from "#server/modules/training/index.js";
import { dateAnswer } from "#server/platform/api/wire-format.js";
import { MatrixCells, type MatrixCellTuple } from "#shared/matrix-cells.js";
import { progressPercent } from "#shared/progress.js";
import { ROLES, type Role } from "#shared/roles.js";
import type { CertificateStatus } from "#shared/schemas/certificates.js";
import type { TrainingStatus } from "#shared/schemas/training.js";
import { TRAINING_STATUSES } from "#shared/training-statuses.js";
import type { CheckScore, CourseCheck } from "./quiz-reports.data.js";
import type { CourseReportRows, MatrixRows, MemberReportRows } from "./reports.data.js";
import {
  type MatrixSignoffs,
  type MemberSignoffView,
  matrixSignoffsOf,
  needsSigning,
} from "./signoff-standings.data.js";

/**
 * The progress reports (decision 0041): who of an organization stands where with which course. The cells come
 * from server/modules/training/training-cells.ts (the rows of a fixed number of plain-row queries, read by
 * reports.data.ts, and the training rules in memory); these shape them into the matrix, the course report
 * and the member report.
 */

export type { ProgressCell };

// One collator for thousands of comparisons: the same order as localeCompare with these options.
const collator = new Intl.Collator(undefined, { sensitivity: "base" });
const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);
const byTitle = (a: { title: string }, b: { title: string }) => collator.compare(a.title, b.title);

interface MatrixMember {
  userId: number;
  name: string;
  email: string;
  role: Role;
  /** Removed or left (decision 0120). */
  former: boolean;
  /** Cells of this row in the member's audience, and how many of those are completed. */
  assignedCount: number;
  completedCount: number;
}

interface MatrixCourse {
  courseId: number;
  title: string;
  required: boolean;
  assignedCount: number;
  completedCount: number;
}

/**
 * MatrixReport as a declared answer, in the plain JSON of a call made with an API key: each cell an
 * object with named fields (wire-format.ts, plainJsonText).
 */
export const matrixAnswer = z.object({
  members: z.array(
    z.object({
      userId: z.number().int(),
      name: z.string(),
      email: z.string(),
      role: z.enum(ROLES),
      former: z.boolean(),
      assignedCount: z.number().int(),
      completedCount: z.number().int(),
    }),
  ),
  courses: z.array(
    z.object({
      courseId: z.number().int(),
      title: z.string(),
      required: z.boolean(),
      assignedCount: z.number().int(),
      completedCount: z.number().int(),
    }),
  ),
  cells: z.array(
    z.object({
      userId: z.number().int(),
      courseId: z.number().int(),
      assigned: z.boolean(),
      status: z.enum(TRAINING_STATUSES),
      percent: z.number(),
      completedAt: dateAnswer().nullable(),
      dueAt: dateAnswer().nullable(),
    }),
  ),
  /** Per course with sign-off lessons: how many it has (keys are course ids). */
  signoffLessons: z.record(z.string(), z.number().int()),
  signoffs: z.array(
    z.object({
      userId: z.number().int(),
      courseId: z.number().int(),
      signed: z.number().int(),
      outdated: z.number().int(),
    }),
  ),
});

/** The names of a MatrixSignoffTuple's fields, in order: a call made with an API key gets objects. */
export const MATRIX_SIGNOFF_FIELDS = ["userId", "courseId", "signed", "outdated"] as const;

export interface MatrixReport {
  members: MatrixMember[];
  courses: MatrixCourse[];
  /** Compact cells (shared/matrix-cells.ts): a large matrix holds tens of thousands. */
  cells: MatrixCells;
}

type Tally = Map<number, { assignedCount: number; completedCount: number }>;

function count(tally: Tally, id: number, completed: boolean): void {
  const counts = tally.get(id) ?? { assignedCount: 0, completedCount: 0 };
  tally.set(id, counts);
  counts.assignedCount += 1;
  if (completed) counts.completedCount += 1;
}

/**
 * Members (by name) × published courses (by title). With `status` (or `keep`), only cells of that status
 * (that it keeps), and only the members and courses that keep one.
 */
function presentMatrix(
  rows: TrainingRows,
  memberships: readonly MemberRow[],
  courses: readonly TrainingCourse[],
  options: {
    status?: TrainingStatus;
    /** A further filter of the cells (the sign-off filter, decision 0103). */
    keep?: (userId: number, courseId: number, assigned: boolean) => boolean;
    now: Date;
  },
): MatrixReport {
  const { status: wanted, keep } = options;
  const filtered = wanted !== undefined || keep !== undefined;
  const cells: MatrixCellTuple[] = [];
  // Where a filter keeps a member or course with no assigned cell, it is still listed: "kept" says so.
  const keptMembers = new Set<number>();
  const keptCourses = new Set<number>();
  const byMember: Tally = new Map();
  const byCourse: Tally = new Map();
  visitCells(rows, memberships, courses, options.now, (cell) => {
    const { userId, courseId, assigned, status, percent, completedAt, dueAt } = cell;
    if ((wanted !== undefined && status !== wanted) || (keep && !keep(userId, courseId, assigned))) return;
    cells.push([userId, courseId, assigned, status, percent, completedAt, dueAt]);
    if (filtered) {
      keptMembers.add(userId);
      keptCourses.add(courseId);
    }
    if (assigned) {
      count(byMember, userId, status === "completed");
      count(byCourse, courseId, status === "completed");
    }
  });
  const kept = (ids: Set<number>, id: number) => !filtered || ids.has(id);
  const none = { assignedCount: 0, completedCount: 0 };
  return {
    members: memberships
      .filter((membership) => kept(keptMembers, membership.userId))
      .map(({ userId, name, email, role, former }) => ({
        userId,
        name,
        email,
        role,
        former: former === true,
        ...(byMember.get(userId) ?? none),
      }))
      .sort((a, b) => byName(a, b) || a.userId - b.userId),
    courses: [...courses]
      .filter((course) => kept(keptCourses, course.id))
      .sort((a, b) => byTitle(a, b) || a.id - b.id)
      .map((course) => ({
        courseId: course.id,
        title: course.title,
        required: course.required,
        ...(byCourse.get(course.id) ?? none),
      })),
    cells: new MatrixCells(cells),
  };
}

export interface CourseReport {
  course: {
    id: number;
    title: string;
    required: boolean;
    dueDate: string | null;
    dueDays: number | null;
    /** Its knowledge checks (docs/SPEC.md §7), in course order. */
    checks: CourseCheck[];
  };
  members: (Omit<ProgressCell, "courseId"> & { name: string; email: string; former: boolean; checks: CheckScore[] })[];
}

/** Everyone of the course's audience, and anyone else who started it, by name. */
function courseReport({ training: rows, checks, memberships, course }: CourseReportRows, now: Date): CourseReport {
  const byUser = new Map(memberships.map((membership) => [membership.userId, membership]));
  const members = cellsOf(rows, memberships, [course], now).flatMap(({ courseId: _course, ...cell }) => {
    const membership = byUser.get(cell.userId);
    const scores = checks.scoresOf(course.id, cell.userId);
    return membership
      ? [
          {
            ...cell,
            name: membership.name,
            email: membership.email,
            former: membership.former === true,
            checks: scores,
          },
        ]
      : [];
  });
  return {
    course: {
      id: course.id,
      title: course.title,
      required: course.required,
      dueDate: course.dueDate,
      dueDays: course.dueDays,
      checks: checks.checksOf(course.id),
    },
    members: members.sort((a, b) => byName(a, b) || a.userId - b.userId),
  };
}

export interface MemberReportCourse extends Omit<ProgressCell, "userId"> {
  title: string;
  required: boolean;
  /** The member's attempts and best score at each of the course's knowledge checks (docs/SPEC.md §7). */
  checks: CheckScore[];
  /** Their latest certificate of a certification course (docs/decisions/0312-recertification-in-my-training-and-expiry-reminders.md). */
  certificate?: { status: CertificateStatus; expiresAt: Date | null } | null;
}

/** Every published course for one member: those of their audience first, then by title. */
function memberCourses(
  { training: rows, checks, membership, courses }: MemberReportRows,
  now: Date,
): MemberReportCourse[] {
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
      const scores = checks.scoresOf(course.id, membership.userId);
      return { ...cell, title: course.title, required: course.required, checks: scores };
    })
    .sort((a, b) => Number(b.assigned) - Number(a.assigned));
}

/**
 * reports/matrix: members (by name) × published courses (by title), with each shown cell's sign-off counts.
 * With `status`, only cells of that status; with `signoff: "needed"`, only assigned cells whose member must
 * (re-)sign a sign-off lesson of the course (decision 0103).
 */
export function presentMatrixReport(
  rows: MatrixRows,
  filters: { status?: TrainingStatus; signoff?: "needed" },
  now: Date,
): MatrixReport & MatrixSignoffs {
  const { signoffCounts } = rows;
  const matrix = presentMatrix(rows.training, rows.memberships, rows.courses, {
    status: filters.status,
    keep:
      filters.signoff === "needed"
        ? (userId, courseId, assigned) => assigned && needsSigning(signoffCounts, userId, courseId)
        : undefined,
    now,
  });
  const courseIdsShown = matrix.courses.map((course) => course.courseId);
  return { ...matrix, ...matrixSignoffsOf(signoffCounts, matrix.cells.tuples, courseIdsShown) };
}

/**
 * reports/course: the course report with the course's sign-off lessons and each member's standing with them
 * (an empty list: none), and, for a certification, each member's latest certificate of it (decision 0312).
 */
export function presentCourseReport(
  rows: CourseReportRows,
  now: Date,
  certificates: ReadonlyMap<number, CourseCertification>,
) {
  const report = courseReport(rows, now);
  return {
    course: {
      ...report.course,
      certified: rows.course.certified,
      signoffLessons: rows.signoffs.lessons.map(({ lessonId, title }) => ({ lessonId, title })),
    },
    members: report.members.map((member) => {
      const certificate = certificates.get(member.userId);
      return {
        ...member,
        signoffs: rows.signoffs.of(member.userId),
        certificate: certificate ? { status: certificate.status, expiresAt: certificate.expiresAt } : null,
      };
    }),
  };
}

/** reports/member: the member, and every published course as they stand with it, its sign-off lessons too. */
export function presentMemberReport(
  rows: MemberReportRows,
  now: Date,
  certificates: ReadonlyMap<number, CourseCertification>,
) {
  const { membership } = rows;
  return {
    member: {
      userId: membership.userId,
      name: membership.name,
      email: membership.email,
      role: membership.role,
      former: membership.former === true,
      tags: [...rows.tags].sort(compareTags),
    },
    courses: memberCourses(rows, now).map((course): MemberReportCourse & { signoffs: MemberSignoffView[] } => {
      const certificate = certificates.get(course.courseId);
      return {
        ...course,
        signoffs: rows.signoffs.get(course.courseId) ?? [],
        certificate: certificate ? { status: certificate.status, expiresAt: certificate.expiresAt } : null,
      };
    }),
  };
}
