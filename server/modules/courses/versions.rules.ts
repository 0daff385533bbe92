import { fail } from "#server/platform/http/errors.js";

/**
 * Edit versions of courses, modules and lessons (docs/decisions/0050-edit-versions.md). An editor's save
 * names the version it started from; the row is read after its course was locked (course-access.ts), so
 * no other save can change it between this check and the commit, and a stale save is refused whole.
 */
export interface Versioned {
  version: number;
}

/** A save based on another version than the row's current one: 409 and nothing changes. Without one: as always. */
export function assertCurrentVersion(row: Versioned, expected: number | undefined, message: string): void {
  if (expected !== undefined && expected !== row.version) throw fail.conflict(message);
}

/** Sets the given fields that differ from the row's (undefined ones are left alone); true when any did. */
export function setChangedFields<T extends Versioned, K extends keyof T>(
  row: T,
  changes: { [Key in K]?: T[Key] | undefined },
): boolean {
  let changed = false;
  for (const key of Object.keys(changes) as K[]) {
    const value = changes[key];
    if (value === undefined || row[key] === value) continue;
    row[key] = value as T[K];
    changed = true;
  }
  return changed;
}

/** One more version when the save changed anything: a save that changes nothing leaves others' saves valid. */
export function countVersion(row: Versioned, changed: boolean): void {
  if (changed) row.version += 1;
}
