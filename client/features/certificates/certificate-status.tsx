import { AlarmClock, Ban, CircleCheck, Hourglass } from "lucide-react";
import { Badge } from "#client/components/ui/badge.js";
import { CERTIFICATE_STATUS_LABELS, type CertificateStatus } from "#shared/schemas/certificates.js";

const STATUS_STYLE: Record<CertificateStatus, { className: string; icon: typeof CircleCheck }> = {
  valid: { className: "bg-emerald-50 text-emerald-800 ring-emerald-200", icon: CircleCheck },
  expiring: { className: "bg-amber-50 text-amber-800 ring-amber-200", icon: Hourglass },
  expired: { className: "bg-red-50 text-red-700 ring-red-200", icon: AlarmClock },
  revoked: { className: "bg-slate-100 text-slate-700 ring-slate-200", icon: Ban },
};

/** Colour and an icon both carry the status, as the training statuses do. */
export function CertificateStatusBadge({ status }: { status: CertificateStatus }) {
  const { className, icon: Icon } = STATUS_STYLE[status];
  return (
    <Badge className={className}>
      <Icon className="size-3.5" aria-hidden="true" />
      {CERTIFICATE_STATUS_LABELS[status]}
    </Badge>
  );
}

const DAY_FORMAT = new Intl.DateTimeFormat(undefined, {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** A certificate's dates as the PDF and the verification page print them (its days are UTC days). */
export const certificateDay = (date: Date) => DAY_FORMAT.format(date);

/** A member's latest certificate of a course in a report's cell: its status, and until when; "None" without one. */
export function CertificateCell({
  certificate,
}: {
  certificate: { status: CertificateStatus; expiresAt: Date | null } | null;
}) {
  if (!certificate) return <span className="text-slate-500">None</span>;
  return (
    <span className="flex flex-col items-start gap-1">
      <CertificateStatusBadge status={certificate.status} />
      {certificate.status !== "revoked" && (
        <span className="text-xs text-slate-600">
          {certificate.expiresAt ? `Until ${certificateDay(certificate.expiresAt)}` : "Does not expire"}
        </span>
      )}
    </span>
  );
}
