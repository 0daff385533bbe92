import { courseCertificates, latestCertificates } from "#server/modules/certifications/index.js";
import { nowOf } from "#server/platform/api/trpc.js";
import { permittedProcedure } from "#server/platform/api/trpc-org.js";
import { namingTuples, plainJsonBut } from "#server/platform/api/wire-format.js";
import { formerFilterInput } from "#shared/schemas/team-admin.js";
import { courseReportInput, matrixReportInput, memberReportInput } from "#shared/schemas/training.js";
import { courseReportCsv, matrixCsv, memberReportCsv } from "./report-csv.presenter.js";
import { courseReportRows, matrixRows, memberReportRows } from "./reports.data.js";
import {
  MATRIX_SIGNOFF_FIELDS,
  matrixAnswer,
  presentCourseReport,
  presentMatrixReport,
  presentMemberReport,
} from "./reports.presenter.js";

/**
 * Progress reports (decision 0041) for "reports.view": each also answers CSV on its REST path (`format=csv`).
 * Filters naming a course, tag or member of another organization are "not found".
 */
const reportProcedure = permittedProcedure("reports.view");

/**
 * The reports area's procedures; the app's router adds reports/signoffs (signoff-report.router.ts) beside
 * them (server/router.ts).
 */
export const reportProcedures = {
  matrix: reportProcedure
    .meta({ rest: { method: "GET", path: "/reports/matrix", csv: matrixCsv }, answer: matrixAnswer })
    .input(matrixReportInput)
    .input(formerFilterInput)
    .query(async ({ ctx, input }) =>
      namingTuples(plainJsonBut(presentMatrixReport(await matrixRows(ctx.em, input), input, nowOf(ctx)), ["cells"]), {
        signoffs: MATRIX_SIGNOFF_FIELDS,
      }),
    ),

  course: reportProcedure
    .meta({ rest: { method: "GET", path: "/reports/course", csv: courseReportCsv } })
    .input(courseReportInput)
    .input(formerFilterInput)
    .query(async ({ ctx, input }) => {
      const now = nowOf(ctx);
      const rows = await courseReportRows(ctx.em, input.courseId, input.former);
      return presentCourseReport(rows, now, await courseCertificates(ctx, input.courseId, now));
    }),

  member: reportProcedure
    .meta({ rest: { method: "GET", path: "/reports/member", csv: memberReportCsv } })
    .input(memberReportInput)
    .query(async ({ ctx, input }) => {
      const now = nowOf(ctx);
      const rows = await memberReportRows(ctx.em, input.userId);
      return presentMemberReport(rows, now, await latestCertificates(ctx, rows.membership.userId, now));
    }),
};
