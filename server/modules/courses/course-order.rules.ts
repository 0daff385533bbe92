/**
 * The ordering rules of docs/decisions/0004-ordering.md as pure functions: which order a reorder asks
 * for, whether it names exactly what it must, and the dense positions that result. The routers load
 * the current rows (under the course lock), ask these functions, and write the answer.
 */

export interface SubmittedPosition {
  id: number;
  orderIndex: number;
}

/** The submitted ids in their new order. Positions are a sort key; what is stored is 0..n-1. */
export function idsInSubmittedOrder(items: readonly SubmittedPosition[]): number[] {
  return [...items].sort((a, b) => a.orderIndex - b.orderIndex).map((item) => item.id);
}

export function sameIdSet(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((id) => set.has(id));
}

/** True when the caller did not say what it saw, or saw exactly the current order. */
export function matchesExpectedOrder(current: readonly number[], expected: readonly number[] | undefined): boolean {
  return expected === undefined || (expected.length === current.length && expected.every((id, i) => current[i] === id));
}

/** What stays of an ordered list once some of its ids have left it: the same order, closed up. */
function withoutIds(ordered: readonly number[], leaving: ReadonlySet<number>): number[] {
  return ordered.filter((id) => !leaving.has(id));
}

export interface PlacedLesson {
  id: number;
  moduleId: number;
}

export interface LessonReorderPlan {
  /** The target module's lessons in their new order. */
  target: number[];
  /** Each module that lessons moved out of, with its remaining lessons in their kept order. */
  sources: Map<number, number[]>;
}

/**
 * A lesson reorder names the target module's lessons in their new order. It must name every lesson the
 * module has now, and may also name lessons of other modules of the same course, which move into it.
 * Anything else (a lesson deleted meanwhile, one of another course, an unknown id) means the caller's
 * list is out of date: null, and nothing changes.
 *
 * `courseLessons` is every lesson of the course, ordered by module position then lesson position.
 */
export function planLessonReorder(
  targetModuleId: number,
  courseLessons: readonly PlacedLesson[],
  submitted: readonly SubmittedPosition[],
): LessonReorderPlan | null {
  const moduleOf = new Map(courseLessons.map((lesson) => [lesson.id, lesson.moduleId]));
  const target = idsInSubmittedOrder(submitted);
  if (!target.every((id) => moduleOf.has(id))) return null;
  const named = new Set(target);
  const current = courseLessons.filter((lesson) => lesson.moduleId === targetModuleId);
  if (!current.every((lesson) => named.has(lesson.id))) return null;

  const movingIn = new Set(target.filter((id) => moduleOf.get(id) !== targetModuleId));
  const sources = new Map<number, number[]>();
  for (const lesson of courseLessons) {
    if (lesson.moduleId === targetModuleId || !movingIn.has(lesson.id)) continue;
    sources.set(lesson.moduleId, []);
  }
  for (const moduleId of sources.keys()) {
    const ordered = courseLessons.filter((lesson) => lesson.moduleId === moduleId).map((lesson) => lesson.id);
    sources.set(moduleId, withoutIds(ordered, movingIn));
  }
  return { target, sources };
}
