/**
 * Progress through a course or a module (docs/SPEC.md §9): completed divided by total, as a rounded percent.
 * Nothing to do counts as done, so an empty course shows 100%.
 */
export function progressPercent(completed: number, total: number): number {
  if (total <= 0) return 100;
  // A completion of a lesson that has since moved away must not push the bar past either end.
  const done = Math.min(Math.max(completed, 0), total);
  return Math.round((done / total) * 100);
}
