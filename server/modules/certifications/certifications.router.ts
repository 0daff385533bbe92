import { z } from "zod";
import { nowOf, rateLimitedProcedure, router } from "#server/platform/api/trpc.js";
import { memberProcedure, permittedProcedure } from "#server/platform/api/trpc-org.js";
import { fail } from "#server/platform/http/errors.js";
import {
  CERTIFICATE_MESSAGES,
  certificateListInput,
  certificatePdfInput,
  revokeCertificateInput,
  verifyCertificateInput,
} from "#shared/schemas/certificates.js";
import {
  EXTERNAL_MESSAGES,
  externalCertificateInput,
  externalListInput,
  externalScanInput,
  reviewExternalInput,
  SCAN_MAX_BYTES,
  SCAN_TYPES,
  uploadScanInput,
} from "#shared/schemas/external-certificates.js";
import { certificateFile, revokeCertificate } from "./certificate-actions.js";
import { listCertificates, myCertificates } from "./certificate-lists.js";
import { NOINDEX, verificationOf } from "./certificate-verification.js";
import { certificateListCsv } from "./certifications.presenter.js";
import { listExternal, recordExternal, reviewExternal, scanFile, uploadScan } from "./external-certificates.js";
import { externalCertificateAnswer, scanUploadAnswer } from "./external-certificates.presenter.js";

/** Certificates (docs/decisions/0310-certificates-derived-from-completion.md, 0311). */
export const certificatesRouter = router({
  mine: memberProcedure
    .meta({ rest: { method: "GET", path: "/certificates/mine" } })
    .query(async ({ ctx }) => myCertificates(ctx, nowOf(ctx))),
  list: permittedProcedure("certificates.viewAll")
    .meta({ rest: { method: "GET", path: "/certificates/list", csv: certificateListCsv } })
    .input(certificateListInput)
    .query(async ({ ctx, input }) => listCertificates(ctx, input, nowOf(ctx))),
  pdf: memberProcedure
    .meta({ rest: { method: "GET", path: "/certificates/pdf", fileAnswer: true } })
    .input(certificatePdfInput)
    .query(async ({ ctx, input }) => certificateFile(ctx, input.id, input.paper)),
  revoke: permittedProcedure("certificates.revoke")
    .meta({ rest: { method: "POST", path: "/certificates/revoke" } })
    .input(revokeCertificateInput)
    .mutation(async ({ ctx, input }) => revokeCertificate(ctx, input, nowOf(ctx))),
  /** A certificate earned elsewhere (decision 0350): its scan first, as raw bytes, then the record naming it. */
  scans: memberProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/certificates/scans",
        rawBody: {
          types: SCAN_TYPES,
          maxBytes: SCAN_MAX_BYTES,
          refused: EXTERNAL_MESSAGES.scanTypeRefused,
          tooLarge: EXTERNAL_MESSAGES.scanTooLarge,
        },
      },
      answer: scanUploadAnswer,
    })
    .input(uploadScanInput)
    .mutation(async ({ ctx, input }) => uploadScan(ctx, input)),
  external: memberProcedure
    .meta({ rest: { method: "POST", path: "/certificates/external" }, answer: externalCertificateAnswer })
    .input(externalCertificateInput)
    .mutation(async ({ ctx, input }) => recordExternal(ctx, input, nowOf(ctx))),
  externalList: memberProcedure
    .meta({ rest: { method: "GET", path: "/certificates/external-list" }, answer: z.array(externalCertificateAnswer) })
    .input(externalListInput)
    .query(async ({ ctx, input }) => listExternal(ctx, input)),
  review: permittedProcedure("certificates.recordExternal")
    .meta({ rest: { method: "POST", path: "/certificates/review" }, answer: externalCertificateAnswer })
    .input(reviewExternalInput)
    .mutation(async ({ ctx, input }) => reviewExternal(ctx, input, nowOf(ctx))),
  scan: memberProcedure
    .meta({ rest: { method: "GET", path: "/certificates/scan", fileAnswer: true } })
    .input(externalScanInput)
    .query(async ({ ctx, input }) => scanFile(ctx, input.id)),
  /** Public (no sign-in), rate limited per address, beside the /verify/<code> page. */
  verify: rateLimitedProcedure
    .meta({ rest: { method: "GET", path: "/certificates/verify" } })
    .input(verifyCertificateInput)
    .query(async ({ ctx, input }) => {
      await ctx.rateLimiter.attemptVerification(ctx.req.ip);
      ctx.reply.header("X-Robots-Tag", NOINDEX);
      const found = await verificationOf(ctx.em, input.code, nowOf(ctx));
      if (!found) throw fail.notFound(CERTIFICATE_MESSAGES.codeInvalid);
      return found;
    }),
});
