import type { CertificateView, HeldCertificateView } from "#server/modules/certifications/certifications.presenter.js";
import type { ApiClient } from "./client.js";
import { ok } from "./org-fixtures.js";

/** Certificates (docs/decisions/0310-certificates-derived-from-completion.md) through their REST paths. */

export async function myCertificates(api: ApiClient): Promise<CertificateView[]> {
  return ok<CertificateView[]>(await api.get("/_api/certificates/mine"));
}

export async function listCertificates(
  api: ApiClient,
  query: Record<string, string> = {},
): Promise<HeldCertificateView[]> {
  return ok<HeldCertificateView[]>(await api.get("/_api/certificates/list", query));
}
