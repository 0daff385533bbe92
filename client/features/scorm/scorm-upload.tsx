import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import superjson from "superjson";
import { Card } from "#client/components/ui/card.js";
import { courseReaders } from "#client/features/courses/queries.js";
import { organizationHeaders, trpc } from "#client/lib/trpc.js";
import { SCORM_MESSAGES, SCORM_ZIP_MAX_BYTES, type ScormPackageView } from "#shared/schemas/scorm.js";
import { megabytes } from "#shared/schemas/uploads.js";

/**
 * The lesson editor's SCORM package (docs/decisions/0330): a ZIP sent as it is to scorm/upload, which reads
 * and checks it and answers what it will play, or why it cannot.
 */

type UploadState =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "done"; view: ScormPackageView }
  | { kind: "refused"; message: string };

async function sendPackage(lessonId: number, file: File): Promise<ScormPackageView> {
  if (file.size > SCORM_ZIP_MAX_BYTES) throw new Error(SCORM_MESSAGES.tooLarge);
  const response = await fetch(`/_api/scorm/upload?lessonId=${lessonId}`, {
    method: "POST",
    headers: { "Content-Type": "application/zip", ...organizationHeaders() },
    body: file,
    credentials: "same-origin",
  });
  const body: unknown = superjson.parse(await response.text());
  if (!response.ok) {
    const error = typeof body === "object" && body !== null && "error" in body ? String(body.error) : "";
    throw new Error(error || `The package could not be uploaded (error ${response.status}).`);
  }
  return body as ScormPackageView;
}

/** The organization's packages against their storage limit (decision 0362), under the file input. */
function PackageStorage() {
  const storage = useQuery(trpc.scorm.storage.queryOptions());
  if (!storage.data) return null;
  const { usedBytes, limitBytes } = storage.data;
  return (
    <p className="mt-2 text-xs text-slate-600">
      Your organization's SCORM packages use {megabytes(usedBytes)} of {megabytes(limitBytes)}.
    </p>
  );
}

export function ScormUpload({ lessonId }: { lessonId: number }) {
  const inputId = useId();
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>({ kind: "idle" });
  return (
    <Card className="mt-6 p-5">
      <h2 className="text-base font-semibold text-slate-900">SCORM package</h2>
      <p className="mt-1 text-sm text-slate-600">
        A SCORM 1.2 or 2004 course bought from a vendor plays as this lesson and completes it. Uploading again replaces
        it.
      </p>
      <label htmlFor={inputId} className="mt-3 block text-sm font-medium text-slate-800">
        Package ZIP (up to 200 MB)
      </label>
      <input
        id={inputId}
        type="file"
        accept=".zip,application/zip"
        disabled={state.kind === "sending"}
        className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-brand-700"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (!file) return;
          setState({ kind: "sending" });
          sendPackage(lessonId, file).then(
            (view) => {
              setState({ kind: "done", view });
              for (const queryKey of courseReaders()) void queryClient.invalidateQueries({ queryKey });
              void queryClient.invalidateQueries({ queryKey: trpc.scorm.storage.queryKey() });
            },
            (error: Error) => setState({ kind: "refused", message: error.message }),
          );
        }}
      />
      <output className="mt-2 block text-sm">
        {state.kind === "sending" && <span className="text-slate-600">Reading the package…</span>}
        {state.kind === "done" && (
          <span className="text-emerald-700">
            Uploaded: {state.view.title} (SCORM {state.view.version}, {state.view.scoCount}{" "}
            {state.view.scoCount === 1 ? "part" : "parts"})
          </span>
        )}
        {state.kind === "refused" && <span className="text-red-700">{state.message}</span>}
      </output>
      <PackageStorage />
    </Card>
  );
}
