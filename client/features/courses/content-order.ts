import type { StructureModule } from "./types.js";

/**
 * The optimistic side of drag reorder (docs/SPEC.md §4): the structure as it will be after a drop, computed
 * the way the server will store it (docs/decisions/0004-ordering.md), so the screen does not jump when
 * the server's answer replaces it.
 */

function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const result = [...items];
  const [item] = result.splice(from, 1);
  if (item !== undefined) result.splice(to, 0, item);
  return result;
}

export function moveModule(modules: readonly StructureModule[], from: number, to: number): StructureModule[] {
  return moved(modules, from, to).map((module, index) => ({ ...module, orderIndex: index }));
}

export interface LessonMove {
  modules: StructureModule[];
  /** The module the lesson landed in, with its lessons in their new order: the reorder call's list. */
  target: StructureModule;
  lesson: StructureModule["lessons"][number];
}

/** Moves a lesson within its module or into another; null when an id does not match the structure. */
export function moveLesson(
  modules: readonly StructureModule[],
  from: { moduleId: number; index: number },
  to: { moduleId: number; index: number },
): LessonMove | null {
  const source = modules.find((module) => module.id === from.moduleId);
  const destination = modules.find((module) => module.id === to.moduleId);
  const lesson = source?.lessons[from.index];
  if (!source || !destination || !lesson) return null;

  const renumber = (lessons: StructureModule["lessons"]) =>
    lessons.map((each, index) => ({ ...each, orderIndex: index }));
  let next: StructureModule[];
  if (source.id === destination.id) {
    next = modules.map((module) =>
      module.id === source.id ? { ...module, lessons: renumber(moved(module.lessons, from.index, to.index)) } : module,
    );
  } else {
    const remaining = source.lessons.filter((_, index) => index !== from.index);
    const arrived = [...destination.lessons];
    arrived.splice(to.index, 0, lesson);
    next = modules.map((module) => {
      if (module.id === source.id) return { ...module, lessons: renumber(remaining) };
      if (module.id === destination.id) return { ...module, lessons: renumber(arrived) };
      return module;
    });
  }
  const target = next.find((module) => module.id === destination.id);
  return target ? { modules: next, target, lesson } : null;
}

/** A list as the reorder calls take it: each id with its new position. */
export function positionsOf(items: ReadonlyArray<{ id: number }>): Array<{ id: number; orderIndex: number }> {
  return items.map((item, index) => ({ id: item.id, orderIndex: index }));
}
