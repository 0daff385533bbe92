import type { SqlEntityManager } from "@mikro-orm/knex";
import { courseById } from "#server/modules/courses/index.js";
import type { MemberRow } from "#server/modules/organizations/index.js";
import { countOwnTags, type TagView, tagsOfMemberships } from "#server/modules/tags/index.js";
import { reportRows } from "#server/modules/team/index.js";
import {
  audienceMembers,
  coursesByIds,
  hasAnyTag,
  loadTrainingRows,
  publishedCourses,
  type TrainingCourse,
  type TrainingRows,
} from "#server/modules/training/index.js";
import { fail } from "#server/platform/http/errors.js";
import { COURSE_MESSAGES } from "#shared/schemas/courses.js";
import type { FormerFilter } from "#shared/schemas/team-admin.js";
import { TRAINING_MESSAGES } from "#shared/schemas/training.js";
import { type CheckScores, loadCheckScores } from "./quiz-reports.data.js";
import {
  type CourseSignoffs,
  courseSignoffs,
  loadSignoffCounts,
  type MemberSignoffView,
  memberSignoffs,
  type SignoffCountsIndex,
} from "./signoff-standings.data.js";

/**
 * What each progress report is made of (reports.presenter.ts shapes them), a fixed number of queries: the
 * members and courses it names, their training rows (server/modules/training/training-cells.ts), the
 * knowledge checks' scores and the sign-off standings. Filters naming a course, tag or member of another
 * organization are "not found".
 */

/** reports/matrix. */
export interface MatrixRows {
  memberships: MemberRow[];
  courses: TrainingCourse[];
  training: TrainingRows;
  signoffCounts: SignoffCountsIndex;
}

export async function matrixRows(
  em: SqlEntityManager,
  filters: { tagIds?: number[]; courseIds?: number[]; former: FormerFilter },
): Promise<MatrixRows> {
  const tagIds = filters.tagIds ?? [];
  if ((await countOwnTags(em, tagIds)) !== tagIds.length) throw fail.notFound(TRAINING_MESSAGES.tagNotFound);
  const courseIds = filters.courseIds ?? [];
  const named = courseIds.length > 0 ? await coursesByIds(em, courseIds) : null;
  if (named && named.length !== courseIds.length) throw fail.notFound(COURSE_MESSAGES.courseNotFound);
  const courses = named ? named.filter((course) => course.status === "published") : await publishedCourses(em);
  let memberships = await reportRows(em, filters.former);
  if (tagIds.length > 0) {
    const wanted = new Set(tagIds);
    const members = await audienceMembers(em, memberships);
    memberships = memberships.filter((membership) => {
      const member = members.get(membership.membershipId);
      return member !== undefined && hasAnyTag(member, wanted);
    });
  }
  const signoffCounts = await loadSignoffCounts(
    em,
    courses.map((course) => course.id),
  );
  const training = await loadTrainingRows(em, memberships, courses, {});
  return { memberships, courses, training, signoffCounts };
}

/** reports/course. */
export interface CourseReportRows {
  course: TrainingCourse & { certified: boolean };
  memberships: MemberRow[];
  training: TrainingRows;
  checks: CheckScores;
  signoffs: CourseSignoffs;
}

export async function courseReportRows(
  em: SqlEntityManager,
  courseId: number,
  former: FormerFilter,
): Promise<CourseReportRows> {
  const course = await courseById(em, courseId);
  if (!course) throw fail.notFound(COURSE_MESSAGES.courseNotFound);
  const memberships = await reportRows(em, former);
  const training = await loadTrainingRows(em, memberships, [course], { course: course.id });
  const checks = await loadCheckScores(em, [course.id]);
  return {
    course: { ...course, certified: course.certification !== null },
    memberships,
    training,
    checks,
    signoffs: await courseSignoffs(em, course.id),
  };
}

/** reports/member. */
export interface MemberReportRows {
  membership: MemberRow;
  tags: TagView[];
  courses: TrainingCourse[];
  training: TrainingRows;
  checks: CheckScores;
  /** The member's standing with each course's sign-off lessons, by course (none: not in the map). */
  signoffs: Map<number, MemberSignoffView[]>;
}

export async function memberReportRows(em: SqlEntityManager, userId: number): Promise<MemberReportRows> {
  const [membership] = await reportRows(em, "include", userId);
  if (!membership) throw fail.notFound(TRAINING_MESSAGES.memberNotFound);
  const tags = await tagsOfMemberships(em, [membership.membershipId]);
  const courses = await publishedCourses(em);
  const training = await loadTrainingRows(em, [membership], courses, { membership: membership.membershipId });
  const courseIds = courses.map((course) => course.id);
  const checks = await loadCheckScores(em, courseIds, membership.userId);
  return {
    membership,
    tags: tags.get(membership.membershipId) ?? [],
    courses,
    training,
    checks,
    signoffs: await memberSignoffs(em, membership.userId, courseIds),
  };
}
