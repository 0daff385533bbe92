import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "#client/components/ui/button.js";
import { FormField } from "#client/components/ui/form-field.js";
import { Input } from "#client/components/ui/input.js";
import { membersQuery } from "#client/features/team/queries.js";
import { UploadError, uploadFile } from "#client/lib/uploads.js";
import { EXTERNAL_MESSAGES, SCAN_MAX_BYTES, SCAN_TYPES } from "#shared/schemas/external-certificates.js";
import { useRecordExternal } from "./queries.js";

const SELECT_CLASS =
  "h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs sm:text-sm " +
  "focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-brand-500/25";

/** Said at once; the server checks the file's bytes again. */
function scanRefusal(file: File | null): string | null {
  if (!file) return EXTERNAL_MESSAGES.scanRequired;
  if (!(SCAN_TYPES as readonly string[]).includes(file.type)) return EXTERNAL_MESSAGES.scanTypeRefused;
  if (file.size > SCAN_MAX_BYTES) return EXTERNAL_MESSAGES.scanTooLarge;
  return null;
}

/** The members an admin or manager records a certificate for; the caller first, as "Myself". */
function HolderSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const members = useQuery(membersQuery());
  return (
    <FormField label="Member">
      {(control) => (
        <select {...control} className={SELECT_CLASS} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">Myself</option>
          {(members.data ?? []).map((member) => (
            <option key={member.id} value={String(member.id)}>
              {member.name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

const EMPTY = { title: "", issuer: "", number: "", issuedOn: "", expiresOn: "", holder: "" };

/**
 * A certificate earned elsewhere (docs/decisions/0350-external-certificates.md): its scan is uploaded
 * first, then the record naming it. A learner's waits for approval; an admin's or manager's, for any
 * member, counts at once.
 */
export function ExternalCertificateForm({ reviewer, onDone }: { reviewer: boolean; onDone: () => void }) {
  const record = useRecordExternal(reviewer);
  const [fields, setFields] = useState(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const set = (name: keyof typeof EMPTY) => (value: string) => setFields({ ...fields, [name]: value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const refusal = scanRefusal(file);
    if (refusal || !file) {
      setError(refusal);
      return;
    }
    let scanKey: string;
    setUploading(true);
    try {
      scanKey = await uploadFile("/_api/certificates/scans", file, "scanKey", {
        tooLarge: EXTERNAL_MESSAGES.scanTooLarge,
        failed: "The scan could not be uploaded",
      });
    } catch (failure) {
      setError(failure instanceof UploadError ? failure.message : "The scan could not be uploaded.");
      return;
    } finally {
      setUploading(false);
    }
    record.mutate(
      {
        ...(fields.holder ? { userId: Number(fields.holder) } : {}),
        title: fields.title,
        issuer: fields.issuer,
        number: fields.number,
        issuedOn: fields.issuedOn,
        expiresOn: fields.expiresOn || null,
        scanKey,
      },
      { onSuccess: onDone, onError: (failure) => setError(failure.message) },
    );
  };

  const pending = uploading || record.isPending;
  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label="Certificate earned elsewhere"
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:grid-cols-2"
    >
      {reviewer && <HolderSelect value={fields.holder} onChange={set("holder")} />}
      <FormField label="Certificate name" className={reviewer ? "" : "sm:col-span-2"}>
        {(control) => (
          <Input
            {...control}
            required
            value={fields.title}
            onChange={(event) => set("title")(event.target.value)}
            placeholder="ServSafe Food Handler"
          />
        )}
      </FormField>
      <FormField label="Issued by">
        {(control) => (
          <Input
            {...control}
            required
            value={fields.issuer}
            onChange={(event) => set("issuer")(event.target.value)}
            placeholder="National Restaurant Association"
          />
        )}
      </FormField>
      <FormField label="Certificate number (optional)">
        {(control) => (
          <Input {...control} value={fields.number} onChange={(event) => set("number")(event.target.value)} />
        )}
      </FormField>
      <FormField label="Issued on">
        {(control) => (
          <Input
            {...control}
            type="date"
            required
            value={fields.issuedOn}
            onChange={(event) => set("issuedOn")(event.target.value)}
          />
        )}
      </FormField>
      <FormField label="Expires on (optional)">
        {(control) => (
          <Input
            {...control}
            type="date"
            value={fields.expiresOn}
            onChange={(event) => set("expiresOn")(event.target.value)}
          />
        )}
      </FormField>
      <FormField label="Scan of the certificate" hint="PNG, JPEG or PDF, up to 10 MB." className="sm:col-span-2">
        {(control) => (
          <Input
            {...control}
            type="file"
            required
            className="h-auto py-2"
            accept={SCAN_TYPES.join(",")}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        )}
      </FormField>
      {error && (
        <p className="text-sm text-red-700 sm:col-span-2" role="alert">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : reviewer ? "Record certificate" : "Send for approval"}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
