import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, RotateCcw } from "lucide-react";
import { useState } from "react";
import { Badge } from "#client/components/ui/badge.js";
import { Button } from "#client/components/ui/button.js";
import { Card } from "#client/components/ui/card.js";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { PageMessage } from "#client/features/courses/page-state.js";
import { formatDateTime } from "#client/lib/dates.js";
import { errorMessage } from "#client/lib/errors.js";
import { trpc } from "#client/lib/trpc.js";
import { ChangeDiff } from "./change-diff.js";
import { lessonVersionQuery, lessonVersionsQuery, signoffReaders } from "./queries.js";
import { numbering } from "./version-numbers.js";

const backLinkClass =
  "inline-flex max-w-full items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

/** A sign-off lesson's versions (docs/SPEC.md §7): who saved what when, each with its changes; restore one. */
export function LessonHistoryPage({ orgSlug, lessonId }: { orgSlug: string; lessonId: number | null }) {
  const versions = useQuery({ ...lessonVersionsQuery(lessonId ?? 0), enabled: lessonId !== null });
  const [shown, setShown] = useState<number | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const restore = useMutation(
    trpc.lessons.restoreVersion.mutationOptions({
      meta: {
        success: "Version restored as a new material version.",
        failure: "Failed to restore the version.",
        invalidates: signoffReaders(),
      },
      onSuccess: (answer) => {
        setRestoring(null);
        setShown(answer.version);
      },
    }),
  );
  if (lessonId === null || versions.isError) {
    return (
      <PageMessage
        title="Lesson not found"
        message={versions.isError ? errorMessage(versions.error, "Could not load the versions.") : "Lesson not found."}
      />
    );
  }
  const current = shown ?? versions.data?.[0]?.version ?? null;
  const shownNumber = numbering(versions.data ?? []);
  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <Link
        to="/$orgSlug/lessons/$lessonId/edit"
        params={{ orgSlug, lessonId: String(lessonId) }}
        className={backLinkClass}
      >
        <ArrowLeft className="size-4 shrink-0" aria-hidden="true" />
        Back to Editor
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Version history</h1>
      {versions.isPending ? (
        <Skeleton className="mt-6 h-48 w-full rounded-xl" />
      ) : versions.data.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white px-5 py-8 text-center text-sm text-slate-600">
          No versions yet: versions are kept once the lesson requires sign-off.
        </p>
      ) : (
        <div className="mt-6 grid gap-5 lg:grid-cols-[20rem_1fr]">
          <ol aria-label="Versions" className="flex flex-col gap-2">
            {versions.data.map((row, index) => (
              <li key={row.version}>
                <Card
                  className={`flex flex-col gap-1.5 p-3 text-sm ${row.version === current ? "ring-2 ring-brand-500" : ""}`}
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-slate-900">Version {shownNumber(row.version)}</span>
                    <Badge variant={row.change === "material" ? "default" : "secondary"}>
                      {row.change === "material" ? "Material" : "Minor"}
                    </Badge>
                    {index === 0 && <Badge variant="outline">Current</Badge>}
                  </div>
                  {row.summary && <p className="break-words text-slate-800">{row.summary}</p>}
                  <p className="text-slate-500">
                    {row.authorName}, {formatDateTime(row.createdAt)}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setShown(row.version)}
                      aria-pressed={row.version === current}
                    >
                      View changes
                    </Button>
                    {index > 0 && (
                      <Button size="sm" variant="ghost" onClick={() => setRestoring(row.version)}>
                        <RotateCcw aria-hidden="true" />
                        Restore
                      </Button>
                    )}
                  </div>
                </Card>
              </li>
            ))}
          </ol>
          {current !== null && <VersionChanges lessonId={lessonId} version={current} shownNumber={shownNumber} />}
        </div>
      )}
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(open) => !open && setRestoring(null)}
        title={`Restore version ${restoring === null ? "" : shownNumber(restoring)}?`}
        description="Its title and content become the lesson's again, saved as a new material version: everyone who signed will be asked to sign again."
        confirmLabel="Restore"
        pendingLabel="Restoring..."
        pending={restore.isPending}
        onConfirm={() => restoring !== null && restore.mutate({ lessonId, version: restoring })}
      />
    </section>
  );
}

function VersionChanges({
  lessonId,
  version,
  shownNumber,
}: {
  lessonId: number;
  version: number;
  shownNumber: (version: number) => number;
}) {
  const row = useQuery(lessonVersionQuery(lessonId, version));
  if (row.isPending) return <Skeleton className="h-64 w-full rounded-xl" />;
  if (row.isError)
    return <p className="text-sm text-red-700">{errorMessage(row.error, "Could not load the version.")}</p>;
  const previous = row.data.previous;
  return (
    <Card className="min-w-0 p-5 sm:p-6" role="region" aria-label={`Version ${shownNumber(version)}`}>
      <h2 className="text-base font-semibold text-slate-900">
        Version {shownNumber(version)}
        {previous ? ` compared with version ${shownNumber(previous.version)}` : " (first version)"}
      </h2>
      <ChangeDiff
        className="mt-4"
        before={previous ?? { title: "", content: null }}
        after={{ title: row.data.title, content: row.data.content }}
      />
    </Card>
  );
}
