import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FilterSelect } from "#client/components/ui/filter-select.js";
import { Input } from "#client/components/ui/input.js";
import { Label } from "#client/components/ui/label.js";
import { courseListQuery } from "#client/features/courses/queries.js";
import { membersQuery } from "#client/features/team/queries.js";
import { EVIDENCE_KIND_LABELS, EVIDENCE_KINDS, type EvidenceKind } from "#shared/evidence.js";
import { AuditEntries } from "./audit-entries.js";
import { ChainStatus } from "./chain-status.js";
import { PackForm } from "./pack-form.js";
import type { AuditFilters } from "./queries.js";

const KIND_OPTIONS = EVIDENCE_KINDS.map((kind) => ({ value: kind, label: EVIDENCE_KIND_LABELS[kind] }));

const asId = (value: string | undefined) => (value === undefined ? undefined : Number(value));

/** Admins' audit trail (docs/decisions/0300-evidence-log.md): the log filtered, its state, the pack. */
export function AuditTrailPage() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const members = useQuery(membersQuery());
  const courses = useQuery(courseListQuery());
  const set = (change: Partial<AuditFilters>) => setFilters((current) => ({ ...current, ...change }));

  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10 sm:px-6 sm:py-14">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Audit trail</h1>
        <p className="mt-2 text-slate-600">
          Every training event, in the order it was recorded. Each entry carries the hash of the one before, so a
          change, a deletion or a reordering shows.
        </p>
      </div>

      <ChainStatus />

      <fieldset className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <legend className="sr-only">Filters</legend>
        <FilterSelect
          label="Filter by person"
          allLabel="All people"
          options={(members.data ?? []).map((member) => ({ value: String(member.id), label: member.name }))}
          value={filters.userId === undefined ? undefined : String(filters.userId)}
          onChange={(value) => set({ userId: asId(value) })}
        />
        <FilterSelect
          label="Filter by course"
          allLabel="All courses"
          options={(courses.data ?? []).map((course) => ({ value: String(course.id), label: course.title }))}
          value={filters.courseId === undefined ? undefined : String(filters.courseId)}
          onChange={(value) => set({ courseId: asId(value) })}
        />
        <FilterSelect
          label="Filter by event"
          allLabel="All events"
          options={KIND_OPTIONS}
          value={filters.kind}
          onChange={(value) => set({ kind: value as EvidenceKind | undefined })}
        />
        <div className="flex flex-col gap-1">
          <Label htmlFor="audit-from" className="text-xs text-slate-500">
            From
          </Label>
          <Input
            id="audit-from"
            type="date"
            value={filters.from ?? ""}
            onChange={(event) => set({ from: event.target.value || undefined })}
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="audit-to" className="text-xs text-slate-500">
            To
          </Label>
          <Input
            id="audit-to"
            type="date"
            value={filters.to ?? ""}
            onChange={(event) => set({ to: event.target.value || undefined })}
          />
        </div>
      </fieldset>

      <AuditEntries filters={filters} />

      <PackForm filters={filters} />
    </section>
  );
}
