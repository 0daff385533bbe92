import { signoffReportCsv } from "#server/modules/signoff/index.js";
import { permittedProcedure } from "#server/platform/api/trpc-org.js";
import { signoffReportInput } from "#shared/schemas/signoffs.js";
import { signoffReportFor } from "./signoff-report.js";

/** Merged into the reports area (server/router.ts): `GET /_api/reports/signoffs`. */
export const signoffReportProcedures = {
  /** One lesson's members and signatures; without a lesson, every signature the organization holds. */
  signoffs: permittedProcedure("reports.view")
    .meta({ rest: { method: "GET", path: "/reports/signoffs", csv: signoffReportCsv } })
    .input(signoffReportInput)
    .query(({ ctx, input }) => signoffReportFor(ctx, input.lessonId)),
};
