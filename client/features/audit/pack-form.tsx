import { useQuery } from "@tanstack/react-query";
import { Download, KeyRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "#client/components/ui/button.js";
import { Card } from "#client/components/ui/card.js";
import { Input } from "#client/components/ui/input.js";
import { Label } from "#client/components/ui/label.js";
import { downloadFile } from "#client/lib/download.js";
import { API_PREFIX } from "#shared/constants.js";
import { AUDIT_TEXT, type AuditFilters, publicKeyQuery } from "./queries.js";

const today = () => new Date().toISOString().slice(0, 10);
const monthsAgo = (months: number) => {
  const day = new Date();
  day.setUTCMonth(day.getUTCMonth() - months);
  return day.toISOString().slice(0, 10);
};

/** The organization's key fingerprint, to read out to an auditor who checks a pack against it. */
export function KeyFingerprint() {
  const key = useQuery(publicKeyQuery());
  return (
    <p className="flex min-w-0 items-start gap-2 text-sm text-slate-600">
      <KeyRound className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0">
        Signing key (Ed25519) fingerprint:{" "}
        <span className="break-all font-mono text-xs text-slate-800">{key.data?.fingerprint ?? "…"}</span>
      </span>
    </p>
  );
}

/** The inspection pack of a period, for the person and course the filters name. */
export function PackForm({ filters }: { filters: AuditFilters }) {
  const [from, setFrom] = useState(filters.from ?? monthsAgo(12));
  const [to, setTo] = useState(filters.to ?? today());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await downloadFile(`${API_PREFIX}/audit/pack`, {
        fallbackName: "inspection-pack.zip",
        failure: AUDIT_TEXT.packFailed,
        post: { from, to, userId: filters.userId, courseId: filters.courseId },
      });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : AUDIT_TEXT.packFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Inspection pack</h2>
        <p className="text-sm text-slate-600">
          A ZIP an auditor checks without us: a PDF summary, the log's entries, its signed checkpoints and the public
          key. The person and course chosen above apply.
        </p>
      </div>
      <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={(event) => void submit(event)}>
        <div className="flex flex-col gap-1">
          <Label htmlFor="pack-from">From</Label>
          <Input id="pack-from" type="date" value={from} onChange={(event) => setFrom(event.target.value)} required />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="pack-to">To</Label>
          <Input id="pack-to" type="date" value={to} onChange={(event) => setTo(event.target.value)} required />
        </div>
        <Button type="submit" disabled={busy}>
          <Download className="size-4" aria-hidden="true" />
          {busy ? "Making the pack…" : "Download pack"}
        </Button>
      </form>
      {failure && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {failure}
        </p>
      )}
      <KeyFingerprint />
    </Card>
  );
}
