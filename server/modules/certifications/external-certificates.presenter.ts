import { z } from "zod";
import { dateAnswer } from "#server/platform/api/wire-format.js";
import { EXTERNAL_STATUS_LABELS, type ExternalStatus, SCAN_TYPES } from "#shared/schemas/external-certificates.js";
import type { ExternalRow } from "./external-certificates.data.js";

/** A certificate earned elsewhere as its holder and the organization's managers see it. */
export const externalCertificateAnswer = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  holderName: z.string(),
  title: z.string(),
  issuer: z.string(),
  number: z.string(),
  issuedOn: z.string(),
  expiresOn: z.string().nullable(),
  courseId: z.number().int().nullable(),
  courseTitle: z.string().nullable(),
  scanType: z.enum(SCAN_TYPES),
  status: z.enum(["pending", "approved", "rejected"]),
  statusLabel: z.string(),
  submittedByName: z.string().nullable(),
  reviewedAt: dateAnswer().nullable(),
  reviewNote: z.string().nullable(),
  certificateId: z.number().int().nullable(),
  createdAt: dateAnswer(),
});

export interface ExternalCertificateView extends Omit<ExternalRow, "status"> {
  status: ExternalStatus;
  statusLabel: string;
}

export const presentExternal = (row: ExternalRow): ExternalCertificateView => ({
  ...row,
  statusLabel: EXTERNAL_STATUS_LABELS[row.status],
});

export const presentExternals = (rows: readonly ExternalRow[]) => rows.map(presentExternal);

export const scanUploadAnswer = z.object({ scanKey: z.string() });
