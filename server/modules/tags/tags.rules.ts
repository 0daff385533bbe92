import { fail } from "#server/platform/http/errors.js";
import { TAG_MESSAGES, type TagType } from "#shared/schemas/tags.js";

/** The tag tree's rules (docs/SPEC.md §5), on plain values: a department at the top, its roles below it. */

/** A department has no parent. */
export function assertTopLevel(type: TagType, parentId: number | null | undefined): void {
  if (type === "department" && parentId != null) throw fail.badRequest(TAG_MESSAGES.departmentHasNoParent);
}

/** A role's parent is a department of the organization (none found: "not found"). */
export function assertRoleParent(parent: { type: TagType } | null): void {
  if (!parent) throw fail.notFound(TAG_MESSAGES.parentNotFound);
  if (parent.type !== "department") throw fail.badRequest(TAG_MESSAGES.parentNotDepartment);
}

/** Only departments have a colour. */
export function assertColorAllowed(type: TagType, color: string | null | undefined): void {
  if (type === "role" && color) throw fail.badRequest(TAG_MESSAGES.colorOnlyDepartments);
}

/** Names are unique among siblings, whatever their case; `exceptId` is the tag being renamed. */
export function assertNameFree(
  name: string,
  type: TagType,
  siblings: readonly { id: number; name: string }[],
  exceptId?: number,
): void {
  const key = name.toLocaleLowerCase();
  if (siblings.some((tag) => tag.id !== exceptId && tag.name.toLocaleLowerCase() === key)) {
    throw fail.conflict(
      type === "department"
        ? `A department named "${name}" already exists.`
        : `A role named "${name}" already exists in this department.`,
    );
  }
}
