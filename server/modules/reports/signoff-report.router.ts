import { findCourse, findLesson } from "#server/modules/courses/index.js";
import { signoffReportCsv } from "#server/modules/signoff/index.js";
import { permittedProcedure } from "#server/platform/api/trpc-org.js";
import { signoffReportInput } from "#shared/schemas/signoffs.js";
import { signoffReport } from "./signoff-report.js";

/** Merged into the reports area (server/router.ts): `GET /_api/reports/signoffs`. */
export const signoffReportProcedures = {
  /** One lesson's members and signatures; without a lesson, every signature the organization holds. */
  signoffs: permittedProcedure("reports.view")
    .meta({ rest: { method: "GET", path: "/reports/signoffs", csv: signoffReportCsv } })
    .input(signoffReportInput)
    .query(async ({ ctx, input }) => {
      if (input.lessonId === undefined) return signoffReport(ctx, null);
      const lesson = await findLesson(ctx, input.lessonId);
      const course = await findCourse(ctx, lesson.module.course.id);
      return signoffReport(ctx, { lesson, course });
    }),
};
