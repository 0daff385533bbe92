import { z } from "zod";
import { id, text } from "./common.js";

/**
 * Certificates earned elsewhere (docs/decisions/0350-external-certificates.md): a scan uploaded first
 * (raw bytes to `POST /_api/certificates/scans`), then the record naming it by its key.
 */
export const EXTERNAL_MESSAGES = {
  scanTypeRefused: "Only PNG, JPEG or PDF files can be uploaded as a certificate's scan.",
  scanTooLarge: "A certificate's scan can be at most 10 MB.",
  scanRequired: "Upload the certificate's scan first.",
  scanNotFound: "Scan not found.",
  titleRequired: "Give the certificate's name.",
  titleTooLong: "The certificate's name can be at most 200 characters.",
  issuerRequired: "Give who issued the certificate.",
  issuerTooLong: "The issuer can be at most 200 characters.",
  numberTooLong: "The certificate number can be at most 80 characters.",
  issuedOnInvalid: "Issued on must be a date written as YYYY-MM-DD.",
  expiresOnInvalid: "Expires on must be a date written as YYYY-MM-DD.",
  expiresBeforeIssued: "A certificate cannot expire before it was issued.",
  issuedInFuture: "A certificate cannot be issued in the future.",
  userIdInvalid: "User ID must be a positive number.",
  memberNotFound: "Member not found.",
  courseIdInvalid: "Course ID must be a positive number.",
  courseNotFound: "Course not found.",
  courseNotCertification: "Only a certification course can be fulfilled by a certificate.",
  idInvalid: "External certificate ID must be a positive number.",
  externalNotFound: "External certificate not found.",
  decisionInvalid: "Decision must be approve or reject.",
  reasonRequired: "Give a reason for rejecting the certificate.",
  reasonTooLong: "The reason can be at most 500 characters.",
  alreadyReviewed: "This certificate has already been reviewed.",
  statusInvalid: "Status must be pending, approved or rejected.",
  noPdfOfExternal: "This certificate was issued elsewhere: download its scan instead.",
} as const;

const M = EXTERNAL_MESSAGES;

/** The file types a scan may be, each checked against the file's own first bytes. */
export const SCAN_TYPES = ["image/png", "image/jpeg", "application/pdf"] as const;
export type ScanType = (typeof SCAN_TYPES)[number];
export const SCAN_MAX_BYTES = 10 * 1024 * 1024;

const EXTERNAL_STATUSES = ["pending", "approved", "rejected"] as const;
export type ExternalStatus = (typeof EXTERNAL_STATUSES)[number];

export const EXTERNAL_STATUS_LABELS: Record<ExternalStatus, string> = {
  pending: "Waiting for approval",
  approved: "Approved",
  rejected: "Rejected",
};

/** The scan's key: 32 random bytes, base64url. */
const SCAN_KEY = /^[A-Za-z0-9_-]{43}$/;

/** What the scan upload takes: the REST adapter builds it from the Content-Type header and the raw body. */
export const uploadScanInput = z.object(
  {
    contentType: z.enum(SCAN_TYPES, { error: M.scanTypeRefused }),
    bytes: z
      .instanceof(Uint8Array, { error: M.scanTypeRefused })
      .refine((bytes) => bytes.length > 0, M.scanTypeRefused),
  },
  { error: M.scanTypeRefused },
);

/** A real calendar day, YYYY-MM-DD (2026-02-30 is refused). */
const dayField = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((value) => {
      const time = Date.parse(`${value}T00:00:00Z`);
      return Number.isFinite(time) && new Date(time).toISOString().startsWith(value);
    }, message);

export const externalCertificateInput = z
  .object(
    {
      /** The holder; the caller when absent (a learner submits their own for approval). */
      userId: id(M.userIdInvalid).optional(),
      title: text({ error: M.titleRequired }).trim().min(1, M.titleRequired).max(200, M.titleTooLong),
      issuer: text({ error: M.issuerRequired }).trim().min(1, M.issuerRequired).max(200, M.issuerTooLong),
      number: text({ error: M.numberTooLong }).trim().max(80, M.numberTooLong).default(""),
      issuedOn: dayField(M.issuedOnInvalid),
      /** Null or absent: valid for good. */
      expiresOn: dayField(M.expiresOnInvalid).nullable().default(null),
      /** The certification course it fulfils, if any. */
      courseId: id(M.courseIdInvalid).nullable().default(null),
      scanKey: z.string({ error: M.scanRequired }).regex(SCAN_KEY, M.scanRequired),
    },
    { error: M.titleRequired },
  )
  .refine((input) => input.expiresOn === null || input.expiresOn >= input.issuedOn, {
    message: M.expiresBeforeIssued,
    path: ["expiresOn"],
  });

export const reviewExternalInput = z
  .object(
    {
      id: id(M.idInvalid),
      decision: z.enum(["approve", "reject"], { error: M.decisionInvalid }),
      reason: text({ error: M.reasonTooLong }).trim().max(500, M.reasonTooLong).default(""),
    },
    { error: M.idInvalid },
  )
  .refine((input) => input.decision === "approve" || input.reason.length > 0, {
    message: M.reasonRequired,
    path: ["reason"],
  });

export const externalListInput = z
  .object({ status: z.enum(EXTERNAL_STATUSES, { error: M.statusInvalid }).optional() })
  .prefault({});

export const externalScanInput = z.object({ id: id(M.idInvalid) }, { error: M.idInvalid });
