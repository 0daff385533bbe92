import { courseById } from "#server/modules/courses/index.js";
import { compareTags, tagsOfMemberships } from "#server/modules/tags/index.js";
import { reportRows } from "#server/modules/team/index.js";
import {
  audienceMembers,
  countOwnTags,
  coursesByIds,
  hasAnyTag,
  loadTrainingRows,
  publishedCourses,
} from "#server/modules/training/index.js";
import { nowOf } from "#server/platform/api/trpc.js";
import { permittedProcedure } from "#server/platform/api/trpc-org.js";
import { plainJsonBut } from "#server/platform/api/wire-format.js";
import { fail } from "#server/platform/http/errors.js";
import { COURSE_MESSAGES } from "#shared/schemas/courses.js";
import { formerFilterInput } from "#shared/schemas/team-admin.js";
import {
  courseReportInput,
  matrixReportInput,
  memberReportInput,
  TRAINING_MESSAGES,
} from "#shared/schemas/training.js";
import { courseReportCsv, matrixCsv, memberReportCsv } from "./report-csv.presenter.js";
import { courseReportRows, memberReportRows } from "./reports.data.js";
import { presentCourseReport, presentMatrix, presentMemberCourses } from "./reports.presenter.js";
import {
  loadSignoffCounts,
  matrixSignoffsOf,
  needsSigning,
  withCourseSignoffs,
  withMemberSignoffs,
} from "./signoff-standings.data.js";

/**
 * Progress reports (decision 0041) for "reports.view": each also answers CSV on its REST path (`format=csv`).
 * Filters naming a course, tag or member of another organization are "not found".
 */
const reportProcedure = permittedProcedure("reports.view");

/** The reports area's procedures; the app's router adds the sign-off module's reports beside them (server/router.ts). */
export const reportProcedures = {
  matrix: reportProcedure
    .meta({ rest: { method: "GET", path: "/reports/matrix", csv: matrixCsv } })
    .input(matrixReportInput)
    .input(formerFilterInput)
    .query(async ({ ctx, input }) => {
      const tagIds = input.tagIds ?? [];
      if ((await countOwnTags(ctx.em, tagIds)) !== tagIds.length) throw fail.notFound(TRAINING_MESSAGES.tagNotFound);
      const courseIds = input.courseIds ?? [];
      const named = courseIds.length > 0 ? await coursesByIds(ctx.em, courseIds) : null;
      if (named && named.length !== courseIds.length) throw fail.notFound(COURSE_MESSAGES.courseNotFound);
      const courses = named ? named.filter((course) => course.status === "published") : await publishedCourses(ctx.em);
      let memberships = await reportRows(ctx.em, input.former);
      if (tagIds.length > 0) {
        const wanted = new Set(tagIds);
        const members = await audienceMembers(ctx.em, memberships);
        memberships = memberships.filter((membership) => {
          const member = members.get(membership.membershipId);
          return member !== undefined && hasAnyTag(member, wanted);
        });
      }
      const signoffCounts = await loadSignoffCounts(
        ctx.em,
        courses.map((course) => course.id),
      );
      const training = await loadTrainingRows(ctx.em, memberships, courses, {});
      const matrix = presentMatrix(training, memberships, courses, {
        status: input.status,
        keep:
          input.signoff === "needed"
            ? (userId, courseId, assigned) => assigned && needsSigning(signoffCounts, userId, courseId)
            : undefined,
        now: nowOf(ctx),
      });
      const courseIdsShown = matrix.courses.map((course) => course.courseId);
      const signoffs = matrixSignoffsOf(signoffCounts, matrix.cells.tuples, courseIdsShown);
      return plainJsonBut({ ...matrix, ...signoffs }, ["cells"]);
    }),

  course: reportProcedure
    .meta({ rest: { method: "GET", path: "/reports/course", csv: courseReportCsv } })
    .input(courseReportInput)
    .input(formerFilterInput)
    .query(async ({ ctx, input }) => {
      const course = await courseById(ctx.em, input.courseId);
      if (!course) throw fail.notFound(COURSE_MESSAGES.courseNotFound);
      const memberships = await reportRows(ctx.em, input.former);
      const report = presentCourseReport(
        await courseReportRows(ctx.em, memberships, course),
        memberships,
        course,
        nowOf(ctx),
      );
      return withCourseSignoffs(ctx.em, report);
    }),

  member: reportProcedure
    .meta({ rest: { method: "GET", path: "/reports/member", csv: memberReportCsv } })
    .input(memberReportInput)
    .query(async ({ ctx, input }) => {
      const [membership] = await reportRows(ctx.em, "include", input.userId);
      if (!membership) throw fail.notFound(TRAINING_MESSAGES.memberNotFound);
      const tags = await tagsOfMemberships(ctx.em, [membership.membershipId]);
      const courses = await publishedCourses(ctx.em);
      return {
        member: {
          userId: membership.userId,
          name: membership.name,
          email: membership.email,
          role: membership.role,
          former: membership.former === true,
          tags: (tags.get(membership.membershipId) ?? []).sort(compareTags),
        },
        courses: await withMemberSignoffs(
          ctx.em,
          membership.userId,
          presentMemberCourses(await memberReportRows(ctx.em, membership, courses), membership, courses, nowOf(ctx)),
        ),
      };
    }),
};
