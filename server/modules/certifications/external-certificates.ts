import { randomBytes } from "node:crypto";
import type { SqlEntityManager } from "@mikro-orm/knex";
import type { z } from "zod";
import { type MembershipRecord, managedUser, type SignedInUser } from "#server/modules/identity/index.js";
import type { FileAnswer } from "#server/platform/api/trpc.js";
import { createOwned, type OrganizationScope } from "#server/platform/db/tenant-scope.js";
import { fail } from "#server/platform/http/errors.js";
import { onlyWhoMay } from "#shared/permission-texts.js";
import { can } from "#shared/permissions.js";
import {
  type externalCertificateInput,
  EXTERNAL_MESSAGES as M,
  type reviewExternalInput,
  SCAN_MAX_BYTES,
  type uploadScanInput,
} from "#shared/schemas/external-certificates.js";
import { CertificateScan } from "./external-certificate.entity.js";
import {
  courseCertified,
  type ExternalRow,
  externalById,
  externalRows,
  holderOf,
  insertExternal,
  issueExternalCertificate,
  markReviewed,
  scanOf,
  unusedScanId,
} from "./external-certificates.data.js";
import { type ExternalCertificateView, presentExternal, presentExternals } from "./external-certificates.presenter.js";
import { scanTypeOf } from "./external-certificates.rules.js";

/**
 * Certificates earned elsewhere (docs/decisions/0350-external-certificates.md): a member submits their own
 * for approval, an admin or manager records one for any member (approved at once) and approves or rejects
 * what was submitted; an approved one is issued as a certificate like those earned here.
 */

type ExternalContext = OrganizationScope & { em: SqlEntityManager; membership: MembershipRecord; user: SignedInUser };

const reviews = (ctx: ExternalContext) => can(ctx.membership.role, "certificates.recordExternal");

/** certificates/scans: the scan's bytes, checked by content, kept until a record names them. */
export async function uploadScan(
  ctx: ExternalContext,
  input: z.output<typeof uploadScanInput>,
): Promise<{ scanKey: string }> {
  if (input.bytes.length > SCAN_MAX_BYTES) throw fail.tooLarge(M.scanTooLarge);
  if (scanTypeOf(input.bytes) !== input.contentType) throw fail.badRequest(M.scanTypeRefused);
  const scanKey = randomBytes(32).toString("base64url");
  createOwned(ctx, CertificateScan, {
    key: scanKey,
    contentType: input.contentType,
    bytes: Buffer.from(input.bytes),
    size: input.bytes.length,
    uploadedBy: managedUser(ctx.em, ctx.user),
  });
  return { scanKey };
}

/**
 * certificates/external: the caller's own (pending, unless they review certificates) or, for an admin or
 * manager, any member's (approved at once, and issued).
 */
export async function recordExternal(
  ctx: ExternalContext,
  input: z.output<typeof externalCertificateInput>,
  now: Date,
): Promise<ExternalCertificateView> {
  const userId = input.userId ?? ctx.membership.user.id;
  if (userId !== ctx.membership.user.id && !reviews(ctx)) {
    throw fail.forbidden(onlyWhoMay("certificates.recordExternal"));
  }
  const holder = await holderOf(ctx.em, userId);
  if (!holder) throw fail.notFound(M.memberNotFound);
  if (input.courseId !== null) {
    const certified = await courseCertified(ctx.em, input.courseId);
    if (certified === undefined) throw fail.notFound(M.courseNotFound);
    if (!certified) throw fail.badRequest(M.courseNotCertification);
  }
  if (input.issuedOn > now.toISOString().slice(0, 10)) throw fail.badRequest(M.issuedInFuture);
  const scanId = await unusedScanId(ctx.em, input.scanKey, ctx.membership.user.id);
  if (scanId === undefined) throw fail.badRequest(M.scanRequired);
  const id = await insertExternal(
    ctx.em,
    {
      userId,
      holderName: holder.name,
      title: input.title,
      issuer: input.issuer,
      number: input.number,
      issuedOn: input.issuedOn,
      expiresOn: input.expiresOn,
      courseId: input.courseId,
      scanId,
      status: reviews(ctx) ? "approved" : "pending",
      submittedById: ctx.membership.user.id,
    },
    now,
  );
  const recorded = await foundExternal(ctx.em, id);
  if (recorded.status === "approved") await issueExternalCertificate(ctx.em, recorded, now);
  return presentExternal(await foundExternal(ctx.em, id));
}

async function foundExternal(em: SqlEntityManager, id: number): Promise<ExternalRow> {
  const found = await externalById(em, id);
  if (!found) throw fail.notFound(M.externalNotFound);
  return found;
}

/** certificates/review: approving issues the certificate; rejecting says why. The first review wins. */
export async function reviewExternal(
  ctx: ExternalContext,
  input: z.output<typeof reviewExternalInput>,
  now: Date,
): Promise<ExternalCertificateView> {
  const external = await foundExternal(ctx.em, input.id);
  const approve = input.decision === "approve";
  const changed = await markReviewed(
    ctx.em,
    {
      id: external.id,
      status: approve ? "approved" : "rejected",
      reviewerId: ctx.membership.user.id,
      note: approve ? null : input.reason,
    },
    now,
  );
  if (changed === 0) throw fail.conflict(M.alreadyReviewed);
  if (approve) await issueExternalCertificate(ctx.em, external, now);
  return presentExternal(await foundExternal(ctx.em, input.id));
}

/** certificates/external-list: everyone's for an admin or manager, one's own for anyone else. */
export async function listExternal(
  ctx: ExternalContext,
  input: { status?: ExternalRow["status"] },
): Promise<ExternalCertificateView[]> {
  const userId = reviews(ctx) ? undefined : ctx.membership.user.id;
  return presentExternals(await externalRows(ctx.em, { ...input, ...(userId === undefined ? {} : { userId }) }));
}

/** certificates/scan: the record's scan, for its holder and for whoever reviews certificates. */
export async function scanFile(ctx: ExternalContext, id: number): Promise<FileAnswer> {
  const scan = await scanOf(ctx.em, id);
  if (!scan || !(scan.userId === ctx.membership.user.id || reviews(ctx))) throw fail.notFound(M.externalNotFound);
  return {
    contentType: scan.contentType,
    bytes: scan.bytes,
    cacheControl: "private, no-store",
    // A PDF is downloaded, never shown from this origin; an image is shown in place.
    ...(scan.contentType === "application/pdf" ? { filename: `certificate-scan-${id}.pdf` } : {}),
  };
}
