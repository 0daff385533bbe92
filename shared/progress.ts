/**
 * Progress through a course or a module (docs/SPEC.md §9): completed divided by total, as a rounded percent.
 * Nothing to do counts as done, so an empty course shows 100% (decision 0190).
 */
export function progressPercent(completed: number, total: number): number {
  if (total <= 0) return 100;
  // A completion of a lesson that has since moved away must not push the bar past either end.
  const done = Math.min(Math.max(completed, 0), total);
  return Math.round((done / total) * 100);
}

/**
 * Whether every lesson is done: the one rule behind "Course complete", the "completed" status of My training
 * and the reports, and their completion dates. An empty course is complete, as progressPercent shows it at
 * 100 % (decision 0190); it has no completion date, since nobody completed anything in it.
 */
export function isCourseComplete(completed: number, total: number): boolean {
  return completed >= total;
}
