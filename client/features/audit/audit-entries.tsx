import { useInfiniteQuery } from "@tanstack/react-query";
import { Card } from "#client/components/ui/card.js";
import { LoadMore } from "#client/components/ui/load-more.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { EVIDENCE_KIND_LABELS, type EvidenceFact, type EvidenceKind } from "#shared/evidence.js";
import { AUDIT_TEXT, type AuditFilters, auditPagesQuery } from "./queries.js";

type Facts = Record<string, EvidenceFact>;

/** An entry's facts in a few words: the score of a check, the name typed for a signature … */
function detailsOf(kind: string, facts: Facts): string {
  const lesson = typeof facts.lessonTitle === "string" ? facts.lessonTitle : null;
  switch (kind) {
    case "check.passed":
    case "check.failed":
      return `${lesson}: ${facts.scorePercent}% (pass mark ${facts.passPercent}%)`;
    case "lesson.signed":
      return `${lesson}, version ${facts.version}, signed as "${facts.signedName}"`;
    case "member.accessChanged":
      return `${facts.from} → ${facts.to}`;
    case "member.joined":
    case "member.removed":
      return `as ${facts.role}`;
    default:
      // A course's own events name it already (the entry's course).
      return lesson ?? "";
  }
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** The log's entries, newest first, a page at a time. */
export function AuditEntries({ filters }: { filters: AuditFilters }) {
  const pages = useInfiniteQuery(auditPagesQuery(filters));
  if (pages.isPending) return <Skeleton className="h-48 w-full" />;
  if (pages.isError) {
    return (
      <p role="alert" className="text-sm font-medium text-red-700">
        {AUDIT_TEXT.listFailed}
      </p>
    );
  }
  const entries = pages.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <p className="text-slate-600">No entries match these filters.</p>;
  return (
    <>
      <ol aria-label="Log entries" className="flex flex-col gap-2">
        {entries.map((entry) => (
          <li key={entry.seq}>
            <Card className="grid gap-1 p-3 sm:grid-cols-[5rem_11rem_1fr] sm:gap-3 sm:p-4">
              <span className="font-mono text-sm text-slate-500 tabular-nums">#{entry.seq}</span>
              <span className="text-sm text-slate-600">{when(entry.occurredAt)}</span>
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {EVIDENCE_KIND_LABELS[entry.kind as EvidenceKind] ?? entry.kind}
                  {entry.subject && <span className="font-normal text-slate-700"> · {entry.subject.name}</span>}
                </p>
                <p className="break-words text-sm text-slate-600">
                  {[entry.course?.title, detailsOf(entry.kind, entry.facts)].filter(Boolean).join(" · ")}
                  {entry.actor && entry.actor.id !== entry.subject?.id && ` · by ${entry.actor.name}`}
                </p>
              </div>
            </Card>
          </li>
        ))}
      </ol>
      <LoadMore
        hasNextPage={pages.hasNextPage}
        isFetchingNextPage={pages.isFetchingNextPage}
        fetchNextPage={pages.fetchNextPage}
        auto={false}
        label="Show more entries"
      />
    </>
  );
}
