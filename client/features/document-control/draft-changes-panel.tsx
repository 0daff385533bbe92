import { useMutation, useQuery } from "@tanstack/react-query";
import { FilePen } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.js";
import { Textarea } from "#client/components/ui/textarea.js";
import { ChangeDiff } from "#client/features/signoff/change-diff.js";
import { signoffReaders } from "#client/features/signoff/queries.js";
import { formatDateTime } from "#client/lib/dates.js";
import { trpcClient } from "#client/lib/trpc.js";
import { REVISION_MESSAGES, REVISION_REASON_MAX } from "#shared/schemas/revisions.js";
import { DRAFT_LABEL } from "./draft-notice.js";
import { courseRevisionsQuery, revisionQuery, revisionReaders } from "./queries.js";

/**
 * Manage Content's document control (docs/decisions/0390-course-drafts.md): a published course's draft
 * changes, each lesson's text against what learners read now, published with a reason (and, per sign-off
 * lesson, whether everyone signs again) as the next version; and the versions published so far.
 */
export function DraftChangesPanel({ courseId, published }: { courseId: number; published: boolean }) {
  const revisions = useQuery(courseRevisionsQuery(courseId));
  const rows = revisions.data ?? [];
  // A course learners have never seen is edited live: nothing to show until it is published.
  if (!published && rows.length === 0) return null;
  const draft = rows.find((revision) => revision.state === "draft");
  const inReview = rows.some((revision) => revision.state === "in_review");
  const versions = rows.filter((revision) => revision.state === "published");
  return (
    <section
      id="draft-changes"
      aria-labelledby="draft-changes-heading"
      className="mt-8 rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:p-5"
    >
      <h2 id="draft-changes-heading" className="text-lg font-semibold text-slate-900">
        Changes and versions
      </h2>
      {inReview ? (
        <p className="mt-2 text-sm text-slate-600">
          In review: the changes wait for an approver. They can be edited again once approved or sent back.
        </p>
      ) : draft ? (
        <DraftReview courseId={courseId} revisionId={draft.id} />
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          No draft changes. Edits to this course's lessons are kept as a draft until you publish them.
        </p>
      )}
      {versions.length > 0 && (
        <>
          <h3 className="mt-6 text-sm font-semibold text-slate-900">Versions</h3>
          <ol className="mt-2 flex flex-col divide-y divide-slate-100 text-sm">
            {versions.map((version) => (
              <li key={version.id} className="flex flex-col gap-0.5 py-2">
                <span className="font-medium text-slate-900">
                  Version {version.number}
                  {version.publishedAt && (
                    <span className="font-normal text-slate-600"> · {formatDateTime(version.publishedAt)}</span>
                  )}
                </span>
                <span className="break-words text-slate-700">{version.reason}</span>
                {version.publishedByName && (
                  <span className="text-xs text-slate-500">Published by {version.publishedByName}</span>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function DraftReview({ courseId, revisionId }: { courseId: number; revisionId: number }) {
  const revision = useQuery(revisionQuery(revisionId));
  const [reason, setReason] = useState("");
  const [material, setMaterial] = useState<ReadonlySet<number>>(new Set());
  const reasonId = useId();
  const publish = useMutation({
    mutationFn: () =>
      trpcClient.revisions.submit.mutate({
        courseId,
        reason: reason.trim(),
        changes: [...material].map((lessonId) => ({ lessonId, material: true })),
      }),
    onSuccess: () => {
      setReason("");
      setMaterial(new Set());
    },
    meta: {
      success: "Changes published. Learners now read the new version.",
      failure: "Failed to publish the changes.",
      invalidates: [...revisionReaders(), ...signoffReaders()],
    },
  });

  const lessons = revision.data?.lessons ?? [];
  if (revision.isPending) return <p className="mt-2 text-sm text-slate-600">Loading the draft…</p>;
  if (lessons.length === 0) {
    return (
      <p className="mt-2 text-sm text-slate-600">
        The draft is the same as the published text: there is nothing to publish.
      </p>
    );
  }
  return (
    <div className="mt-3">
      <p className="inline-flex items-center gap-2 rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-900">
        <FilePen className="size-4" aria-hidden="true" />
        {DRAFT_LABEL}
      </p>
      <ul className="mt-4 flex flex-col gap-4">
        {lessons.map((lesson) => (
          <li key={lesson.lessonId} className="rounded-lg border border-slate-200 p-3">
            <h3 className="font-medium text-slate-900">{lesson.after.title}</h3>
            <ChangeDiff className="mt-2" before={lesson.before} after={lesson.after} />
            {lesson.requiresSignoff && (
              <label className="mt-3 flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-brand-600"
                  checked={material.has(lesson.lessonId)}
                  onChange={(event) => {
                    const next = new Set(material);
                    if (event.target.checked) next.add(lesson.lessonId);
                    else next.delete(lesson.lessonId);
                    setMaterial(next);
                  }}
                />
                <span>
                  <span className="font-medium text-slate-900">Material change</span>
                  <span className="block text-slate-600">
                    Everyone who signed signs again. Leave it off for wording and typos: signatures stay valid.
                  </span>
                </span>
              </label>
            )}
          </li>
        ))}
      </ul>
      <form
        className="mt-4 flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (reason.trim()) publish.mutate();
        }}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={reasonId} className="text-sm font-medium text-slate-800">
            Reason for the change
          </label>
          <Textarea
            id={reasonId}
            rows={2}
            value={reason}
            maxLength={REVISION_REASON_MAX}
            placeholder="e.g. New supplier: the fryer oil is changed weekly"
            onChange={(event) => setReason(event.target.value)}
          />
          {!reason.trim() && <p className="text-xs text-slate-600">{REVISION_MESSAGES.reasonRequired}</p>}
        </div>
        <Button type="submit" className="self-start" loading={publish.isPending} disabled={!reason.trim()}>
          Publish changes
        </Button>
      </form>
    </div>
  );
}
