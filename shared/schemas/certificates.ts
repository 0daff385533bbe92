import { z } from "zod";
import { id, text } from "./common.js";

/** Certificates (docs/decisions/0310-certificates-derived-from-completion.md): the API's inputs and texts. */
export const CERTIFICATE_MESSAGES = {
  certificateNotFound: "Certificate not found.",
  certificateIdInvalid: "Certificate ID must be a positive number.",
  userIdInvalid: "User ID must be a positive number.",
  courseIdInvalid: "Course ID must be a positive number.",
  statusInvalid: "Status must be valid, expiring, expired or revoked.",
  withinDaysInvalid: "Expiring within must be a whole number of days from 1 to 366.",
  tagIdInvalid: "Tag ID must be a positive number.",
  codeInvalid: "This verification link is not valid.",
  reasonRequired: "Give a reason for revoking the certificate.",
  reasonTooLong: "The reason can be at most 500 characters.",
  alreadyRevoked: "This certificate is already revoked.",
  paperInvalid: "Paper must be a4 or letter.",
} as const;

const M = CERTIFICATE_MESSAGES;

const CERTIFICATE_STATUSES = ["valid", "expiring", "expired", "revoked"] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

export const CERTIFICATE_STATUS_LABELS: Record<CertificateStatus, string> = {
  valid: "Valid",
  expiring: "Expiring soon",
  expired: "Expired",
  revoked: "Revoked",
};

/** The reason a revocation gives, shown to the organization (never on the public page). */
const REASON_MAX = 500;

export const certificateListInput = z
  .object({
    userId: id(M.userIdInvalid).optional(),
    courseId: id(M.courseIdInvalid).optional(),
    status: z.enum(CERTIFICATE_STATUSES, { error: M.statusInvalid }).optional(),
    /** Only certificates that expire within this many days from now (and have not yet). */
    withinDays: z
      .number({ error: M.withinDaysInvalid })
      .int(M.withinDaysInvalid)
      .min(1, M.withinDaysInvalid)
      .max(366, M.withinDaysInvalid)
      .optional(),
    /** Only holders with this department or job role (a department counts for its roles). */
    tagId: id(M.tagIdInvalid).optional(),
  })
  .prefault({});

const PAPER_SIZES = ["a4", "letter"] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

export const certificatePdfInput = z.object(
  {
    id: id(M.certificateIdInvalid),
    /** Overrides the paper the requester's language chooses. */
    paper: z.enum(PAPER_SIZES, { error: M.paperInvalid }).optional(),
  },
  { error: M.certificateIdInvalid },
);

export const revokeCertificateInput = z.object(
  {
    id: id(M.certificateIdInvalid),
    reason: text({ error: M.reasonRequired }).trim().min(1, M.reasonRequired).max(REASON_MAX, M.reasonTooLong),
  },
  { error: M.certificateIdInvalid },
);

export const verifyCertificateInput = z.object(
  { code: z.string({ error: M.codeInvalid }).regex(/^[A-Za-z0-9_-]{24}$/, M.codeInvalid) },
  { error: M.codeInvalid },
);
