import { createFileRoute } from "@tanstack/react-router";
import { CertificatesPage } from "#client/features/certificates/certificates-page.js";
import { myCertificatesQuery } from "#client/features/certificates/queries.js";
import { ensurePageData, titled } from "#client/lib/route-data.js";

export const Route = createFileRoute("/$orgSlug/_org/certificates")({
  loader: ({ context: { queryClient } }) => ensurePageData([queryClient.ensureQueryData(myCertificatesQuery())]),
  head: () => titled("Certificates"),
  component: CertificatesPage,
});
