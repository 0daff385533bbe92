import { Award, Download, ExternalLink, Link2 } from "lucide-react";
import { Button, buttonClassName } from "#client/components/ui/button.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { downloadFile } from "#client/lib/download.js";
import { toast } from "#client/lib/toast.js";
import { CertificateStatusBadge, certificateDay } from "./certificate-status.js";
import { downloadScan } from "./external-certificates.js";
import { CERTIFICATE_TEXT, type Certificate, useMyCertificates, verificationLink } from "./queries.js";

async function copyLink(code: string) {
  try {
    await navigator.clipboard.writeText(verificationLink(code));
    toast.success(CERTIFICATE_TEXT.linkCopied);
  } catch {
    toast.error(CERTIFICATE_TEXT.copyFailed);
  }
}

async function download(certificate: Certificate) {
  try {
    await downloadFile(`/_api/certificates/pdf?id=${certificate.id}`, {
      fallbackName: `certificate-${certificate.number}.pdf`,
      failure: CERTIFICATE_TEXT.downloadFailed,
    });
  } catch (error) {
    toast.error(error instanceof Error ? error.message : CERTIFICATE_TEXT.downloadFailed);
  }
}

function CertificateCard({ certificate }: { certificate: Certificate }) {
  const headingId = `certificate-${certificate.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xs"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 text-base font-semibold break-words text-slate-900">
          {certificate.title}
        </h3>
        <CertificateStatusBadge status={certificate.status} />
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Issued</dt>
        <dd className="text-slate-900">{certificateDay(certificate.issuedAt)}</dd>
        <dt className="text-slate-600">{certificate.status === "expired" ? "Expired" : "Valid until"}</dt>
        <dd className="text-slate-900">
          {certificate.expiresAt ? certificateDay(certificate.expiresAt) : "Does not expire"}
        </dd>
        {certificate.number && (
          <>
            <dt className="text-slate-600">Number</dt>
            <dd className="break-all text-slate-900">{certificate.number}</dd>
          </>
        )}
        {certificate.issuer !== null && (
          <>
            <dt className="text-slate-600">Issued by</dt>
            <dd className="break-words text-slate-900">{certificate.issuer}</dd>
          </>
        )}
      </dl>
      {certificate.externalId === null ? (
        <IssuedHereActions certificate={certificate} />
      ) : (
        <ScanAction id={certificate.externalId} />
      )}
    </li>
  );
}

/** One earned elsewhere: its scan is the proof; the organization prints no PDF and no page for it (decision 0350). */
function ScanAction({ id }: { id: number }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" onClick={() => void downloadScan(id)}>
        <Download aria-hidden="true" />
        Download scan
      </Button>
    </div>
  );
}

function IssuedHereActions({ certificate }: { certificate: Certificate }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" onClick={() => void download(certificate)}>
        <Download aria-hidden="true" />
        Download PDF
      </Button>
      <Button variant="outline" size="sm" onClick={() => void copyLink(certificate.verificationCode)}>
        <Link2 aria-hidden="true" />
        Copy share link
      </Button>
      <a
        href={`/verify/${certificate.verificationCode}`}
        target="_blank"
        rel="noreferrer"
        className={buttonClassName({ variant: "ghost", size: "sm" })}
      >
        <ExternalLink aria-hidden="true" />
        Open verification page
      </a>
    </div>
  );
}

/** "My certificates": every member's own, newest first, each with its PDF and its share link. */
export function MyCertificates() {
  const certificates = useMyCertificates();
  return (
    <section aria-labelledby="my-certificates" className="flex flex-col gap-4">
      <h2 id="my-certificates" className="text-lg font-semibold text-slate-900">
        My certificates
      </h2>
      {certificates.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : certificates.isError ? (
        <p className="text-sm text-red-700">Could not load your certificates.</p>
      ) : certificates.data.length === 0 ? (
        <div className="flex items-center gap-3 rounded-xl border border-dashed border-slate-300 p-6 text-slate-600">
          <Award className="size-6 shrink-0 text-slate-400" aria-hidden="true" />
          <p className="text-sm">No certificates yet. Complete a course that issues one, and it appears here.</p>
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {certificates.data.map((certificate) => (
            <CertificateCard key={certificate.id} certificate={certificate} />
          ))}
        </ul>
      )}
    </section>
  );
}
