import { nowOf, router } from "#server/platform/api/trpc.js";
import { memberProcedure, permittedProcedure } from "#server/platform/api/trpc-org.js";
import { certificateListInput } from "#shared/schemas/certificates.js";
import { listCertificates, myCertificates } from "./certificate-lists.js";
import { certificateListCsv } from "./certifications.presenter.js";

/** Certificates (docs/decisions/0310-certificates-derived-from-completion.md). */
export const certificatesRouter = router({
  mine: memberProcedure
    .meta({ rest: { method: "GET", path: "/certificates/mine" } })
    .query(async ({ ctx }) => myCertificates(ctx, nowOf(ctx))),
  list: permittedProcedure("certificates.viewAll")
    .meta({ rest: { method: "GET", path: "/certificates/list", csv: certificateListCsv } })
    .input(certificateListInput)
    .query(async ({ ctx, input }) => listCertificates(ctx, input, nowOf(ctx))),
});
