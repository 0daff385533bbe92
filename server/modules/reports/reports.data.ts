import type { SqlEntityManager } from "@mikro-orm/knex";
import {
  loadTrainingRows,
  type MemberRow,
  type TrainingCourse,
  type TrainingRows,
} from "#server/modules/training/index.js";
import { type CheckScores, loadCheckScores } from "./quiz-reports.data.js";

/**
 * What the course and member reports are made of (reports.presenter.ts shapes them): the training rows of
 * server/modules/training/training-cells.ts, then the knowledge checks' scores, a fixed number of queries.
 */
export interface ReportRows {
  training: TrainingRows;
  checks: CheckScores;
}

/** reports/course: everyone's training rows for the course, and the course's checks with everyone's scores. */
export async function courseReportRows(
  em: SqlEntityManager,
  memberships: readonly MemberRow[],
  course: TrainingCourse,
): Promise<ReportRows> {
  const training = await loadTrainingRows(em, memberships, [course], { course: course.id });
  return { training, checks: await loadCheckScores(em, [course.id]) };
}

/** reports/member: the member's training rows for every course, and their scores at those courses' checks. */
export async function memberReportRows(
  em: SqlEntityManager,
  membership: MemberRow,
  courses: readonly TrainingCourse[],
): Promise<ReportRows> {
  const training = await loadTrainingRows(em, [membership], courses, { membership: membership.membershipId });
  const courseIds = courses.map((course) => course.id);
  return { training, checks: await loadCheckScores(em, courseIds, membership.userId) };
}
