import { cn } from "#client/lib/cn.js";
import { DEFAULT_DEPARTMENT_COLOR } from "#shared/constants.js";

interface ColoredTag {
  id: number;
  type: string;
  color: string | null;
  parentId: number | null;
}

/**
 * The colour a tag is shown in: a department's own, and a role its department's (roles carry no colour,
 * docs/SPEC.md §3). `departments` is the tag tree, for roles whose department is not in the same list.
 */
export function tagColor(
  tag: ColoredTag,
  departments: readonly { id: number; color: string | null }[] = [],
  siblings: readonly ColoredTag[] = [],
): string {
  if (tag.type === "department") return tag.color ?? DEFAULT_DEPARTMENT_COLOR;
  const parent = siblings.find((other) => other.id === tag.parentId) ?? departments.find((d) => d.id === tag.parentId);
  return parent?.color ?? DEFAULT_DEPARTMENT_COLOR;
}

/**
 * A colour dot. It is decorative (the tag's name is beside it), and ringed because the palette's
 * pastels (yellow #FFF8E0 above all) would vanish on white otherwise.
 */
export function TagDot({ color, className }: { color: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn("inline-block size-3 shrink-0 rounded-full ring-1 ring-slate-900/15 ring-inset", className)}
      style={{ backgroundColor: color }}
    />
  );
}
