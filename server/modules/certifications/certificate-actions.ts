import type { MembershipRecord } from "#server/modules/identity/index.js";
import type { Context, FileAnswer } from "#server/platform/api/trpc.js";
import { inScope, writeRows } from "#server/platform/db/rows.js";
import { dateParamOf } from "#server/platform/db/sql-dialect.js";
import type { OrganizationRecord } from "#server/platform/db/tenant-scope.js";
import { fail } from "#server/platform/http/errors.js";
import { publicBaseUrl } from "#server/platform/http/public-url.js";
import { can } from "#shared/permissions.js";
import { CERTIFICATE_MESSAGES, type PaperSize } from "#shared/schemas/certificates.js";
import { EXTERNAL_MESSAGES } from "#shared/schemas/external-certificates.js";
import { type CycleScope, openNextCycle } from "./certificate-cycles.js";
import { certificatePdf, paperOfLanguages } from "./certificate-pdf.js";
import { type CertificateRow, certificateById } from "./certifications.data.js";
import { type CertificateView, presentCertificate } from "./certifications.presenter.js";

/** What a certificate action needs of its request. */
type ActionContext = CycleScope &
  Pick<Context, "req"> & { membership: MembershipRecord; organization: OrganizationRecord; config: Context["config"] };

/** The verification page of a certificate: on PUBLIC_URL (or the address the server listens on), never the Host header. */
const verifyUrlOf = (ctx: Pick<Context, "req" | "config">, code: string) =>
  `${publicBaseUrl(ctx.config, ctx.req.server)}/verify/${code}`;

/** A certificate of the organization the caller may see: their own, or anyone's with certificates.viewAll. */
async function visibleCertificate(ctx: ActionContext, id: number): Promise<CertificateRow> {
  const certificate = await certificateById(ctx.em, id);
  const mine = certificate?.userId === ctx.membership.user.id;
  if (!certificate || !(mine || can(ctx.membership.role, "certificates.viewAll"))) {
    throw fail.notFound(CERTIFICATE_MESSAGES.certificateNotFound);
  }
  return certificate;
}

/** certificates/pdf: one page, A4 or Letter by the requester's language unless `paper` says. */
export async function certificateFile(
  ctx: ActionContext,
  id: number,
  paper: PaperSize | undefined,
): Promise<FileAnswer> {
  const certificate = await visibleCertificate(ctx, id);
  if (certificate.issuer !== null) throw fail.badRequest(EXTERNAL_MESSAGES.noPdfOfExternal);
  const bytes = await certificatePdf(
    {
      organizationName: ctx.organization.name,
      holderName: certificate.holderName,
      title: certificate.title,
      number: certificate.number,
      issuedAt: certificate.issuedAt,
      expiresAt: certificate.expiresAt,
      courseVersion: certificate.courseVersion,
      verifyUrl: verifyUrlOf(ctx, certificate.verificationCode),
    },
    paper ?? paperOfLanguages(ctx.req.headers["accept-language"]),
  );
  return { contentType: "application/pdf", bytes, cacheControl: "private, no-store" };
}

const REVOKE = `update certificates set revoked_at = ?, revoked_reason = ?
  where ${inScope()} and id = ? and revoked_at is null`;

/**
 * certificates/revoke: the verification page answers "revoked" from now on, and the holder's next cycle
 * opens (their progress starts over) when this was their current certificate.
 */
export async function revokeCertificate(
  ctx: ActionContext,
  input: { id: number; reason: string },
  now: Date,
): Promise<CertificateView> {
  const certificate = await certificateById(ctx.em, input.id);
  if (!certificate) throw fail.notFound(CERTIFICATE_MESSAGES.certificateNotFound);
  if ((await writeRows(ctx.em, REVOKE, [dateParamOf(ctx.em, now), input.reason, input.id])) === 0) {
    throw fail.conflict(CERTIFICATE_MESSAGES.alreadyRevoked);
  }
  const { userId, courseId } = certificate;
  if (certificate.renewalOpenedAt === null && userId !== null && courseId !== null) {
    await openNextCycle(ctx, { id: certificate.id, userId, courseId }, now);
  }
  return presentCertificate({ ...certificate, revokedAt: now, revokedReason: input.reason }, now);
}
