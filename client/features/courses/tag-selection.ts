import type { TriState } from "#client/components/ui/tri-state-checkbox.js";
import type { TagDepartment } from "./types.js";

/**
 * The tags tree's rules (docs/SPEC.md §2 "Create and edit course"), kept apart from the rendering so they read as
 * rules: a department stands for all of its roles. Checking it selects the department and every role;
 * unchecking it clears them all; a department whose roles are only partly selected is "indeterminate"
 * and is not itself selected; selecting the last missing role selects the department too.
 */

export function departmentState(department: TagDepartment, selected: ReadonlySet<number>): TriState {
  if (selected.has(department.id)) return true;
  const chosen = department.roles.filter((role) => selected.has(role.id)).length;
  return chosen > 0 ? "indeterminate" : false;
}

export function toggleDepartment(department: TagDepartment, selected: readonly number[], checked: boolean): number[] {
  const family = new Set([department.id, ...department.roles.map((role) => role.id)]);
  const rest = selected.filter((id) => !family.has(id));
  return checked ? [...rest, ...family] : rest;
}

export function toggleRole(
  department: TagDepartment,
  roleId: number,
  selected: readonly number[],
  checked: boolean,
): number[] {
  const next = new Set(selected);
  if (checked) next.add(roleId);
  else next.delete(roleId);
  const allRoles = department.roles.length > 0 && department.roles.every((role) => next.has(role.id));
  if (allRoles) next.add(department.id);
  else next.delete(department.id);
  return [...next];
}
