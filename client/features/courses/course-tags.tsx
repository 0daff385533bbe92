import { useMemo } from "react";
import { Badge } from "#client/components/ui/badge.js";
import { useTagTree } from "#client/features/tags/queries.js";
import { cn } from "#client/lib/cn.js";
import type { CourseStatus, CourseTag, TagDepartment } from "./types.js";

/** Roles have no colour of their own (docs/SPEC.md §3): they wear their department's. */
function tagColors(departments: readonly TagDepartment[] | undefined): Map<number, string> {
  const colors = new Map<number, string>();
  for (const department of departments ?? []) {
    if (!department.color) continue;
    colors.set(department.id, department.color);
    for (const role of department.roles) colors.set(role.id, department.color);
  }
  return colors;
}

function useTagColorMap(): Map<number, string> {
  const { data } = useTagTree();
  return useMemo(() => tagColors(data), [data]);
}

export function ColorDot({ color, className }: { color: string | null | undefined; className?: string }) {
  return (
    <span
      aria-hidden="true"
      // The palette is pastel: a ring keeps the lightest colours visible on white.
      className={cn("inline-block size-3 shrink-0 rounded-full ring-1 ring-slate-900/25", className)}
      style={{ backgroundColor: color ?? "#e2e8f0" }}
    />
  );
}

export interface CourseTagListProps {
  tags: readonly CourseTag[];
  /** Show at most this many, then "+N more". */
  max?: number;
  className?: string;
}

/** A course's departments and roles as chips with their colour dot. */
export function CourseTagList({ tags, max, className }: CourseTagListProps) {
  const colors = useTagColorMap();
  if (tags.length === 0) return null;
  const shown = max === undefined ? tags : tags.slice(0, max);
  const hidden = tags.length - shown.length;
  return (
    <ul className={cn("flex flex-wrap items-center gap-1.5", className)} aria-label="Tags">
      {shown.map((tag) => (
        <li key={tag.id}>
          <span className="inline-flex max-w-[14rem] items-center gap-1.5 rounded-full border border-slate-200 bg-white px-2 py-0.5 text-xs font-medium text-slate-700">
            <ColorDot color={tag.color ?? colors.get(tag.id)} />
            <span className="truncate">{tag.name}</span>
          </span>
        </li>
      ))}
      {hidden > 0 && (
        <li>
          <span className="inline-flex items-center rounded-full px-1.5 py-0.5 text-xs font-medium text-slate-500">
            +{hidden} more
          </span>
        </li>
      )}
    </ul>
  );
}

export function StatusBadge({ status }: { status: CourseStatus }) {
  return status === "published" ? (
    <Badge className="bg-emerald-50 text-emerald-700 ring-emerald-200">Published</Badge>
  ) : (
    <Badge variant="secondary">Draft</Badge>
  );
}
