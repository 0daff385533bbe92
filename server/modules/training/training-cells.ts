import type { SqlEntityManager } from "@mikro-orm/knex";
import type { MemberRow } from "#server/modules/organizations/index.js";
import { isCourseComplete, progressPercent } from "#shared/progress.js";
import type { ProgressFacts, TrainingStatus } from "#shared/training-statuses.js";
import {
  type AssignmentTimes,
  assignmentTimes,
  audienceMembers,
  type CompletionCounts,
  completionCounts,
  courseAudiences,
  lessonTotals,
  type TrainingCourse,
} from "./training.data.js";
import {
  type AudienceCourse,
  type AudienceMember,
  dueAtMillis,
  joinedAudienceAt,
  trainingStatusAt,
} from "./training.rules.js";

/**
 * The cells of the progress reports (docs/SPEC.md §7): where each member stands with each course. The rows load
 * in a fixed number of plain-row queries (the members' tags, the courses' tags, the named assignments, the
 * lesson totals and one aggregate of the completions); the training rules then run in memory on the pairs
 * that can have a cell only (decision 0171), so 2,000 members × 200 courses cost the same queries as a
 * team of five and no rule runs for a member a course does not reach.
 */

/** One member and one course: where the member stands. */
export interface ProgressCell extends ProgressFacts {
  userId: number;
  courseId: number;
  /** The member is in the course's audience (by tag, by name, or because the course is for everyone). */
  assigned: boolean;
}

/** Everything one report needs, loaded together. */
export interface TrainingRows {
  members: Map<number, AudienceMember>;
  audiences: Map<number, AudienceCourse>;
  assigned: AssignmentTimes;
  totals: Map<number, number>;
  counts: CompletionCounts;
}

export async function loadTrainingRows(
  em: SqlEntityManager,
  memberships: readonly MemberRow[],
  courses: readonly TrainingCourse[],
  assignmentsOf: { course?: number; membership?: number },
): Promise<TrainingRows> {
  const courseIds = courses.map((course) => course.id);
  const onlyUser = memberships.length === 1 ? memberships[0]?.userId : undefined;
  return {
    members: await audienceMembers(em, memberships),
    audiences: await courseAudiences(em, courses),
    assigned: await assignmentTimes(em, assignmentsOf),
    totals: await lessonTotals(em, courseIds),
    counts: await completionCounts(em, courseIds, onlyUser),
  };
}

/** Positions in the member list by a key (a user may be listed twice: as a member and as a former one). */
function positionsBy(memberships: readonly MemberRow[], key: (member: MemberRow) => number): Map<number, number[]> {
  const positions = new Map<number, number[]>();
  memberships.forEach((membership, position) => {
    const list = positions.get(key(membership));
    if (list) list.push(position);
    else positions.set(key(membership), [position]);
  });
  return positions;
}

/**
 * Which members each course can reach, by the tags that reach them: a member's tag, and the department
 * above it (a department tag reaches its roles).
 */
function membersByTag(rows: TrainingRows, byMembership: Map<number, number[]>): Map<number, number[]> {
  const reached = new Map<number, number[]>();
  const add = (tagId: number, positions: readonly number[]) => {
    const list = reached.get(tagId);
    if (list) list.push(...positions);
    else reached.set(tagId, [...positions]);
  };
  for (const [membershipId, member] of rows.members) {
    const positions = byMembership.get(membershipId) ?? [];
    for (const link of member.tags) {
      add(link.tagId, positions);
      if (link.parentId !== null) add(link.parentId, positions);
    }
  }
  return reached;
}

/**
 * One cell as visitCells hands it over, dates in epoch milliseconds. The same object is refilled for
 * every cell (a large matrix has tens of thousands): read it during the call, keep nothing of it.
 */
export interface CellFacts {
  userId: number;
  courseId: number;
  assigned: boolean;
  status: TrainingStatus;
  percent: number;
  completedLessons: number;
  totalLessons: number;
  completedAt: number | null;
  dueAt: number | null;
}

/**
 * Visits the cell of each member and course where the member is in the audience or has completed a
 * lesson; none where neither. Cells come course by course, members in the order given.
 */
export function visitCells(
  rows: TrainingRows,
  memberships: readonly MemberRow[],
  courses: readonly Pick<TrainingCourse, "id">[],
  now: Date,
  visit: (cell: CellFacts) => void,
): void {
  const nowMs = now.getTime();
  const byMembership = positionsBy(memberships, (membership) => membership.membershipId);
  const byUser = positionsBy(memberships, (membership) => membership.userId);
  const byTag = membersByTag(rows, byMembership);
  const members = memberships.map((membership) => rows.members.get(membership.membershipId));
  // The members a course may have a cell for are marked with the course's turn: no clearing between courses.
  const candidate = new Int32Array(memberships.length);
  const mark = (turn: number, positions: readonly number[] | undefined) => {
    for (const position of positions ?? []) candidate[position] = turn;
  };
  const cell: CellFacts = {
    userId: 0,
    courseId: 0,
    assigned: false,
    status: "not_started",
    percent: 0,
    completedLessons: 0,
    totalLessons: 0,
    completedAt: null,
    dueAt: null,
  };
  courses.forEach((course, index) => {
    const audience = rows.audiences.get(course.id);
    if (!audience) return;
    const turn = index + 1;
    const assignedAt = rows.assigned.get(course.id);
    const counts = rows.counts.get(course.id);
    const totalLessons = rows.totals.get(course.id) ?? 0;
    if (audience.status === "published" && audience.tagIds.size === 0) candidate.fill(turn);
    for (const tagId of audience.tagIds) mark(turn, byTag.get(tagId));
    for (const membershipId of assignedAt?.keys() ?? []) mark(turn, byMembership.get(membershipId));
    for (const userId of counts?.keys() ?? []) mark(turn, byUser.get(userId));
    cell.courseId = course.id;
    cell.totalLessons = totalLessons;
    for (let position = 0; position < memberships.length; position++) {
      if (candidate[position] !== turn) continue;
      const membership = memberships[position] as MemberRow;
      const member = members[position];
      if (!member) continue;
      const { userId } = membership;
      const done = counts?.get(userId);
      const joinedAt = membership.former
        ? null
        : joinedAudienceAt(audience, member, assignedAt?.get(membership.membershipId));
      const completedLessons = done?.completed ?? 0;
      if (joinedAt === null && completedLessons === 0) continue;
      const dueAt = dueAtMillis(audience, joinedAt);
      const complete = isCourseComplete(completedLessons, totalLessons);
      cell.userId = userId;
      cell.assigned = joinedAt !== null;
      cell.status = trainingStatusAt(completedLessons, totalLessons, dueAt, nowMs);
      cell.percent = progressPercent(completedLessons, totalLessons);
      cell.completedLessons = completedLessons;
      cell.completedAt = complete ? (done?.lastCompletedAt?.getTime() ?? null) : null;
      cell.dueAt = dueAt;
      visit(cell);
    }
  });
}

const dateOf = (epochMs: number | null) => (epochMs === null ? null : new Date(epochMs));

/** visitCells' cells as objects of their own, with dates. */
export function cellsOf(
  rows: TrainingRows,
  memberships: readonly MemberRow[],
  courses: readonly Pick<TrainingCourse, "id">[],
  now: Date,
): ProgressCell[] {
  const cells: ProgressCell[] = [];
  visitCells(rows, memberships, courses, now, (cell) => {
    cells.push({ ...cell, completedAt: dateOf(cell.completedAt), dueAt: dateOf(cell.dueAt) });
  });
  return cells;
}
