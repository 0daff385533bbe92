import { useMutation, useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { trpc } from "#client/lib/trpc.js";
import type { AppRouter } from "#server/router.js";
import { FRESHNESS } from "#shared/constants.js";

type Outputs = inferRouterOutputs<AppRouter>;
export type Certificate = Outputs["certificates"]["mine"][number];

/** The filters of the certifications view, as certificates/list takes them. */
export interface CertificateFilters {
  status?: "valid" | "expiring" | "expired" | "revoked";
  withinDays?: number;
  tagId?: number;
}

export const CERTIFICATE_TEXT = {
  linkCopied: "Verification link copied to clipboard!",
  copyFailed: "Could not copy the link.",
  downloadFailed: "Failed to download the certificate.",
  exportFailed: "Failed to export the certificates.",
} as const;

/** Certificates change when a course is completed, so these reads are as fresh as the course content. */
export function myCertificatesQuery() {
  return trpc.certificates.mine.queryOptions(undefined, { staleTime: FRESHNESS.contentMs });
}

export function useMyCertificates() {
  return useQuery(myCertificatesQuery());
}

export function useCertificateList(filters: CertificateFilters, enabled: boolean) {
  return useQuery({ ...trpc.certificates.list.queryOptions(filters, { staleTime: FRESHNESS.contentMs }), enabled });
}

/** The public page a certificate's link opens, on this page's own origin. */
export const verificationLink = (code: string) => `${window.location.origin}/verify/${code}`;

/** certificates/list's query string for the same filters, for its CSV. */
export function listQueryString(filters: CertificateFilters): string {
  const query = new URLSearchParams({ format: "csv" });
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) query.set(key, String(value));
  return query.toString();
}

export type ExternalCertificate = Outputs["certificates"]["externalList"][number];

export const EXTERNAL_TEXT = {
  submitted: "Certificate sent for approval.",
  recorded: "Certificate recorded.",
  saveFailed: "Failed to save the certificate.",
  approved: "Certificate approved.",
  rejected: "Certificate rejected.",
  reviewFailed: "Failed to review the certificate.",
  scanFailed: "Failed to download the scan.",
} as const;

/** Certificates earned elsewhere (decision 0350): one's own, or everyone's for admins and managers. */
export function useExternalCertificates() {
  return useQuery(trpc.certificates.externalList.queryOptions({}, { staleTime: FRESHNESS.contentMs }));
}

/** A record or a review changes the lists of both kinds, and "My certificates". */
function externalInvalidates() {
  return [
    trpc.certificates.externalList.queryKey(),
    trpc.certificates.mine.queryKey(),
    trpc.certificates.list.queryKey(),
  ];
}

export function useRecordExternal(reviewer: boolean) {
  return useMutation(
    trpc.certificates.external.mutationOptions({
      meta: {
        success: reviewer ? EXTERNAL_TEXT.recorded : EXTERNAL_TEXT.submitted,
        failure: EXTERNAL_TEXT.saveFailed,
        invalidates: externalInvalidates(),
      },
    }),
  );
}

export function useReviewExternal() {
  return useMutation(
    trpc.certificates.review.mutationOptions({
      meta: { failure: EXTERNAL_TEXT.reviewFailed, invalidates: externalInvalidates() },
    }),
  );
}
