import { useQuery } from "@tanstack/react-query";
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
