import { FileDown, Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Badge } from "#client/components/ui/badge.js";
import { Button } from "#client/components/ui/button.js";
import { FormField } from "#client/components/ui/form-field.js";
import { Input } from "#client/components/ui/input.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { downloadFile } from "#client/lib/download.js";
import { toast } from "#client/lib/toast.js";
import type { ExternalStatus } from "#shared/schemas/external-certificates.js";
import { certificateDay } from "./certificate-status.js";
import { ExternalCertificateForm } from "./external-form.js";
import { EXTERNAL_TEXT, type ExternalCertificate, useExternalCertificates, useReviewExternal } from "./queries.js";

const STATUS_CLASSES: Record<ExternalStatus, string> = {
  pending: "bg-amber-50 text-amber-800 ring-amber-200",
  approved: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  rejected: "bg-red-50 text-red-700 ring-red-200",
};

/** A card's day (YYYY-MM-DD) as the other certificates' dates read. */
const cardDay = (day: string) => certificateDay(new Date(`${day}T00:00:00Z`));

/** The scan of a certificate earned elsewhere, by its record's id: the proof of it (decision 0350). */
export async function downloadScan(id: number) {
  try {
    await downloadFile(`/_api/certificates/scan?id=${id}`, {
      fallbackName: `certificate-scan-${id}`,
      failure: EXTERNAL_TEXT.scanFailed,
    });
  } catch (error) {
    toast.error(error instanceof Error ? error.message : EXTERNAL_TEXT.scanFailed);
  }
}

/** Approve, or reject with a reason (the holder reads it). */
function ReviewActions({ external }: { external: ExternalCertificate }) {
  const review = useReviewExternal();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const reject = (event: FormEvent) => {
    event.preventDefault();
    review.mutate(
      { id: external.id, decision: "reject", reason },
      { onSuccess: () => toast.success(EXTERNAL_TEXT.rejected) },
    );
  };
  if (rejecting) {
    return (
      <form onSubmit={reject} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <FormField label="Reason for rejecting" className="min-w-0 flex-1">
          {(control) => (
            <Input {...control} required value={reason} onChange={(event) => setReason(event.target.value)} />
          )}
        </FormField>
        <div className="flex gap-2">
          <Button type="submit" variant="destructive" size="sm" disabled={review.isPending}>
            Reject certificate
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={() => setRejecting(false)}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        disabled={review.isPending}
        onClick={() =>
          review.mutate(
            { id: external.id, decision: "approve" },
            { onSuccess: () => toast.success(EXTERNAL_TEXT.approved) },
          )
        }
      >
        Approve
      </Button>
      <Button variant="outline" size="sm" onClick={() => setRejecting(true)}>
        Reject
      </Button>
    </div>
  );
}

function ExternalItem({ external, reviewer }: { external: ExternalCertificate; reviewer: boolean }) {
  const headingId = `external-${external.id}`;
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-3 py-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold break-words text-slate-900">
            {external.title}
          </h3>
          <p className="text-sm break-words text-slate-600">
            {reviewer && `${external.holderName} · `}
            {external.issuer}
            {external.number && ` · No. ${external.number}`}
          </p>
          <p className="text-sm text-slate-600">
            Issued {cardDay(external.issuedOn)}
            {external.expiresOn ? ` · valid until ${cardDay(external.expiresOn)}` : " · does not expire"}
          </p>
          {external.status === "rejected" && external.reviewNote && (
            <p className="mt-1 text-sm text-red-700">Rejected: {external.reviewNote}</p>
          )}
        </div>
        <Badge className={STATUS_CLASSES[external.status]}>{external.statusLabel}</Badge>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <Button variant="outline" size="sm" onClick={() => void downloadScan(external.id)}>
          <FileDown aria-hidden="true" />
          Download scan
        </Button>
      </div>
      {reviewer && external.status === "pending" && <ReviewActions external={external} />}
    </li>
  );
}

/**
 * Certificates earned elsewhere (docs/decisions/0350-external-certificates.md): every member submits their
 * own and follows them; admins and managers record one for any member and approve or reject the rest.
 * An approved one appears among the certificates as well.
 */
export function ExternalCertificates({ reviewer }: { reviewer: boolean }) {
  const list = useExternalCertificates();
  const [adding, setAdding] = useState(false);
  const shown = (list.data ?? []).filter((external) => !reviewer || external.status !== "approved");
  return (
    <section aria-labelledby="external-certificates" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="external-certificates" className="text-lg font-semibold text-slate-900">
            {reviewer ? "Certificates earned elsewhere" : "My certificates from elsewhere"}
          </h2>
          <p className="text-sm text-slate-600">
            {reviewer
              ? "Record a member's card from another issuer, and approve or reject the ones members send."
              : "Send a card from another issuer, such as a CPR card, with a scan: an admin or manager approves it."}
          </p>
        </div>
        {!adding && (
          <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            Add a certificate
          </Button>
        )}
      </div>
      {adding && <ExternalCertificateForm reviewer={reviewer} onDone={() => setAdding(false)} />}
      {list.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : list.isError ? (
        <p className="text-sm text-red-700">Could not load the certificates from elsewhere.</p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-slate-600">
          {reviewer ? "No certificates are waiting for approval." : "You have sent none yet."}
        </p>
      ) : (
        <ul
          aria-label={reviewer ? "Waiting for approval or rejected" : "Sent certificates"}
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white px-4 shadow-xs"
        >
          {shown.map((external) => (
            <ExternalItem key={external.id} external={external} reviewer={reviewer} />
          ))}
        </ul>
      )}
    </section>
  );
}
